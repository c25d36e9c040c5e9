import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, scopedCount, scopedRow } from '../../platform/db/scoped.ts';

export interface ClientRow {
  seller_id: string;
  funder_id: string;
  plane: Plane;
  via: 'link' | 'named' | 'api';
  prescriber_id: string | null;
  joined_at: Date;
  left_at: Date | null;
  left_reason: string | null;
  /** The sandbox key whose helper brought the company (null: a live key or the operations team). */
  key_id: string | null;
}

const COLUMNS = `c.seller_id, c.funder_id, c.plane, c.via, c.prescriber_id, c.joined_at, c.left_at,
  c.left_reason, a.key_id`;

/** The funder's client row of a company (left or not), locked when asked. */
export function findClient(q: Queryable, scope: FunderScope, sellerId: string, options: LockOption = {}) {
  return scopedRow<ClientRow>(
    q,
    scope,
    `SELECT ${COLUMNS} FROM funder_clients c JOIN client_arrivals a ON a.id = c.arrival_id
      WHERE c.seller_id = $3 AND c.funder_id = $1 AND c.plane = $2${lockClause(options.lock, 'c')}`,
    [sellerId],
  );
}

/** The funder and plane a company is (or was) the client of (operations). */
export async function clientScopeForOps(q: Queryable, sellerId: string): Promise<FunderScope | null> {
  const { rows } = await q.query<{ funder_id: string; plane: Plane }>(
    'SELECT funder_id, plane FROM funder_clients WHERE seller_id = $1',
    [sellerId],
  );
  const row = rows[0];
  return row ? { funderId: row.funder_id, plane: row.plane } : null;
}

/** Marks the client as gone; answers whether this call did (false: it had already left). */
export async function markClientLeft(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  reason: string,
  at: Date,
): Promise<boolean> {
  const left = await scopedCount(
    q,
    scope,
    `UPDATE funder_clients SET left_at = $4, left_reason = $5
      WHERE seller_id = $3 AND funder_id = $1 AND plane = $2 AND left_at IS NULL RETURNING seller_id`,
    [sellerId, at, reason],
  );
  return left > 0;
}
