import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { defineKeyset, type KeyPosition, keysetKey, keysetOrder } from '../../platform/db/keyset.ts';
import { type NoRow, namedStatement, runStatement } from '../../platform/db/statements.ts';
import type { KeyedRow } from '../../platform/pagination.ts';
import { counselRequired } from '../settings/settings.module.ts';
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
 * One page of the funder's requests, newest first, with their kept items (migration 0076): read
 * from the funder's visibility rows (migrations 0059 and 0062), which one index gives newest first
 * with each request's status. A request the funder both has routed to it and acted on has two
 * rows (one per reason), so the first `2 * limit` rows hold at least the page's `limit` requests,
 * deduplicated before the cut. The page's requests are checked against the visibility rule on
 * the base tables too (visibleToFunder), so this store's wall does not rest on the rows the
 * policies also read (docs/decisions/isolation.md). Each row comes with its kept item where it is
 * still the one to show: written at the row's stamp, under the funder's consent policy of now
 * (read here, as the settings give it), as it reads at `$7` (before its own next change, or after it where that was written);
 * else `item` is null and the service builds it.
 * `= ANY(ARRAY(...))` keeps the check on the requests' primary key: as a join the planner scanned
 * the whole table under the policies. The order is total: creation time, then the
 * unique reference (REQUEST_LIST_ORDER). A page after a cursor starts below its key in the same
 * index (`($5, $6)`, a row comparison on the index's columns); the first page starts below a key
 * no row reaches, so both read through one plan.
 */
export interface RequestPageRow extends KeyedRow {
  id: string;
  /** The stamp of the request's item row (null: no row, nothing to write back). */
  stamp: string | null;
  /** The kept item, as JSON, while it holds; else null. */
  item: string | null;
  /** When the kept item reads otherwise by itself (an offer running out), if ever. */
  flips_at: Date | null;
}

const LIST_PAGE = namedStatement<RequestPageRow>()({
  name: 'request_list_kept_page',
  columns: ['id', 'page_key', 'stamp', 'item', 'flips_at'],
  sql: `WITH cut AS (
       SELECT v.request_id AS id, v.created_at, v.request_ref FROM funder_request_visibility v
        WHERE v.funder_id = $1 AND v.plane = $2 AND v.status = ANY($3::text[])
          AND (v.created_at, v.request_ref) < ($5::timestamptz, $6::text)
        ORDER BY v.created_at DESC, v.request_ref DESC LIMIT 2 * $4
     ), page AS (
       SELECT DISTINCT id, created_at, request_ref FROM cut ORDER BY created_at DESC, request_ref DESC LIMIT $4
     )
     SELECT r.id, ${keysetKey(REQUEST_LIST_ORDER)}, k.stamp::text AS stamp,
            CASE WHEN k.item_stamp IS DISTINCT FROM k.stamp OR k.item_counsel IS DISTINCT FROM (${counselRequired('$1', '$2')}) THEN NULL
                 WHEN k.flips_at IS NULL OR k.flips_at > $7::timestamptz THEN k.item
                 ELSE k.item_after END AS item,
            k.flips_at
       FROM funding_requests f JOIN page r ON r.id = f.id
       LEFT JOIN funder_request_items k ON k.funder_id = $1 AND k.request_id = f.id AND k.plane = $2
      WHERE f.id = ANY(ARRAY(SELECT id FROM page)) AND f.plane = $2 AND ${visibleToFunder('f', '$1')}
      ORDER BY ${keysetOrder(REQUEST_LIST_ORDER)}`,
});

/**
 * Up to `limit` of the funder's requests of `statuses` after `after` (null: from the newest),
 * with the kept items that still hold at `now`.
 */
export async function listVisibleRequests(
  q: Queryable,
  scope: FunderScope,
  statuses: readonly RequestStatus[],
  limit: number,
  after: KeyPosition | null,
  now: Date,
): Promise<RequestPageRow[]> {
  const [at, ref] = after ?? FIRST_PAGE;
  const { rows } = await runStatement(q, LIST_PAGE, [
    scope.funderId,
    scope.plane,
    statuses,
    limit,
    at,
    ref,
    now,
  ]);
  return rows;
}

/**
 * The given requests as a list item shows them, those the funder may see only: read by key, with
 * the columns a list item shows, joined to their sellers and their invoices counted in one grouped
 * read. Checked against the visibility rule on the base tables (visibleToFunder), so the items
 * built from them do not rest on the rows the policies also read (docs/decisions/isolation.md).
 */
const LIST_ROWS = namedStatement<RequestListRow>()({
  name: 'request_list_rows',
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
  ],
  sql: `SELECT r.id, r.request_ref, r.type, r.status, r.total_amount, r.advance_amount, r.assigned_funder_id,
            r.consent_level_required, r.created_at, r.routed_at, r.approved_at, r.funded_at, r.settled_at,
            r.closed_at, r.updated_at, r.settled_amount, r.sandbox_offset_days,
            s.name AS seller_name, s.tax_id AS seller_tax_id, coalesce(c.n, 0) AS invoice_count
       FROM funding_requests r JOIN sellers_read s ON s.id = r.seller_id
       LEFT JOIN (SELECT ri.request_id, count(*)::int AS n FROM request_invoices ri
                   WHERE ri.request_id = ANY($3::uuid[]) GROUP BY ri.request_id) c
         ON c.request_id = r.id
      WHERE r.id = ANY($3::uuid[]) AND r.plane = $2 AND ${visibleToFunder('r', '$1')}`,
});

/** The rows of the given requests the funder may see, for their list items (in no order). */
export async function listRowsOf(
  q: Queryable,
  scope: FunderScope,
  ids: readonly string[],
): Promise<RequestListRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await runStatement(q, LIST_ROWS, [scope.funderId, scope.plane, ids]);
  return rows;
}

/** An item written for the list, to keep: at the stamp read with its page, as of no moment. */
export interface ItemToKeep {
  id: string;
  stamp: string;
  item: string;
  /** The item once `flipsAt` has passed (null: not written, built again then). */
  after: string | null;
  flipsAt: Date | null;
}

const KEEP_ITEMS = namedStatement<NoRow>()({
  name: 'request_list_keep_items',
  columns: [],
  sql: `UPDATE funder_request_items k
        SET item = f.item, item_after = f.item_after, item_stamp = f.stamp, item_counsel = $3::boolean,
            flips_at = f.flips_at
       FROM unnest($4::uuid[], $5::bigint[], $6::text[], $7::text[], $8::timestamptz[])
            AS f(request_id, stamp, item, item_after, flips_at)
      WHERE k.funder_id = $1 AND k.plane = $2 AND k.request_id = f.request_id AND k.stamp = f.stamp
        AND k.request_id IN (SELECT l.request_id FROM funder_request_items l
                              WHERE l.funder_id = $1 AND l.request_id = ANY($4::uuid[])
                                FOR UPDATE SKIP LOCKED)`,
});

/**
 * Keeps the items built for the list (migration 0076), each where its row's stamp is still the
 * one read with the page: a write since has a newer stamp and its item is built again by the next
 * read. A row a running write holds is skipped, so a read never waits for one.
 */
export async function keepItems(
  q: Queryable,
  scope: FunderScope,
  counsel: boolean,
  items: readonly ItemToKeep[],
): Promise<void> {
  if (items.length === 0) return;
  await runStatement(q, KEEP_ITEMS, [
    scope.funderId,
    scope.plane,
    counsel,
    items.map((i) => i.id),
    items.map((i) => i.stamp),
    items.map((i) => i.item),
    items.map((i) => i.after),
    items.map((i) => i.flipsAt),
  ]);
}

/** The stamp of one kept item's row now (a statement of its own: what committed since is seen). */
export async function itemStampOf(q: Queryable, scope: FunderScope, id: string): Promise<string | null> {
  const { rows } = await q.query<{ stamp: string }>(
    'SELECT stamp::text AS stamp FROM funder_request_items WHERE funder_id = $1 AND plane = $2 AND request_id = $3',
    [scope.funderId, scope.plane, id],
  );
  return rows[0]?.stamp ?? null;
}
