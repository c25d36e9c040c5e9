import { describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.ts';
import { expectOk } from './support/errors.ts';
import { limitsKit } from './support/limits-fixtures.ts';
import { startGiven } from './support/service.ts';
import { runDueJobs } from './support/worker.ts';

/**
 * Nothing stale (issue 45): the exposure lines the writes keep (migration 0075) are, after a
 * walk through every transition that moves an exposure, row for row what a fresh computation
 * from the base tables gives. Offers made, replaced, left to expire and withdrawn by a
 * re-routing; the seller's acceptance and rejection; fundings; payments by settle, statement
 * and recourse, in parts; a seller's paid flag set and cleared; a decline after approval; a
 * cancellation; a debtor renamed; two funders at once.
 */
const { service } = startGiven();
const { given, funderWithKey } = limitsKit(() => service);

interface Difference {
  side: string;
  request_id: string;
  invoice_id: string;
  stage: string;
}

/** Rows kept and rows computed afresh that differ, either way (as the connecting role). */
async function differences(): Promise<{ kept: number; stages: string[]; differ: Difference[] }> {
  const fresh = 'SELECT * FROM funder_exposure_lines_of(ARRAY(SELECT id FROM funding_requests))';
  const { rows: differ } = await service.db.query<Difference>(
    `(SELECT 'kept only' AS side, request_id::text, invoice_id::text, stage FROM
        (SELECT * FROM funder_exposure_lines EXCEPT ${fresh}) k)
     UNION ALL
     (SELECT 'fresh only', request_id::text, invoice_id::text, stage FROM
        (${fresh} EXCEPT SELECT * FROM funder_exposure_lines) f)`,
  );
  const { rows } = await service.db.query<{ n: number; stages: string[] }>(
    'SELECT count(*)::int AS n, coalesce(array_agg(DISTINCT stage ORDER BY stage), $1) AS stages FROM funder_exposure_lines',
    [[]],
  );
  return { kept: rows[0]!.n, stages: rows[0]!.stages, differ };
}

describe('kept exposure lines', () => {
  it('equal a fresh computation after every transition, for two funders', async () => {
    const a = await funderWithKey();
    const b = await funderWithKey();
    const debtors = [await given.debtor(), await given.debtor(), await given.debtor()];
    const d2 = debtors[1]!;
    const decide = async (key: string, id: string, body: Record<string, unknown>) =>
      expectOk(
        await service.call(key, 'POST', `/v1/requests/${id}/decision`, { body }),
        body.decision as string,
      );
    const made = (bankId: string, amounts: number[]) =>
      given.request({
        bankId,
        invoices: amounts.map((amount, i) => ({ debtor: debtors[i % 3]!, amount, dueInDays: 3 + i * 20 })),
      });

    // Funded, paid in three parts from three sources, one invoice marked paid by the seller and
    // the flag taken back.
    const paid = await made(a.bankId, [3000, 1000, 2000]);
    await given.funded(a.key, paid.id);
    await given.settle(a.key, paid.id, 1000);
    await service.db.query(
      `INSERT INTO settlements (id, plane, request_id, funder_id, amount, received_at, source, recorded_at)
       VALUES ($1, 'live', $2, $3, '250.00', now(), 'statement', now()),
              ($4, 'live', $2, $3, '125.50', now(), 'recourse', now())`,
      [newId(), paid.id, a.bankId, newId()],
    );
    const at = service.runtime.clock.now().toISOString();
    await given.markPaidBySeller(paid.invoices[0]!.id, at);
    await given.markPaidBySeller(paid.invoices[1]!.id, at);
    await given.markPaidBySeller(paid.invoices[1]!.id, null);

    // Settled in full: it leaves the book.
    const settled = await made(a.bankId, [500]);
    await given.funded(a.key, settled.id);
    await given.settle(a.key, settled.id, 500);

    // Offered, the offer replaced; offered, then left to expire.
    const replaced = await made(a.bankId, [700, 300]);
    expectOk(await given.offer(a.key, replaced.id, { valid_days: 2 }), 'offer');
    expectOk(await given.offer(a.key, replaced.id, { valid_days: 5, rate: 3 }), 'replacement');
    const expiring = await made(a.bankId, [400]);
    expectOk(await given.offer(a.key, expiring.id, { valid_days: 1 }), 'offer');

    // Accepted (committed), then declined by the funder after approval.
    const committed = await made(a.bankId, [800, 200]);
    expectOk(await given.offer(a.key, committed.id), 'offer');
    await given.accept(committed.id);
    const stepped = await made(a.bankId, [900]);
    expectOk(await given.offer(a.key, stepped.id), 'offer');
    await given.accept(stepped.id);
    await decide(a.key, stepped.id, { decision: 'decline', notes: 'We step back from these terms.' });

    // Rejected by the seller; cancelled while offered.
    const rejected = await made(a.bankId, [600]);
    expectOk(await given.offer(a.key, rejected.id), 'offer');
    expectOk(
      await service.ops('POST', `/ops/v1/requests/${rejected.id}/seller-answer`, { answer: 'reject' }),
      'reject',
    );
    const cancelled = await made(a.bankId, [650]);
    expectOk(await given.offer(a.key, cancelled.id), 'offer');
    expectOk(await service.ops('POST', `/ops/v1/requests/${cancelled.id}/cancel`, {}), 'cancel');

    // Offered by A, re-routed to B (A's offer withdrawn), offered by B, funded by B.
    const moved = await made(a.bankId, [1200, 800]);
    expectOk(await given.offer(a.key, moved.id), 'offer');
    expectOk(await service.ops('POST', `/ops/v1/requests/${moved.id}/route`, { bank_id: b.bankId }), 'route');
    await given.funded(b.key, moved.id);
    await given.settle(b.key, moved.id, 333.33);

    // A debtor renamed (its lines carry its name).
    await service.db.query(`UPDATE debtors SET name = name || ' Renamed' WHERE id = $1`, [d2.id]);
    // Two days on: the one-day offer has run out; the worker marks it expired.
    await service.advanceClock(2 * 86_400);
    await runDueJobs(service);

    const { kept, stages, differ } = await differences();
    expect(differ).toEqual([]);
    // The walk left lines in every stage, for both funders.
    expect(stages).toEqual(['committed', 'offered', 'outstanding']);
    expect(kept).toBeGreaterThanOrEqual(8);
    const { rows } = await service.db.query<{ funder_id: string }>(
      'SELECT DISTINCT funder_id::text FROM funder_exposure_lines WHERE funder_id = ANY($1::uuid[])',
      [[a.bankId, b.bankId]],
    );
    expect(rows.map((row) => row.funder_id).sort()).toEqual([a.bankId, b.bankId].sort());
  }, 120_000);
});
