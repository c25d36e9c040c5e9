import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drainJobs,
  type ExportView,
  getExport,
  readAll,
  unzipExport,
} from '../../../test/support/exports.ts';
import {
  type FunderFixture,
  type RequestFixture,
  requestsGiven,
} from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';

let service: TestService;
let given: ReturnType<typeof requestsGiven>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exports-visibility-'));
  service = await startService({ config: { dataDir } });
  given = requestsGiven(service);
});
afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function exported(funder: FunderFixture): Promise<Map<string, string>> {
  const asked = await service.call<{ export: ExportView }>(funder.key, 'POST', '/v1/exports', { body: {} });
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await drainJobs(service);
  const view = await getExport(service, funder.key, asked.body.export.id);
  expect(view.status).toBe('ready');
  return readAll(await unzipExport(service, view));
}

/** The values of one field in an entity's JSON Lines file, sorted. */
function column(files: Map<string, string>, entity: string, field: string): string[] {
  const text = files.get(`${entity}.jsonl`)!;
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => String((JSON.parse(line) as Record<string, unknown>)[field]))
    .sort();
}

const route = async (request: { id: string }, funder: FunderFixture) => {
  const answer = await service.ops('POST', `/ops/v1/requests/${request.id}/route`, {
    bank_id: funder.bankId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

describe('an export after requests were routed away from the funder', () => {
  let a: FunderFixture;
  let b: FunderFixture;
  let acted: RequestFixture;
  let left: RequestFixture;
  let kept: RequestFixture;

  beforeAll(async () => {
    a = await given.funder();
    b = await given.funder();
    // A made an offer on `acted`, then it went to B; `left` went to B before A did anything;
    // `kept` stays with A.
    acted = await given.routedRequest({ funder: a, invoices: 2 });
    await given.offerFrom(a, acted);
    await route(acted, b);
    left = await given.routedRequest({ funder: a, invoices: 1 });
    await route(left, b);
    kept = await given.routedRequest({ funder: a, invoices: 1 });
  });

  it('holds what the funder acted on and what is routed to it, with their invoices, debtors and sellers, and nothing of a request it only saw once', async () => {
    const files = await exported(a);
    expect(column(files, 'requests', 'id')).toEqual([acted.id, kept.id].sort());
    expect(column(files, 'requests', 'routed_to_you_now')).toEqual(['false', 'true']);
    expect(column(files, 'invoices', 'id')).toEqual(
      [...acted.invoices, ...kept.invoices].map((i) => i.id).sort(),
    );
    expect(column(files, 'debtors', 'id')).toEqual(
      [...acted.invoices, ...kept.invoices].map((i) => i.debtor.id).sort(),
    );
    expect(column(files, 'sellers', 'id')).toEqual([acted.seller.id, kept.seller.id].sort());
    expect(column(files, 'notices', 'request_id').every((id) => id !== left.id)).toBe(true);
    // (The funder's evidence chain keeps the routing it was told of: that is its own history.)
    for (const entity of ['requests', 'request_history', 'offers', 'invoices', 'invoice_checks', 'notices']) {
      expect(files.get(`${entity}.jsonl`)!.includes(left.id), entity).toBe(false);
    }
  });

  it('holds, for the funder they are routed to now, both requests routed away from the other', async () => {
    const files = await exported(b);
    expect(column(files, 'requests', 'id')).toEqual([acted.id, left.id].sort());
    expect(column(files, 'invoices', 'id')).toEqual(
      [...acted.invoices, ...left.invoices].map((i) => i.id).sort(),
    );
    expect(column(files, 'sellers', 'id')).toEqual([acted.seller.id, left.seller.id].sort());
  });
});
