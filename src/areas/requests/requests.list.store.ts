import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { defineKeyset, type KeyPosition, keysetKey, keysetOrder } from '../../platform/db/keyset.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';
import type { KeyedRow } from '../../platform/pagination.ts';
import type { RequestStatus } from './requests.status.ts';
import type { RequestRow } from './requests.store.ts';
import { visibleToFunder } from './requests.visibility.ts';

// The funder's request list (GET /v1/requests): its order, its row and its one statement.
/**
 * The request list's total order, newest first: creation time, then the unique reference. A
 * cursor names a row's place in it (platform/pagination.ts).
 */
export const REQUEST_LIST_ORDER = defineKeyset('requests', [
  { sql: 'r.created_at', type: 'timestamp', desc: true },
  { sql: 'r.request_ref', type: 'text', desc: true },
]);

/** Where the first page starts: before every row of the order (no request is created at infinity). */
const FIRST_PAGE: KeyPosition = ['infinity', ''];

/** What a list item shows of a request (requestView) and reads of it (its own time: requestNow). */
export type RequestListRow = Pick<
  RequestRow,
  | 'id'
  | 'request_ref'
  | 'type'
  | 'status'
  | 'total_amount'
  | 'advance_amount'
  | 'seller_name'
  | 'seller_tax_id'
  | 'invoice_count'
  | 'assigned_funder_id'
  | 'consent_level_required'
  | 'created_at'
  | 'routed_at'
  | 'approved_at'
  | 'funded_at'
  | 'settled_at'
  | 'closed_at'
  | 'updated_at'
  | 'settled_amount'
  | 'sandbox_offset_days'
>;

/**
 * One page of the funder's requests, newest first: read from the funder's visibility rows
 * (migrations 0059 and 0062), which one index gives newest first with each request's status.
 * A request the funder both has routed to it and acted on has two rows (one per reason), so the
 * first `2 * limit` rows hold at least the page's `limit` requests, deduplicated before the cut.
 * Only the page's rows are then read again by key, with the columns a list item shows, joined to
 * their sellers and their invoices counted in one grouped read, so the statement reads about a
 * page of rows whatever the size of the plane or of what the funder sees (bench/README.md,
 * "Request reads"). The page's rows are checked against the visibility rule on the base tables
 * too (visibleToFunder), so this store's wall does not rest on the rows the policies also read
 * (docs/decisions/isolation.md). `= ANY(ARRAY(...))` keeps each step on its index: as a join
 * the planner scanned the whole table under the policies. The order is total: creation time,
 * then the unique reference (REQUEST_LIST_ORDER). A page after a cursor starts below its key in
 * the same index (`($5, $6)`, a row comparison on the index's columns); the first page starts
 * below a key no row reaches, so both read through one plan.
 */
/** A list item's row with its place in the list's order. */
export type RequestPageRow = RequestListRow & KeyedRow;

const LIST_PAGE = namedStatement<RequestPageRow>()({
  name: 'request_list_page',
  columns: [
    'id',
    'request_ref',
    'type',
    'status',
    'total_amount',
    'advance_amount',
    'assigned_funder_id',
    'consent_level_required',
    'created_at',
    'routed_at',
    'approved_at',
    'funded_at',
    'settled_at',
    'closed_at',
    'updated_at',
    'settled_amount',
    'sandbox_offset_days',
    'seller_name',
    'seller_tax_id',
    'invoice_count',
    'page_key',
  ],
  sql: `WITH cut AS (
       SELECT v.request_id AS id, v.created_at, v.request_ref FROM funder_request_visibility v
        WHERE v.funder_id = $1 AND v.plane = $2 AND v.status = ANY($3::text[])
          AND (v.created_at, v.request_ref) < ($5::timestamptz, $6::text)
        ORDER BY v.created_at DESC, v.request_ref DESC LIMIT 2 * $4
     ), page AS (
       SELECT DISTINCT id, created_at, request_ref FROM cut ORDER BY created_at DESC, request_ref DESC LIMIT $4
     )
     SELECT r.id, r.request_ref, r.type, r.status, r.total_amount, r.advance_amount, r.assigned_funder_id,
            r.consent_level_required, r.created_at, r.routed_at, r.approved_at, r.funded_at, r.settled_at,
            r.closed_at, r.updated_at, r.settled_amount, r.sandbox_offset_days,
            s.name AS seller_name, s.tax_id AS seller_tax_id, coalesce(c.n, 0) AS invoice_count,
            ${keysetKey(REQUEST_LIST_ORDER)}
       FROM funding_requests r JOIN sellers_read s ON s.id = r.seller_id
       LEFT JOIN (SELECT ri.request_id, count(*)::int AS n FROM request_invoices ri
                   WHERE ri.request_id = ANY(ARRAY(SELECT id FROM page)) GROUP BY ri.request_id) c
         ON c.request_id = r.id
      WHERE r.id = ANY(ARRAY(SELECT id FROM page)) AND r.plane = $2 AND ${visibleToFunder('r', '$1')}
      ORDER BY ${keysetOrder(REQUEST_LIST_ORDER)}`,
});

/** Up to `limit` of the funder's requests of `statuses` after `after` (null: from the newest). */
export async function listVisibleRequests(
  q: Queryable,
  scope: FunderScope,
  statuses: readonly RequestStatus[],
  limit: number,
  after: KeyPosition | null,
): Promise<RequestPageRow[]> {
  const [at, ref] = after ?? FIRST_PAGE;
  const { rows } = await runStatement(q, LIST_PAGE, [scope.funderId, scope.plane, statuses, limit, at, ref]);
  return rows;
}
