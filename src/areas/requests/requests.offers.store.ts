import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedStatement } from '../../platform/db/scoped.ts';
import { type NoRow, namedStatement, runStatement } from '../../platform/db/statements.ts';

export interface OfferRow {
  id: string;
  request_id: string;
  funder_id: string;
  rate: string;
  advance_pct: string;
  days: number;
  advance_amount: string;
  notes: string | null;
  valid_days: number;
  status: 'pending' | 'accepted' | 'rejected' | 'superseded' | 'expired' | 'withdrawn';
  submitted_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

/** The columns of an offer row, as `OfferRow` declares them. */
const OFFER_COLUMNS = `id, request_id, funder_id, rate, advance_pct, days, advance_amount, notes, valid_days, status,
       submitted_at, expires_at, accepted_at`;

const LATEST_OFFERS = namedStatement<OfferRow>()({
  name: 'request_latest_offers',
  columns: [
    'id',
    'request_id',
    'funder_id',
    'rate',
    'advance_pct',
    'days',
    'advance_amount',
    'notes',
    'valid_days',
    'status',
    'submitted_at',
    'expires_at',
    'accepted_at',
  ],
  sql: `SELECT DISTINCT ON (request_id) ${OFFER_COLUMNS} FROM offers
      WHERE funder_id = $1 AND plane = $2 AND request_id = ANY($3::uuid[])
      ORDER BY request_id, submitted_at DESC, (status = 'superseded'), id DESC`,
});

/**
 * Each request's latest offer from this funder, on its plane. Two offers may share an instant
 * (a stopped clock, the same millisecond): the one that superseded the other is the latest.
 */
export async function latestOffers(q: Queryable, scope: FunderScope, requestIds: readonly string[]) {
  if (requestIds.length === 0) return new Map<string, OfferRow>();
  const rows = await scopedStatement(q, scope, LATEST_OFFERS, [requestIds]);
  return new Map(rows.map((row) => [row.request_id, row]));
}

export interface NewOffer {
  id: string;
  requestId: string;
  keyId: string;
  rate: number;
  advancePct: number;
  days: number;
  advanceAmount: string;
  notes: string | null;
  validDays: number;
  submittedAt: Date;
  expiresAt: Date;
}

const INSERT_OFFER = namedStatement<NoRow>()({
  name: 'offer_insert',
  columns: [],
  sql: `INSERT INTO offers (id, plane, request_id, funder_id, key_id, rate, advance_pct, days, advance_amount, notes,
                         valid_days, status, submitted_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13)`,
});

export async function insertOffer(q: Queryable, scope: FunderScope, offer: NewOffer): Promise<void> {
  await runStatement(q, INSERT_OFFER, [
    offer.id,
    scope.plane,
    offer.requestId,
    scope.funderId,
    offer.keyId,
    offer.rate,
    offer.advancePct,
    offer.days,
    offer.advanceAmount,
    offer.notes,
    offer.validDays,
    offer.submittedAt,
    offer.expiresAt,
  ]);
}

const CLOSE_PENDING_OFFERS = namedStatement<NoRow>()({
  name: 'offers_close_pending',
  columns: [],
  sql: `UPDATE offers SET status = $4, closed_at = $5
      WHERE request_id = $1 AND funder_id = $2 AND plane = $3 AND status = 'pending'`,
});

/** Closes the funder's pending offers on a request (superseded by a new one, or withdrawn). */
export async function closePendingOffers(
  q: Queryable,
  scope: FunderScope,
  requestId: string,
  status: 'superseded' | 'withdrawn',
  at: Date,
): Promise<void> {
  await runStatement(q, CLOSE_PENDING_OFFERS, [requestId, scope.funderId, scope.plane, status, at]);
}

/** The operations team re-routes a request: the previous funder's pending offers are withdrawn. */
export async function withdrawPendingOffersForOps(
  q: Queryable,
  requestId: string,
  funderId: string,
  at: Date,
): Promise<void> {
  await q.query(
    `UPDATE offers SET status = 'withdrawn', closed_at = $3 WHERE request_id = $1 AND funder_id = $2 AND status = 'pending'`,
    [requestId, funderId, at],
  );
}

/** The routed funder's newest pending offer (or the one named), locked, for the seller's answer. */
export async function lockPendingOfferForOps(
  q: Queryable,
  request: { id: string; plane: Plane; assigned_funder_id: string | null },
  offerId: string | null,
): Promise<OfferRow | null> {
  const { rows } = await q.query<OfferRow>(
    `SELECT * FROM offers WHERE request_id = $1 AND funder_id = $2 AND plane = $3 AND status = 'pending'
       AND ($4::uuid IS NULL OR id = $4) ORDER BY submitted_at DESC LIMIT 1 FOR UPDATE`,
    [request.id, request.assigned_funder_id, request.plane, offerId],
  );
  return rows[0] ?? null;
}

/** The seller's answer to an offer, or its expiry found when the seller answers too late. */
export async function closeOfferForOps(
  q: Queryable,
  id: string,
  status: 'accepted' | 'rejected' | 'expired',
  at: Date,
): Promise<void> {
  await q.query(
    status === 'accepted'
      ? `UPDATE offers SET status = 'accepted', accepted_at = $2 WHERE id = $1`
      : `UPDATE offers SET status = $3, closed_at = $2 WHERE id = $1`,
    status === 'accepted' ? [id, at] : [id, at, status],
  );
}

/**
 * Marks expired up to `limit` pending offers whose validity ended by `now`, oldest first, skipping
 * those another write holds; answers them. Their status read as `expired` already (views:
 * offerStatus): the mark is what lets the offer's funder be told once (requests.expiry.ts).
 */
export async function expireDueOffersForOps(q: Queryable, now: Date, limit: number) {
  const { rows } = await q.query<{ request_id: string; funder_id: string; plane: Plane }>(
    `UPDATE offers o SET status = 'expired', closed_at = $1
       FROM (SELECT id FROM offers WHERE status = 'pending' AND expires_at <= $1
              ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
      WHERE o.id = due.id
      RETURNING o.request_id::text, o.funder_id::text, o.plane`,
    [now, limit],
  );
  return rows;
}

/** When the next pending offer ends its validity, or null when none is pending. */
export async function nextOfferExpiryForOps(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    `SELECT min(expires_at) AS at FROM offers WHERE status = 'pending'`,
  );
  return rows[0]?.at ?? null;
}
