import type { Queryable } from '../../platform/db/db.ts';
import { type KeyPosition, keysetAfter, keysetOrder } from '../../platform/db/keyset.ts';
import { scopedStatement } from '../../platform/db/scoped.ts';
import { namedStatement } from '../../platform/db/statements.ts';
import type { KeyedRow } from '../../platform/pagination.ts';
import {
  type BookScope,
  bookLines,
  DEBTOR_BOOK_ORDER,
  DEBTOR_EXPOSURE,
  DEBTOR_LINE,
  type DebtorBookRow,
  EARLY_PAYMENTS,
  SEEN_NAME,
} from './limits.exposure.store.ts';

/**
 * A page of the debtor book in one statement, named (planned once per connection), whose work
 * grows with the page and not with the funder's book or the plane:
 *
 * 1. the page's debtors, in the book's byte order after the page's position: the first `$5`
 *    among the funder's limits, the debtors of its live lines (what is still outstanding,
 *    committed, or offered on an offer still running; one index probe per debtor, a skip through
 *    the book's index) and those of its early payments still counting;
 * 2. the limits found there, read once and joined to the page's debtors, and the lines of the
 *    stretch of the book's index between the page's first and last debtor (index
 *    `funder_exposure_lines_book`), with the page's early payments, summed per debtor;
 * 3. the service's name of a debtor the funder sees, for a limit line with nothing counting.
 *
 * The figures are those of the whole book's statement (`debtorBook`) for the same debtors: a
 * test reads every page and compares them with the whole book.
 */
const pageSql = (after: boolean) => {
  const position = keysetAfter(DEBTOR_BOOK_ORDER, after ? (['', ''] as KeyPosition) : null, 6).sql;
  const order = keysetOrder(DEBTOR_BOOK_ORDER);
  const cKey = 'debtor_country COLLATE "C" AS debtor_country, debtor_tax_id COLLATE "C" AS debtor_tax_id';
  const live = `((stage = 'outstanding' AND remaining_cents > 0) OR stage = 'committed'
                OR (stage = 'offered' AND offered_until > $3))`;
  return `
WITH RECURSIVE seen AS (
  (SELECT ${cKey} FROM funder_exposure_lines
    WHERE funder_id = $1 AND plane = $2 AND ${live}${position} ORDER BY ${order} LIMIT 1)
  UNION ALL
  SELECT n.debtor_country, n.debtor_tax_id FROM seen s CROSS JOIN LATERAL (
    SELECT ${cKey} FROM funder_exposure_lines
     WHERE funder_id = $1 AND plane = $2 AND ${live}
       AND (debtor_country COLLATE "C", debtor_tax_id COLLATE "C") > (s.debtor_country, s.debtor_tax_id)
     ORDER BY ${order} LIMIT 1) n
),
limit_rows AS MATERIALIZED (
  -- Every limit of the page is among the first of the funder's limits after the position.
  SELECT id, debtor_country, debtor_tax_id, debtor_name, amount, status, source, source_ref, note, decided_at
    FROM credit_limits
   WHERE funder_id = $1 AND plane = $2${position} ORDER BY ${order} LIMIT $5
),
keys AS MATERIALIZED (
  -- Back in the columns' own collation, so the keys join the tables' columns.
  SELECT debtor_country::text COLLATE "default" AS country, debtor_tax_id::text COLLATE "default" AS tax_id
    FROM (
      (SELECT ${cKey} FROM limit_rows)
      UNION
      (SELECT debtor_country, debtor_tax_id FROM seen LIMIT $5)
      UNION
      (SELECT ${cKey} FROM (
         SELECT d.country AS debtor_country, d.tax_id AS debtor_tax_id ${EARLY_PAYMENTS}
            AND (e.status <> 'paid' OR e.amount_due > e.repaid_amount)) p
        WHERE true${position})
    ) k ORDER BY ${order} LIMIT $5
),
-- The page's debtors lie between its first and its last key in the book's order: the lines read
-- are those of that stretch of the book's index, a page's worth.
lines_out AS (${bookLines(
    {
      where: `
     AND (x.debtor_country COLLATE "C", x.debtor_tax_id COLLATE "C")
         >= (SELECT country COLLATE "C", tax_id COLLATE "C" FROM keys ORDER BY 1, 2 LIMIT 1)
     AND (x.debtor_country COLLATE "C", x.debtor_tax_id COLLATE "C")
         <= (SELECT country COLLATE "C", tax_id COLLATE "C" FROM keys ORDER BY 1 DESC, 2 DESC LIMIT 1)`,
    },
    `
     AND (d.country, d.tax_id) IN (SELECT country, tax_id FROM keys)`,
  )}
),
exposure AS (${DEBTOR_EXPOSURE}
)
SELECT book.debtor_country, book.debtor_tax_id, book.debtor_name, book.limit_id, book.limit_amount,
       book.limit_status, book.limit_source, book.limit_source_ref, book.note, book.decided_at,
       book.outstanding, book.committed, book.offered, book.overdue_count, book.oldest_overdue,
       book.frozen, book.seller_marked_paid
  FROM (
    SELECT k.country AS debtor_country, k.tax_id AS debtor_tax_id,
           ${DEBTOR_LINE}
      FROM keys k
      LEFT JOIN limit_rows l ON l.debtor_country = k.country AND l.debtor_tax_id = k.tax_id
      LEFT JOIN exposure e ON e.debtor_country = k.country AND e.debtor_tax_id = k.tax_id
      ${SEEN_NAME}
  ) book
 ORDER BY ${order}`;
};

const PAGE_COLUMNS = [
  'debtor_country',
  'debtor_tax_id',
  'debtor_name',
  'limit_id',
  'limit_amount',
  'limit_status',
  'limit_source',
  'limit_source_ref',
  'note',
  'decided_at',
  'outstanding',
  'committed',
  'offered',
  'overdue_count',
  'oldest_overdue',
  'frozen',
  'seller_marked_paid',
] as const;
const FIRST_PAGE = namedStatement<DebtorBookRow>()({
  name: 'limits.debtor-book-page',
  columns: PAGE_COLUMNS,
  sql: pageSql(false),
});
const LATER_PAGE = namedStatement<DebtorBookRow>()({
  name: 'limits.debtor-book-page-after',
  columns: PAGE_COLUMNS,
  sql: pageSql(true),
});

/**
 * One page of the debtor book: up to `limit` lines after `after` (null: from the first). A line's
 * key in the book's order is its country and tax id as they are, so it is not read as a column.
 */
export async function debtorBookPage(
  q: Queryable,
  scope: BookScope,
  page: { limit: number; after: KeyPosition | null },
): Promise<(DebtorBookRow & KeyedRow)[]> {
  const statement = page.after === null ? FIRST_PAGE : LATER_PAGE;
  const rows = await scopedStatement(q, scope, statement, [
    scope.now,
    scope.today,
    page.limit,
    ...(page.after ?? []),
  ]);
  return rows.map((row) => Object.assign(row, { page_key: [row.debtor_country, row.debtor_tax_id] }));
}
