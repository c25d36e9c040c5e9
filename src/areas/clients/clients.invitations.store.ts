import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  findScoped,
  KEY_FILTER,
  type LockOption,
  newestFirst,
  scopedChange,
  scopedCount,
  scopedList,
  scopedRow,
  scopedRows,
} from '../../platform/db/scoped.ts';
import type { Issued } from './clients.store.ts';

// Arrivals, invitations, the funder's clients and its return origins: SQL. Funder-facing functions take the
// caller's scope; `keyId` (a sandbox key) narrows them to what that key's helpers made.

export interface InvitationRow {
  id: string;
  via: 'link' | 'named' | 'api';
  link_id: string | null;
  prescriber_id: string | null;
  company_name: string;
  tax_id: string;
  country: string;
  email: string;
  state: 'pending' | 'accepted' | 'revoked';
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  seller_id: string | null;
  arrival_id: string;
  funder_id: string;
  plane: Plane;
  key_id: string | null;
}

/** What a sandbox key sees of what keys made: its own rows only; a live key sees all. */
// Arrivals, invitations and clients

/** Companies whose first arrival came through each prescriber. */
export async function arrivalsByPrescriber(
  q: Queryable,
  scope: FunderScope,
  keyId: string | null,
): Promise<Map<string, number>> {
  const rows = await scopedRows<{ prescriber_id: string; n: number }>(
    q,
    scope,
    `SELECT prescriber_id, count(*)::int AS n FROM client_arrivals
      WHERE funder_id = $1 AND plane = $2 AND prescriber_id IS NOT NULL AND ${KEY_FILTER('key_id', '$3')}
      GROUP BY prescriber_id`,
    [keyId],
  );
  return new Map(rows.map((row) => [row.prescriber_id, row.n]));
}

/** The funder and plane of a link, for the operations team acting for a company. */
export async function linkOwnerForOps(q: Queryable, id: string): Promise<FunderScope | null> {
  const { rows } = await q.query<{ funder_id: string; plane: Plane }>(
    'SELECT funder_id, plane FROM client_links WHERE id = $1',
    [id],
  );
  return rows[0] ? { funderId: rows[0].funder_id, plane: rows[0].plane } : null;
}

export function findArrival(
  q: Queryable,
  scope: FunderScope,
  company: { country: string; taxId: string },
  keyId: string | null,
): Promise<{ id: string } | null> {
  return scopedRow<{ id: string }>(
    q,
    scope,
    `SELECT id FROM client_arrivals
      WHERE funder_id = $1 AND plane = $2 AND country = $3 AND tax_id = $4
        AND key_id IS NOT DISTINCT FROM $5::uuid`,
    [company.country, company.taxId, keyId],
  );
}

export async function insertArrival(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    country: string;
    taxId: string;
    companyName: string;
    via: 'link' | 'named' | 'api';
    linkId: string | null;
    prescriberId: string | null;
    keyId: string | null;
    at: Date;
  },
): Promise<string> {
  // A company arriving twice at once: the first row stays, the second reads it.
  const inserted = await scopedRow<{ id: string }>(
    q,
    scope,
    `INSERT INTO client_arrivals (id, funder_id, plane, country, tax_id, company_name, via, link_id, prescriber_id, key_id, arrived_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      row.id,
      row.country,
      row.taxId,
      row.companyName,
      row.via,
      row.linkId,
      row.prescriberId,
      row.keyId,
      row.at,
    ],
  );
  if (inserted) return inserted.id;
  const existing = await findArrival(q, scope, { country: row.country, taxId: row.taxId }, row.keyId);
  if (!existing) throw new Error('an arrival neither inserted nor found');
  return existing.id;
}

export async function insertInvitation(
  q: Queryable,
  scope: FunderScope,
  row: Issued & {
    id: string;
    arrivalId: string;
    via: 'link' | 'named' | 'api';
    linkId: string | null;
    prescriberId: string | null;
    companyName: string;
    taxId: string;
    country: string;
    email: string;
  },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO client_invitations (id, funder_id, plane, arrival_id, via, link_id, prescriber_id,
        company_name, tax_id, country, email, key_id, created_at, expires_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      row.id,
      row.arrivalId,
      row.via,
      row.linkId,
      row.prescriberId,
      row.companyName,
      row.taxId,
      row.country,
      row.email,
      row.keyId,
      row.at,
      row.expiresAt,
    ],
  );
}

const INVITATION_COLUMNS = `id, via, link_id, prescriber_id, company_name, tax_id, country, email, state,
  created_at, expires_at, accepted_at, revoked_at, revoked_reason, seller_id, arrival_id, funder_id, plane, key_id`;
const INVITATIONS = { table: 'client_invitations', columns: INVITATION_COLUMNS };

export function findInvitation(
  q: Queryable,
  scope: FunderScope,
  id: string,
  options: LockOption = {},
): Promise<InvitationRow | null> {
  return findScoped(q, INVITATIONS, scope, id, options);
}

/** The operations team's read of an invitation, any funder, any plane. */
export async function findInvitationForOps(q: Queryable, id: string): Promise<InvitationRow | null> {
  const { rows } = await q.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM client_invitations WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The list's order: newest first. */
export const INVITATION_ORDER = newestFirst('client-invitations');

export const listInvitations = scopedList<InvitationRow>(INVITATIONS, INVITATION_ORDER);

/** The invitation accepted by the company it made the seller `sellerId`, at `at`. */
export const markInvitationAccepted = scopedChange<[sellerId: string, at: Date]>(
  'client_invitations',
  "state = 'accepted', accepted_at = $5, seller_id = $4",
);

/** Revokes a pending invitation; answers how many this call revoked (0: it was no longer pending). */
export const markInvitationRevoked = scopedChange<[reason: string | null, at: Date]>(
  'client_invitations',
  "state = 'revoked', revoked_at = $5, revoked_reason = $4",
  "state = 'pending'",
);

/**
 * The funder whose client a company is, if any (any funder: a company has one). A company that
 * left the funder's network is no one's client: its requests are routed as anyone's.
 */
export async function clientOwnerOf(q: Queryable, sellerId: string): Promise<string | null> {
  const { rows } = await q.query<{ funder_id: string }>(
    'SELECT funder_id FROM funder_clients WHERE seller_id = $1 AND left_at IS NULL',
    [sellerId],
  );
  return rows[0]?.funder_id ?? null;
}

/**
 * Makes the company the funder's client unless it already is a client (of this funder or,
 * unseen under row security, of another). Answers whether this call made it one.
 */
export async function insertClient(
  q: Queryable,
  scope: FunderScope,
  row: {
    sellerId: string;
    arrivalId: string;
    via: 'link' | 'named' | 'api';
    prescriberId: string | null;
    at: Date;
  },
): Promise<boolean> {
  const made = await scopedCount(
    q,
    scope,
    `INSERT INTO funder_clients (seller_id, funder_id, plane, arrival_id, via, prescriber_id, joined_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7) ON CONFLICT (seller_id) DO NOTHING RETURNING seller_id`,
    [row.sellerId, row.arrivalId, row.via, row.prescriberId, row.at],
  );
  return made > 0;
}

/** Whether the company is this funder's client already. */
export async function isOwnClient(q: Queryable, scope: FunderScope, sellerId: string): Promise<boolean> {
  const rows = await scopedRows(
    q,
    scope,
    'SELECT 1 FROM funder_clients WHERE seller_id = $3 AND funder_id = $1 AND plane = $2',
    [sellerId],
  );
  return rows.length > 0;
}

/** Brings back a client that had left; answers whether it had (false: it never left). */
export async function rejoinClient(q: Queryable, scope: FunderScope, sellerId: string): Promise<boolean> {
  const rejoined = await scopedCount(
    q,
    scope,
    `UPDATE funder_clients SET left_at = NULL, left_reason = NULL
      WHERE seller_id = $3 AND funder_id = $1 AND plane = $2 AND left_at IS NOT NULL RETURNING seller_id`,
    [sellerId],
  );
  return rejoined > 0;
}

// Return origins

export async function returnOriginsOf(
  q: Queryable,
  funderId: string,
): Promise<{ origins: string[]; demonstration: boolean; kept: boolean } | null> {
  const { rows } = await q.query<{ origins: string[] | null; is_demonstration: boolean }>(
    `SELECT o.origins, f.is_demonstration FROM funders_read f
       LEFT JOIN funder_return_origins o ON o.funder_id = f.id WHERE f.id = $1`,
    [funderId],
  );
  const row = rows[0];
  if (!row) return null;
  return { origins: row.origins ?? [], demonstration: row.is_demonstration, kept: row.origins !== null };
}

export async function setReturnOriginsForOps(
  q: Queryable,
  funderId: string,
  origins: string[],
  at: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO funder_return_origins (funder_id, origins, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (funder_id) DO UPDATE SET origins = EXCLUDED.origins, updated_at = EXCLUDED.updated_at`,
    [funderId, origins, at],
  );
}

/**
 * When each sign-up through the link in (`since`, `now`] was made, oldest first: the window
 * `claims_last_day` counts. `keyId` narrows to one sandbox key's sign-ups (null: all).
 */
export async function signupTimes(
  q: Queryable,
  scope: FunderScope,
  linkId: string,
  since: Date,
  now: Date,
  keyId: string | null,
): Promise<Date[]> {
  const rows = await scopedRows<{ created_at: Date }>(
    q,
    scope,
    `SELECT created_at FROM client_invitations
      WHERE link_id = $3 AND funder_id = $1 AND plane = $2
        AND created_at > $4::timestamptz AND created_at <= $5::timestamptz
        AND ($6::uuid IS NULL OR key_id = $6::uuid)
      ORDER BY created_at, id`,
    [linkId, since, now, keyId],
  );
  return rows.map((row) => row.created_at);
}
