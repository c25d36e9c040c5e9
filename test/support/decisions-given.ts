import { expect } from 'vitest';
import { expectError } from './errors.ts';
import type { TestService } from './service.ts';

/** Shapes and calls the decisions area's tests share. */
export type Body = Record<string, unknown>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DAY_MS = 86_400_000;

/** An offer's body: the usual terms, with these over them (a member set to undefined is left out). */
export const offerBody = (terms: Body = {}): Body => ({
  decision: 'offer',
  rate: 2.5,
  advance_pct: 80,
  ...terms,
});

export function decisionsGiven(service: TestService) {
  const decide = (funder: { key: string }, request: { id: string }, body: unknown) =>
    service.call<Body>(funder.key, 'POST', `/v1/requests/${request.id}/decision`, { body });

  const consentLevel = (funder: { key: string }, request: { id: string }, body: unknown) =>
    service.call<Body>(funder.key, 'POST', `/v1/requests/${request.id}/consent-level`, { body });

  const packet = (funder: { key: string }, request: { id: string }) =>
    service.call<{
      request: Body & { status: string; settled_amount: number; consent_level_required: string | null };
      my_offer: (Body & { id: string; status: string; rate: number }) | null;
      debtor_consent: (Body & { status: string; level_required: string; meets_requirement: boolean })[];
    }>(funder.key, 'GET', `/v1/requests/${request.id}`);

  /** Everything a decision could change on a request, read straight from the database. */
  async function snapshot(request: { id: string }) {
    const q = <T>(sql: string) => service.db.query<T>(sql, [request.id]).then((r) => r.rows);
    return {
      request: (
        await q(
          `SELECT status, assigned_funder_id, consent_level_required, advance_amount, settled_amount, funder_of_record_id,
                  funded_value_date, funded_reference, accepted_offer_id, closed_at, close_reason, close_note, settled_at
             FROM funding_requests WHERE id = $1`,
        )
      )[0],
      offers: await q(
        'SELECT id, status, rate, advance_pct FROM offers WHERE request_id = $1 ORDER BY submitted_at, id',
      ),
      notices: await q(
        'SELECT debtor_id, status, level_required FROM debtor_notices WHERE request_id = $1 ORDER BY debtor_id',
      ),
      settlements: await q(
        'SELECT id, amount FROM settlements WHERE request_id = $1 ORDER BY recorded_at, id',
      ),
      history: await q<{ n: number }>('SELECT count(*)::int AS n FROM request_history WHERE request_id = $1'),
      evidence: await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM evidence_entries WHERE subject_id = $1::text`,
      ),
    };
  }

  /** A refusal: its status and code in the envelope, and the request exactly as before. Answers the answer. */
  async function expectRefused<A extends { status: number; body: unknown }>(
    request: { id: string },
    attempt: () => Promise<A>,
    status: number,
    code: string,
  ): Promise<A> {
    const before = await snapshot(request);
    const answer = await attempt();
    expectError(answer, status, code);
    expect(await snapshot(request)).toEqual(before);
    return answer;
  }

  return { decide, consentLevel, expectRefused, packet, snapshot };
}
