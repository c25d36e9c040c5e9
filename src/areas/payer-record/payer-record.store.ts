import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedRows } from '../../platform/db/scoped.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

/** One line of a supplier's ledger about one buyer, checked; amount as numeric text. */
export interface LedgerLine {
  buyer_country: string;
  buyer_tax_id: string;
  supplier_key: string;
  invoice_number: string;
  amount: string;
  issue_date: string;
  due_date: string | null;
  paid_date: string | null;
}

/**
 * The operations team (and the demonstration builder): writes ledger lines in one statement; a line already loaded (same plane, buyer, supplier and
 * invoice number) is replaced. The caller guarantees no line twice in one call.
 */
export async function upsertLedgerLinesForOperator(
  q: Queryable,
  plane: Plane,
  lines: readonly LedgerLine[],
  now: Date,
): Promise<{ inserted: number; updated: number }> {
  const { rows } = await q.query<{ inserted: number; updated: number }>(
    `WITH written AS (
       INSERT INTO supplier_ledger_lines (plane, buyer_country, buyer_tax_id, supplier_key, invoice_number,
                                          amount, issue_date, due_date, paid_date, loaded_at)
       SELECT $1, l.buyer_country, l.buyer_tax_id, l.supplier_key, l.invoice_number, l.amount, l.issue_date,
              l.due_date, l.paid_date, $10
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::date[], $8::date[], $9::date[])
                AS l(buyer_country, buyer_tax_id, supplier_key, invoice_number, amount, issue_date, due_date, paid_date)
       ON CONFLICT (plane, buyer_country, buyer_tax_id, supplier_key, invoice_number) DO UPDATE SET
         amount = EXCLUDED.amount, issue_date = EXCLUDED.issue_date, due_date = EXCLUDED.due_date,
         paid_date = EXCLUDED.paid_date, loaded_at = EXCLUDED.loaded_at
       RETURNING (xmax = 0) AS fresh
     )
     SELECT (count(*) FILTER (WHERE fresh))::int AS inserted, (count(*) FILTER (WHERE NOT fresh))::int AS updated
       FROM written`,
    [
      plane,
      lines.map((l) => l.buyer_country),
      lines.map((l) => l.buyer_tax_id),
      lines.map((l) => l.supplier_key),
      lines.map((l) => l.invoice_number),
      lines.map((l) => l.amount),
      lines.map((l) => l.issue_date),
      lines.map((l) => l.due_date),
      lines.map((l) => l.paid_date),
      now,
    ],
  );
  return rows[0]!;
}

/**
 * The countries in which a debtor with this tax id owes invoices on a request the funder may
 * see: routed to it now, or acted on by it (the visibility rule of the requests area).
 */
export async function buyerCountriesInScope(
  q: Queryable,
  scope: FunderScope,
  input: { taxId: string; country: string | null },
): Promise<string[]> {
  const rows = await scopedRows<{ country: string }>(
    q,
    scope,
    `SELECT DISTINCT d.country FROM debtors_read d
      WHERE d.plane = $2 AND d.tax_id = $3 AND ($4::text IS NULL OR d.country = $4)
        AND EXISTS (
              SELECT 1 FROM invoices_read i
                JOIN request_invoices_read ri ON ri.invoice_id = i.id
                JOIN funding_requests_read r ON r.id = ri.request_id
               WHERE i.debtor_id = d.id AND r.plane = $2
                 AND ${visibleToFunder('r', '$1')})
      ORDER BY d.country`,
    [input.taxId, input.country],
  );
  return rows.map((row) => row.country);
}

/** A buyer's aggregates; numbers computed in SQL come back as text. */
export interface PayerFiguresRow {
  known_lines: number;
  refreshed_at: Date | null;
  observers: number;
  invoice_count: number;
  avg_days_to_pay: string | null;
  median_days_to_pay: string | null;
  on_time_pct: string | null;
  avg_settle_delay_days: string | null;
  median_settle_delay_days: string | null;
  p75_settle_delay_days: string | null;
  worst_settle_delay_days: number | null;
  open_count: number;
  open_amount: string;
  overdue_count: number;
  overdue_amount: string;
}

/**
 * Aggregates over the lines issued from `windowFrom` to `today`: days to pay (issue to payment)
 * and settlement delay (due date to payment, negative when early) of paid lines; on time among
 * lines with a due date that are paid or past due; open and overdue lines as of today.
 * `known_lines` and `refreshed_at` cover every line of the buyer, whatever its date.
 */
export async function payerFigures(
  q: Queryable,
  scope: FunderScope,
  input: { country: string; taxId: string; windowFrom: string; today: string },
): Promise<PayerFiguresRow> {
  const { rows } = await q.query<PayerFiguresRow>(
    `WITH buyer AS (
       SELECT supplier_key, amount, issue_date, due_date, paid_date, loaded_at
         FROM supplier_ledger_lines WHERE plane = $1 AND buyer_country = $2 AND buyer_tax_id = $3
     ),
     w AS (
       SELECT supplier_key, amount, due_date, paid_date,
              paid_date - issue_date AS days_to_pay, paid_date - due_date AS settle_delay
         FROM buyer WHERE issue_date >= $4::date AND issue_date <= $5::date
     )
     SELECT (SELECT count(*) FROM buyer)::int AS known_lines,
            (SELECT max(loaded_at) FROM buyer) AS refreshed_at,
            count(DISTINCT supplier_key)::int AS observers,
            count(*)::int AS invoice_count,
            round(avg(days_to_pay), 1)::text AS avg_days_to_pay,
            round((percentile_cont(0.5) WITHIN GROUP (ORDER BY days_to_pay))::numeric, 1)::text AS median_days_to_pay,
            round(100.0 * count(*) FILTER (WHERE paid_date <= due_date)
                  / nullif(count(*) FILTER (WHERE due_date IS NOT NULL
                                             AND (paid_date IS NOT NULL OR due_date < $5::date)), 0), 1)::text
              AS on_time_pct,
            round(avg(settle_delay), 1)::text AS avg_settle_delay_days,
            round((percentile_cont(0.5) WITHIN GROUP (ORDER BY settle_delay))::numeric, 1)::text
              AS median_settle_delay_days,
            round((percentile_cont(0.75) WITHIN GROUP (ORDER BY settle_delay))::numeric, 1)::text
              AS p75_settle_delay_days,
            max(settle_delay) AS worst_settle_delay_days,
            (count(*) FILTER (WHERE paid_date IS NULL))::int AS open_count,
            coalesce(sum(amount) FILTER (WHERE paid_date IS NULL), 0)::text AS open_amount,
            (count(*) FILTER (WHERE paid_date IS NULL AND due_date < $5::date))::int AS overdue_count,
            coalesce(sum(amount) FILTER (WHERE paid_date IS NULL AND due_date < $5::date), 0)::text AS overdue_amount
       FROM w`,
    [scope.plane, input.country, input.taxId, input.windowFrom, input.today],
  );
  return rows[0]!;
}
