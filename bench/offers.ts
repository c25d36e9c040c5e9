/**
 * The offer's limit check as a write pays for it: offers made one after the other on requests
 * routed to the bench funder (the decision route, its limit check over the funder's book
 * included), timed from the client. An offer the limits refuse (409 `credit_limit`) has run the
 * whole check too and counts beside the accepted ones. Used by `npm run bench` after the reads.
 */
import { GATE, runAs } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { median } from './stats.ts';

export interface OfferFigures {
  offers: number;
  medianMs: number;
  p90Ms: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

/** `count` offers on the funder's requests under review or with terms sent, one at a time. */
export async function measureOffers(
  db: Db,
  base: string,
  auth: Record<string, string>,
  funderId: string,
  count = 60,
): Promise<OfferFigures> {
  const { rows } = await runAs(GATE, () =>
    db.query<{ id: string }>(
      `SELECT id::text FROM funding_requests
        WHERE assigned_funder_id = $1 AND status IN ('under_review', 'terms_sent')
        ORDER BY id LIMIT $2`,
      [funderId, count],
    ),
  );
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (const { id } of rows) {
    const started = performance.now();
    const answer = await fetch(`${base}/v1/requests/${id}/decision`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 }),
    });
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    offers: times.length,
    medianMs: median(times),
    p90Ms: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
    statuses,
  };
}
