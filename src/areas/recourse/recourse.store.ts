import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  defineKeyset,
  type KeyPosition,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from '../../platform/db/keyset.ts';
import { type LockOption, lockClause, scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import type { KeyedRow } from '../../platform/pagination.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

export type ClaimKind = 'recourse' | 'debtor_default';
export type ClaimStatus = 'open' | 'settled' | 'withdrawn' | 'written_off';

export interface ClaimRow {
  id: string;
  plane: Plane;
  funder_id: string;
  request_id: string;
  request_ref: string;
  seller_id: string;
  seller_name: string;
  kind: ClaimKind;
  status: ClaimStatus;
  due_date: string;
  recourse_days: number;
  opens_on: string;
  amount_advanced: string;
  fees: string;
  collected: string;
  claim_amount: string;
  paid_since_opened: string;
  pay_to_iban: string | null;
  pay_reference: string;
  opened_at: Date;
  closed_at: Date | null;
  settled_by: 'recourse' | 'request_settled' | null;
  close_reason: string | null;
}

const CLAIM_COLUMNS = `c.id, c.plane, c.funder_id, c.request_id, r.request_ref, r.seller_id, s.name AS seller_name,
  c.kind, c.status, c.due_date::text AS due_date, c.recourse_days, c.opens_on::text AS opens_on,
  c.amount_advanced::text AS amount_advanced, c.fees::text AS fees, c.collected::text AS collected,
  c.claim_amount::text AS claim_amount, c.paid_since_opened::text AS paid_since_opened,
  c.pay_to_iban,
  c.pay_reference, c.opened_at, c.closed_at, c.settled_by, c.close_reason`;

const CLAIM_FROM = `recourse_claims c JOIN funding_requests_read r ON r.id = c.request_id
  JOIN sellers_read s ON s.id = r.seller_id`;

// ------------------------------------------------------------------ opening (the worker)

/** A funded factoring request whose claim day has come (Madrid date `today`) and has no claim. */
export interface DueRequest {
  id: string;
  due_date: string;
  recourse_days: number;
  /** The sandbox key that made the request (its events are that key's), else null. */
  sandbox_key_id: string | null;
}

/**
 * Funded factoring requests with a claim rule (`recourse_days` in the terms they were routed
 * under) whose earliest invoice due date plus that many days is on or before `today`, and no
 * claim yet. Operations side: the worker crosses funders.
 */
export async function dueRequestsForOps(
  q: Queryable,
  today: string,
  limit: number,
  onlyIds: string[] | null = null,
): Promise<DueRequest[]> {
  const { rows } = await q.query<DueRequest>(
    `SELECT r.id, d.due_date::text AS due_date, (r.programme_terms->>'recourse_days')::int AS recourse_days,
            r.sandbox_key_id::text AS sandbox_key_id
       FROM funding_requests_read r
       CROSS JOIN LATERAL (
         SELECT min(i.due_date) AS due_date
           FROM request_invoices_read ri JOIN invoices_read i ON i.id = ri.invoice_id
          WHERE ri.request_id = r.id) d
      WHERE r.status = 'funded' AND r.type = 'factoring' AND r.funder_of_record_id IS NOT NULL
        AND jsonb_typeof(r.programme_terms->'recourse_days') = 'number'
        AND d.due_date IS NOT NULL
        AND d.due_date + (r.programme_terms->>'recourse_days')::int <= $1::date + r.sandbox_offset_days
        AND NOT EXISTS (SELECT 1 FROM recourse_claims c WHERE c.request_id = r.id)
        AND ($3::uuid[] IS NULL OR r.id = ANY ($3::uuid[]))
      ORDER BY r.id
      LIMIT $2`,
    [today, limit, onlyIds],
  );
  return rows;
}

/** What a claim is computed from: the request's amounts and the fee of its accepted offer. */
export interface ClaimFigures {
  recourse: string;
  funded_amount: string | null;
  advance_amount: string;
  total_amount: string;
  settled_amount: string;
  offer_rate: string | null;
}

export async function claimFiguresForOps(q: Queryable, requestId: string): Promise<ClaimFigures | null> {
  const { rows } = await q.query<ClaimFigures>(
    `SELECT coalesce(r.programme_terms->>'recourse', 'with') AS recourse,
            r.funded_amount::text AS funded_amount, r.advance_amount::text AS advance_amount,
            r.total_amount::text AS total_amount, r.settled_amount::text AS settled_amount,
            o.rate::text AS offer_rate
       FROM funding_requests_read r LEFT JOIN offers_read o ON o.id = r.accepted_offer_id
      WHERE r.id = $1`,
    [requestId],
  );
  return rows[0] ?? null;
}

export interface NewClaim {
  id: string;
  plane: Plane;
  funderId: string;
  requestId: string;
  kind: ClaimKind;
  dueDate: string;
  recourseDays: number;
  opensOn: string;
  amountAdvanced: string;
  fees: string;
  collected: string;
  claimAmount: string;
  payToIban: string | null;
  payReference: string;
  at: Date;
}

/** Inserts the request's claim; false when it already has one (another worker opened it). */
export async function insertClaimForOps(q: Queryable, claim: NewClaim): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO recourse_claims (id, plane, funder_id, request_id, kind, status, due_date, recourse_days,
                                  opens_on, amount_advanced, fees, collected, claim_amount, pay_to_iban,
                                  pay_reference, opened_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
     ON CONFLICT (request_id) DO NOTHING
     RETURNING id`,
    [
      claim.id,
      claim.plane,
      claim.funderId,
      claim.requestId,
      claim.kind,
      claim.dueDate,
      claim.recourseDays,
      claim.opensOn,
      claim.amountAdvanced,
      claim.fees,
      claim.collected,
      claim.claimAmount,
      claim.payToIban,
      claim.payReference,
      claim.at,
    ],
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------ the funder's claims

/**
 * A claim by id on a request the funder can see (its own, or another funder's on a request it
 * once acted on: the caller tells them apart by `funder_id`).
 */
export function findVisibleClaim(q: Queryable, scope: FunderScope, id: string, options: LockOption = {}) {
  return scopedRow<ClaimRow>(
    q,
    scope,
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM}
      WHERE c.id = $3 AND c.plane = $2 AND r.plane = $2
        AND (c.funder_id = $1 OR ${visibleToFunder('r', '$1')})${lockClause(options.lock, 'c')}`,
    [id],
  );
}

/** The funder's open claim on a request, locked for the payment being recorded. */
export function openClaimOfRequest(q: Queryable, scope: FunderScope, requestId: string) {
  return scopedRow<ClaimRow>(
    q,
    scope,
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM}
      WHERE c.request_id = $3 AND c.funder_id = $1 AND c.plane = $2 AND c.status = 'open'
      FOR UPDATE OF c`,
    [requestId],
  );
}

/** The claims' order: open first, then the newest, then by id. */
export const CLAIM_ORDER = defineKeyset('recourse', [
  { sql: "(c.status = 'open')", type: 'boolean', desc: true },
  { sql: 'c.opened_at', type: 'timestamp', desc: true },
  { sql: 'c.id', type: 'uuid', desc: true },
]);

/** Up to `limit` of the funder's claims (null: all) after `after` (null: from the first), in CLAIM_ORDER. */
export function listClaims(
  q: Queryable,
  scope: FunderScope,
  status: ClaimStatus | null,
  page: { limit: number | null; after: KeyPosition | null },
) {
  const after = keysetAfter(CLAIM_ORDER, page.after, 5);
  return scopedRows<ClaimRow & KeyedRow>(
    q,
    scope,
    `SELECT ${CLAIM_COLUMNS}, ${keysetKey(CLAIM_ORDER)} FROM ${CLAIM_FROM}
      WHERE c.funder_id = $1 AND c.plane = $2 AND ($3::text IS NULL OR c.status = $3)${after.sql}
      ORDER BY ${keysetOrder(CLAIM_ORDER)} LIMIT $4`,
    [status, page.limit, ...after.params],
  );
}

/** Every claim of the funder counted by kind and status. */
export function claimCounts(
  q: Queryable,
  scope: FunderScope,
): Promise<{ kind: ClaimKind; status: ClaimStatus; count: number; claim_amount: string }[]> {
  return scopedRows<{ kind: ClaimKind; status: ClaimStatus; count: number; claim_amount: string }>(
    q,
    scope,
    `SELECT kind, status, count(*)::int AS count, sum(claim_amount)::text AS claim_amount
       FROM recourse_claims WHERE funder_id = $1 AND plane = $2
      GROUP BY kind, status`,
  );
}

export interface BookGroup {
  recourse: 'with' | 'without' | 'not_recorded';
  requests: number;
  face_value_outstanding: string;
  amount_advanced: string;
  with_claim_rule: number;
  confidential: number;
}

/**
 * The funder's funded factoring requests (funded, not settled, it is the funder of record)
 * grouped by the recourse of the terms they were routed under; `not_recorded` for requests
 * routed before terms were recorded.
 */
export function bookByRecourse(q: Queryable, scope: FunderScope) {
  return scopedRows<BookGroup>(
    q,
    scope,
    `SELECT coalesce(r.programme_terms->>'recourse', 'not_recorded') AS recourse,
            count(*)::int AS requests,
            sum(r.total_amount - r.settled_amount)::text AS face_value_outstanding,
            sum(coalesce(r.funded_amount, r.advance_amount))::text AS amount_advanced,
            count(*) FILTER (WHERE jsonb_typeof(r.programme_terms->'recourse_days') = 'number')::int
              AS with_claim_rule,
            count(*) FILTER (WHERE r.programme_terms->>'disclosure' = 'confidential')::int AS confidential
       FROM funding_requests_read r
      WHERE r.funder_of_record_id = $1 AND r.plane = $2 AND r.status = 'funded' AND r.type = 'factoring'
      GROUP BY 1`,
  );
}

// ------------------------------------------------------------------ changes

/** A payment recorded on the request since the claim opened; settles it when `settledBy`. */
export async function addPayment(
  q: Queryable,
  scope: FunderScope,
  id: string,
  amount: string,
  settledBy: 'recourse' | 'request_settled' | null,
  at: Date,
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `UPDATE recourse_claims
        SET paid_since_opened = paid_since_opened + $4::numeric,
            status = CASE WHEN $5::text IS NULL THEN status ELSE 'settled' END,
            settled_by = $5, closed_at = CASE WHEN $5::text IS NULL THEN NULL ELSE $6::timestamptz END,
            updated_at = $6
      WHERE id = $3 AND funder_id = $1 AND plane = $2 AND status = 'open'`,
    [id, amount, settledBy, at],
  );
}

/** The funder withdraws or writes off its open claim. */
export async function closeClaim(
  q: Queryable,
  scope: FunderScope,
  id: string,
  status: 'withdrawn' | 'written_off',
  reason: string,
  at: Date,
): Promise<boolean> {
  const closed = await scopedCount(
    q,
    scope,
    `UPDATE recourse_claims SET status = $4, close_reason = $5, closed_at = $6, updated_at = $6
      WHERE id = $3 AND funder_id = $1 AND plane = $2 AND status = 'open'`,
    [id, status, reason, at],
  );
  return closed > 0;
}

/** A claim by id for the operations team (the seller's repayment), locked. */
export async function findClaimForOps(q: Queryable, id: string): Promise<ClaimRow | null> {
  const { rows } = await q.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = $1 FOR UPDATE OF c`,
    [id],
  );
  return rows[0] ?? null;
}
