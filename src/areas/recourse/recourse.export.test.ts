import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import {
  drainJobs,
  type ExportView,
  getExport,
  readAll,
  unzipExport,
} from '../../../test/support/exports.ts';
import { type FunderFixture, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { addDays } from '../../platform/clock.ts';

let service: TestService;
let given: ReturnType<typeof requestsGiven>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recourse-export-'));
  service = await startService({ config: { dataDir } });
  given = requestsGiven(service);
});
afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function withClaim(): Promise<{ funder: FunderFixture; requestId: string; dueDate: string }> {
  const funder = await given.funder();
  const terms = await service.call(funder.key, 'PUT', '/v1/programme', {
    body: { terms: { recourse: 'with', recourse_days: 1 }, reason: 'Programme for the test' },
  });
  expect(terms.status).toBe(200);
  const request = await given.fundedRequest({ funder, invoices: [{ dueInDays: 1 }] });
  return { funder, requestId: request.id, dueDate: request.invoices[0]!.due_date! };
}

describe('the export', () => {
  it('carries the funder’s own recourse claims and no other funder’s', async () => {
    const mine = await withClaim();
    const theirs = await withClaim();
    await moveClockToMadrid(service, addDays(mine.dueDate, 1), '00:30');
    const opened = await service.ops<{ opened: { request_id: string }[] }>('POST', '/ops/v1/recourse/run');
    expect(opened.body.opened.map((o) => o.request_id)).toEqual(
      expect.arrayContaining([mine.requestId, theirs.requestId]),
    );
    const asked = await service.call<{ export: ExportView }>(mine.funder.key, 'POST', '/v1/exports', {
      body: {},
    });
    expect(asked.status).toBe(202);
    await drainJobs(service);
    const ready = await getExport(service, mine.funder.key, asked.body.export.id);
    expect(ready.status).toBe('ready');
    expect(ready.row_counts?.recourse_claims).toBe(1);
    const files = await readAll(await unzipExport(service, ready));
    const rows = files
      .get('recourse_claims.jsonl')!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      request_id: mine.requestId,
      kind: 'recourse',
      status: 'open',
      claim_amount: '8200.00',
    });
    expect(files.get('recourse_claims.csv')).toContain(mine.requestId);
  });
});
