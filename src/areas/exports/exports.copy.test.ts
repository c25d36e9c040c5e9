import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database.ts';
import { type FunderFixture, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import type { FunderScope } from '../../platform/caller.ts';
import {
  copyEntityLines,
  ENTITIES,
  type Entity,
  exportReadTransaction,
  readEntityForRequests,
  readEntityPage,
  visibleRequestIds,
} from './exports.content.store.ts';
import { CopyBinaryLines } from './exports.formats.ts';

/** Text that CSV, JSON and COPY each escape their own way, and a formula to neutralise. */
const TRICKY = '=1+1, "quoted" \\ back\tslash\r\nnew line; ümlaut € 𝄞';

/** An entity's files as the page path (PGlite) writes them: lines read as rows, pages of 2. */
async function byPages(service: TestService, scope: FunderScope, entity: Entity) {
  let csv = '';
  let json = '';
  if (entity.byRequest) {
    for (let after: string | null = null; ; ) {
      const ids = await visibleRequestIds(service.db, scope, after, 2);
      const lines = await readEntityForRequests(service.db, scope, entity, ids);
      csv += lines.csv;
      json += lines.json;
      if (ids.length < 2) break;
      after = ids.at(-1)!;
    }
  } else {
    for (let after: unknown[] | null = null; ; ) {
      const page = await readEntityPage(service.db, scope, entity, after, 2);
      csv += page.csv;
      json += page.json;
      if (page.count < 2) break;
      after = page.last;
    }
  }
  return { csv, json };
}

/** The same files from COPY's binary stream, its chunks cut as `cut` says. */
async function byCopy(
  service: TestService,
  scope: FunderScope,
  entity: Entity,
  cut: (chunk: Buffer) => Buffer[] = (chunk) => [chunk],
) {
  const csv: Buffer[] = [];
  const json: Buffer[] = [];
  const lines = new CopyBinaryLines();
  await exportReadTransaction(service.db, (tx) =>
    copyEntityLines(tx, scope, entity, async (chunks) => {
      for await (const chunk of chunks) {
        for (const piece of cut(chunk)) {
          lines.push(piece);
          // What `take` answers is reused by the next push: copied out at once.
          const taken = lines.take();
          csv.push(Buffer.from(taken.csv));
          json.push(Buffer.from(taken.json));
        }
      }
    }),
  );
  lines.end();
  return {
    csv: Buffer.concat(csv).toString('utf8'),
    json: Buffer.concat(json).toString('utf8'),
    rows: lines.rows,
  };
}

describe.skipIf(!onPostgres())('rows read with COPY TO STDOUT (PostgreSQL)', () => {
  let service: TestService;
  let funder: FunderFixture;
  let scope: FunderScope;

  beforeAll(async () => {
    service = await startService();
    const given = requestsGiven(service);
    funder = await given.funder();
    scope = { funderId: funder.bankId, plane: 'live' };
    await given.offeredRequest({ funder, offer: { notes: TRICKY } });
    await given.fundedRequest({ funder });
    await given.settledRequest({ funder });
    await given.declinedRequest({ funder });
    const limit = await service.call(funder.key, 'PUT', '/v1/credit-limits', {
      body: { debtor_tax_id: 'A61616161', debtor_country: 'ES', amount: 10_000, note: TRICKY },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const hook = await service.call(funder.key, 'POST', '/v1/webhooks', {
      body: { url: 'https://hooks.acme-bank.com/funder-api', description: TRICKY },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('give every entity the same CSV and JSON Lines as the pages read as rows, byte for byte', async () => {
    const filled: string[] = [];
    for (const entity of ENTITIES) {
      const expected = await byPages(service, scope, entity);
      const got = await byCopy(service, scope, entity);
      expect(got.csv, `${entity.name}.csv`).toBe(expected.csv);
      expect(got.json, `${entity.name}.jsonl`).toBe(expected.json);
      expect(got.rows, entity.name).toBe(expected.json.split('\n').length - 1);
      if (expected.json.length > 0) filled.push(entity.name);
    }
    // The comparison covers instants, dates, amounts, integers, booleans, JSON and lists.
    expect(filled).toEqual(
      expect.arrayContaining([
        'requests',
        'request_history',
        'offers',
        'invoices',
        'notices',
        'evidence_entries',
        'settlements',
        'credit_limits',
        'api_keys',
        'webhook_endpoints',
      ]),
    );
    const offers = await byCopy(service, scope, ENTITIES.find((e) => e.name === 'offers')!);
    expect(offers.json).toContain(JSON.stringify(TRICKY));
    expect(offers.csv).toContain(`"'${TRICKY.replaceAll('"', '""')}"`);
  });

  it('fail whole when the consumer fails mid-stream, and the next reads work', async () => {
    // Far more rows than the socket's buffers hold: the server is still sending when it stops.
    const entity: Entity = {
      name: 'numbers',
      description: 'a long read',
      alias: 'g',
      from: 'generate_series(1, 300000) g WHERE $1::uuid IS NOT NULL AND $2::text IS NOT NULL',
      key: [{ sql: 'g', type: 'integer' }],
      columns: [{ name: 'n', type: 'integer', sql: 'g' }],
    };
    await expect(
      exportReadTransaction(service.db, (tx) =>
        copyEntityLines(tx, scope, entity, async (chunks) => {
          for await (const _chunk of chunks) throw new Error('the build was stopped');
        }),
      ),
    ).rejects.toThrow('the build was stopped');
    // The connection left mid-COPY is closed, not pooled: every later read gets a clean one.
    const evidence = ENTITIES.find((e) => e.name === 'evidence_entries')!;
    for (let i = 0; i < 12; i++) {
      const again = await byCopy(service, scope, evidence);
      expect(again.json.length).toBeGreaterThan(0);
    }
  });

  it('read the same lines when the chunks split rows, lengths and characters anywhere', async () => {
    for (const name of ['offers', 'webhook_endpoints', 'evidence_entries']) {
      const entity = ENTITIES.find((e) => e.name === name)!;
      const whole = await byCopy(service, scope, entity);
      const bytes = await byCopy(service, scope, entity, (chunk) =>
        [...chunk].map((byte) => Buffer.from([byte])),
      );
      expect(bytes, name).toEqual(whole);
    }
  });

  it('refuse a stream that is not a binary COPY of two lines, or that stops short', async () => {
    const entity = ENTITIES.find((e) => e.name === 'offers')!;
    const raw: Buffer[] = [];
    await exportReadTransaction(service.db, (tx) =>
      copyEntityLines(tx, scope, entity, async (chunks) => {
        for await (const chunk of chunks) raw.push(Buffer.from(chunk));
      }),
    );
    const whole = Buffer.concat(raw);
    const read = (bytes: Buffer) => {
      const lines = new CopyBinaryLines();
      lines.push(bytes);
      lines.end();
      return lines.rows;
    };
    expect(read(whole)).toBeGreaterThan(0);
    // Cut inside the last row, or just before the end marker.
    expect(() => read(whole.subarray(0, whole.length - 5))).toThrow('the COPY ended in the middle of a row');
    expect(() => read(whole.subarray(0, whole.length - 2))).toThrow('the COPY ended in the middle of a row');
    expect(() => read(Buffer.concat([whole, Buffer.from([0])]))).toThrow('the COPY went on after its end');
    const text = Buffer.from(whole);
    text.write('PGCOPX', 0, 'latin1');
    expect(() => read(text)).toThrow('not a binary COPY');
  });
});
