import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type ChargeRow, CONNECTION, type ConnectionRow } from './bank-data.store.ts';

/*
 * The operations side of bank data: the operations team names the funder and the seller, so
 * these read across funders (as the operator role) and are named ...ForOps.
 */

export async function sellerForOps(q: Queryable, sellerId: string) {
  const { rows } = await q.query<{ id: string; plane: Plane; name: string }>(
    'SELECT id, plane, name FROM sellers_read WHERE id = $1',
    [sellerId],
  );
  return rows[0] ?? null;
}

export async function connectionForOps(q: Queryable, id: string) {
  const { rows } = await q.query<ConnectionRow & { funder_id: string; plane: Plane }>(
    `SELECT ${CONNECTION}, funder_id, plane FROM bank_connections WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** Every consent in force of a seller (one funder each). */
export async function activeConnectionsForOps(q: Queryable, sellerId: string) {
  const { rows } = await q.query<{ id: string; funder_id: string; plane: Plane }>(
    `SELECT id, funder_id, plane FROM bank_connections WHERE seller_id = $1 AND status = 'active'
      ORDER BY consented_at, id`,
    [sellerId],
  );
  return rows;
}

export async function setUnitPriceForOps(
  q: Queryable,
  row: { funderId: string; plane: Plane; month: string; unitPrice: string | null },
) {
  const { rows } = await q.query<ChargeRow>(
    `INSERT INTO bank_data_charges (funder_id, plane, month, reads, unit_price_eur) VALUES ($1, $2, $3::date, 0, $4::numeric)
     ON CONFLICT (funder_id, plane, month) DO UPDATE SET unit_price_eur = $4::numeric
     RETURNING to_char(month, 'YYYY-MM') AS month, reads, unit_price_eur::text AS unit_price_eur`,
    [row.funderId, row.plane, row.month, row.unitPrice],
  );
  return rows[0]!;
}
