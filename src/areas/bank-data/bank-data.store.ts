import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';

/*
 * Bank data rows. Every funder-facing function takes the funder's scope and applies it in SQL;
 * the writers take the scope of the funder the rows belong to (the sandbox caller's own, or the
 * funder the operations team names). IBANs are kept whole here and never leave the service
 * whole: the service cuts them to the last four characters.
 */

export interface ConnectionRow {
  id: string;
  seller_id: string;
  status: 'active' | 'revoked';
  payout_iban: string | null;
  consented_at: Date;
  last_read_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
}

export interface AccountRow {
  id: string;
  iban: string;
  holder_name: string;
  in_company_name: boolean;
  currency: string;
  balance: string;
  balance_at: Date;
}

export interface MonthRow {
  month: string;
  credits: string;
  debits: string;
  movements: number;
}

export interface CollectionRow {
  id: string;
  bank_name: string;
  accounts: { iban: string; holder_name: string | null; currency: string }[];
  last_read_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
}

export interface ChargeRow {
  month: string;
  reads: number;
  unit_price_eur: string | null;
}

export const CONNECTION = `id, seller_id, status, payout_iban, consented_at, last_read_at, revoked_at, revoke_reason`;

/** The seller's latest consent to this funder (in force or revoked), or null. */
export function latestConnection(q: Queryable, scope: FunderScope, sellerId: string) {
  return scopedRow<ConnectionRow>(
    q,
    scope,
    `SELECT ${CONNECTION} FROM bank_connections
      WHERE funder_id = $1 AND plane = $2 AND seller_id = $3
      ORDER BY (status = 'active') DESC, consented_at DESC, id DESC LIMIT 1`,
    [sellerId],
  );
}

export function accounts(q: Queryable, scope: FunderScope, connectionId: string) {
  return scopedRows<AccountRow>(
    q,
    scope,
    `SELECT id, iban, holder_name, in_company_name, currency, balance::text AS balance, balance_at
       FROM bank_accounts WHERE funder_id = $1 AND plane = $2 AND connection_id = $3
      ORDER BY position`,
    [connectionId],
  );
}

/** Money in and out of the connection's accounts per month, from `fromMonth` (first day) on. */
export function movementsByMonth(q: Queryable, scope: FunderScope, connectionId: string, fromMonth: string) {
  return scopedRows<MonthRow>(
    q,
    scope,
    `SELECT to_char(date_trunc('month', m.booked_on), 'YYYY-MM') AS month,
            coalesce(sum(m.amount) FILTER (WHERE m.amount > 0), 0)::text AS credits,
            coalesce(-sum(m.amount) FILTER (WHERE m.amount < 0), 0)::text AS debits,
            count(*)::int AS movements
       FROM bank_movements m JOIN bank_accounts a ON a.id = m.account_id
      WHERE m.funder_id = $1 AND m.plane = $2 AND a.connection_id = $3 AND m.booked_on >= $4::date
      GROUP BY 1 ORDER BY 1`,
    [connectionId, fromMonth],
  );
}

export function collectionConnections(q: Queryable, scope: FunderScope) {
  return scopedRows<CollectionRow>(
    q,
    scope,
    `SELECT id, bank_name, accounts, last_read_at, last_error, last_error_at
       FROM collection_connections WHERE funder_id = $1 AND plane = $2 ORDER BY bank_name, id`,
  );
}

/**
 * The funder's collection account: the first euro account (else the first account) of its
 * oldest collection connection that has one. A failed read keeps the accounts last read.
 */
export async function collectionIban(q: Queryable, scope: FunderScope): Promise<string | null> {
  const row = await scopedRow<{ iban: string }>(
    q,
    scope,
    `SELECT x.account->>'iban' AS iban
       FROM collection_connections c
       CROSS JOIN LATERAL jsonb_array_elements(c.accounts) WITH ORDINALITY AS x(account, position)
      WHERE c.funder_id = $1 AND c.plane = $2 AND x.account->>'iban' IS NOT NULL
      ORDER BY (x.account->>'currency' = 'EUR') DESC, c.created_at, c.id, x.position
      LIMIT 1`,
  );
  return row?.iban ?? null;
}

/** How many sellers have a consent in force with the funder. */
export async function sellersSharing(q: Queryable, scope: FunderScope) {
  const row = await scopedRow<{ count: number }>(
    q,
    scope,
    `SELECT count(DISTINCT seller_id)::int AS count FROM bank_connections
      WHERE funder_id = $1 AND plane = $2 AND status = 'active'`,
  );
  return row?.count ?? 0;
}

export function charges(q: Queryable, scope: FunderScope) {
  return scopedRows<ChargeRow>(
    q,
    scope,
    `SELECT to_char(month, 'YYYY-MM') AS month, reads, unit_price_eur::text AS unit_price_eur
       FROM bank_data_charges WHERE funder_id = $1 AND plane = $2 ORDER BY month DESC LIMIT 36`,
  );
}

// --- writes -----------------------------------------------------------------------------------

/** Ends the seller's consent in force with the funder; answers the connection ended, if any. */
export async function revokeActive(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  at: Date,
  reason: string,
) {
  const row = await scopedRow<{ id: string }>(
    q,
    scope,
    `UPDATE bank_connections SET status = 'revoked', revoked_at = $4, revoke_reason = $5
      WHERE funder_id = $1 AND plane = $2 AND seller_id = $3 AND status = 'active' RETURNING id`,
    [sellerId, at, reason],
  );
  return row?.id ?? null;
}

export async function insertConnection(
  q: Queryable,
  scope: FunderScope,
  row: { id: string; sellerId: string; payoutIban: string | null; at: Date },
) {
  await scopedCount(
    q,
    scope,
    `INSERT INTO bank_connections (id, plane, funder_id, seller_id, status, payout_iban, consented_at, last_read_at)
     VALUES ($3, $2, $1, $4, 'active', $5, $6, $6)`,
    [row.id, row.sellerId, row.payoutIban, row.at],
  );
}

export async function insertAccount(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    connectionId: string;
    position: number;
    iban: string;
    holderName: string;
    inCompanyName: boolean;
    currency: string;
    balance: string;
    at: Date;
  },
) {
  await scopedCount(
    q,
    scope,
    `INSERT INTO bank_accounts (id, connection_id, plane, funder_id, position, iban, holder_name,
                                in_company_name, currency, balance, balance_at)
     VALUES ($3, $4, $2, $1, $5, $6, $7, $8, $9, $10::numeric, $11)`,
    [
      row.id,
      row.connectionId,
      row.position,
      row.iban,
      row.holderName,
      row.inCompanyName,
      row.currency,
      row.balance,
      row.at,
    ],
  );
}

export async function insertMovements(
  q: Queryable,
  scope: FunderScope,
  accountId: string,
  movements: { id: string; bookedOn: string; amount: string }[],
) {
  if (movements.length === 0) return;
  await scopedCount(
    q,
    scope,
    `INSERT INTO bank_movements (id, account_id, plane, funder_id, booked_on, amount)
     SELECT m.id, $3, $2, $1, m.booked_on, m.amount
       FROM unnest($4::uuid[], $5::date[], $6::numeric[]) AS m(id, booked_on, amount)`,
    [accountId, movements.map((m) => m.id), movements.map((m) => m.bookedOn), movements.map((m) => m.amount)],
  );
}

/** One read of the account-information provider charged to the funder in `month` (first day). */
export async function countRead(q: Queryable, scope: FunderScope, month: string) {
  await scopedCount(
    q,
    scope,
    `INSERT INTO bank_data_charges (funder_id, plane, month, reads) VALUES ($1, $2, $3::date, 1)
     ON CONFLICT (funder_id, plane, month) DO UPDATE SET reads = bank_data_charges.reads + 1`,
    [month],
  );
}

/** The funder's collection connection read (accounts replaced when given) or failing. */
export async function saveCollectionRead(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    bankName: string;
    accounts: { iban: string; holder_name: string | null; currency: string }[] | null;
    error: string | null;
    at: Date;
  },
) {
  const saved = await scopedRow<{ id: string }>(
    q,
    scope,
    `INSERT INTO collection_connections (id, plane, funder_id, bank_name, accounts, last_read_at, last_error,
                                         last_error_at, created_at)
     VALUES ($3, $2, $1, $4, coalesce($5::jsonb, '[]'::jsonb),
             CASE WHEN $6::text IS NULL THEN $7::timestamptz END, $6, CASE WHEN $6::text IS NOT NULL THEN $7::timestamptz END, $7)
     ON CONFLICT (funder_id, plane, bank_name) DO UPDATE SET
       accounts = coalesce($5::jsonb, collection_connections.accounts),
       last_read_at = CASE WHEN $6::text IS NULL THEN $7::timestamptz ELSE collection_connections.last_read_at END,
       last_error = $6,
       last_error_at = CASE WHEN $6::text IS NOT NULL THEN $7::timestamptz ELSE collection_connections.last_error_at END
     RETURNING id`,
    [row.id, row.bankName, row.accounts === null ? null : JSON.stringify(row.accounts), row.error, row.at],
  );
  return saved!.id;
}

/** The tax ids of a request's debtors, in invoice order, within the funder's scope. */
export async function requestDebtorTaxIds(q: Queryable, scope: FunderScope, requestId: string) {
  const rows = await scopedRows<{ tax_id: string }>(
    q,
    scope,
    `SELECT d.tax_id FROM funding_requests_read r
       JOIN request_invoices_read ri ON ri.request_id = r.id
       JOIN invoices_read i ON i.id = ri.invoice_id JOIN debtors_read d ON d.id = i.debtor_id
      WHERE r.id = $3 AND r.plane = $2
        AND (r.assigned_funder_id = $1 OR EXISTS (SELECT 1 FROM request_funders_read rf
              WHERE rf.request_id = r.id AND rf.funder_id = $1 AND rf.acted_at IS NOT NULL))
      ORDER BY ri.position`,
    [requestId],
  );
  return rows.map((r) => r.tax_id);
}

/** The seller of a request the funder can see. */
export function requestSellerOf(q: Queryable, scope: FunderScope, requestId: string) {
  return scopedRow<{ seller_id: string; seller_name: string }>(
    q,
    scope,
    `SELECT r.seller_id, s.name AS seller_name FROM funding_requests_read r JOIN sellers_read s ON s.id = r.seller_id
      WHERE r.id = $3 AND r.plane = $2
        AND (r.assigned_funder_id = $1 OR EXISTS (SELECT 1 FROM request_funders_read rf
              WHERE rf.request_id = r.id AND rf.funder_id = $1 AND rf.acted_at IS NOT NULL))`,
    [requestId],
  );
}
