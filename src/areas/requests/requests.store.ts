import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, scopedCount } from '../../platform/db/scoped.ts';
import { type NoRow, namedStatement, runStatement } from '../../platform/db/statements.ts';
import type { RequestStatus } from './requests.status.ts';
import { visibleToFunder } from './requests.visibility.ts';

export type ConsentLevel = 'receipt' | 'acknowledgment' | 'acceptance';

export interface RequestRow {
  id: string;
  plane: Plane;
  request_ref: string;
  type: 'factoring' | 'confirming';
  status: RequestStatus;
  seller_id: string;
  seller_name: string;
  seller_tax_id: string;
  seller_country: string;
  seller_verification_status: string;
  total_amount: string;
  advance_amount: string;
  assigned_funder_id: string | null;
  consent_level_required: ConsentLevel | null;
  programme_terms: Record<string, unknown> | null;
  /** The disclosure now: the terms' own until a confidential request is announced. */
  disclosure: 'announced' | 'confidential' | null;
  announced_at: Date | null;
  announced_trigger: string | null;
  /** The operator's reason when the announcement was theirs; null otherwise. */
  announce_reason: string | null;
  routed_at: Date | null;
  accepted_offer_id: string | null;
  approved_at: Date | null;
  funder_of_record_id: string | null;
  funded_at: Date | null;
  funded_value_date: string | null;
  funded_reference: string | null;
  funded_amount: string | null;
  settled_amount: string;
  settled_at: Date | null;
  closed_at: Date | null;
  close_reason: string | null;
  close_note: string | null;
  created_at: Date;
  updated_at: Date;
  invoice_count: number;
  /** The sandbox key that made the request with the sandbox helper; null for any other. */
  sandbox_key_id: string | null;
  /** Days the request lives ahead of the service clock (sandbox only; else 0). */
  sandbox_offset_days: number;
}

/**
 * The request's own columns, written out rather than `r.*`: a statement named once (parsed and
 * kept per connection) would be refused by PostgreSQL once a migration added a column, had it
 * asked for `*`. A column added to funding_requests that a read needs is added here and to
 * `RequestRow`; the type check and the named statements' test hold the three together.
 */
const FUNDING_REQUEST_COLUMNS = [
  'id',
  'plane',
  'request_ref',
  'type',
  'status',
  'seller_id',
  'total_amount',
  'advance_amount',
  'assigned_funder_id',
  'consent_level_required',
  'programme_terms',
  'routed_at',
  'accepted_offer_id',
  'approved_at',
  'funder_of_record_id',
  'funded_at',
  'funded_value_date',
  'funded_reference',
  'funded_amount',
  'settled_amount',
  'settled_at',
  'closed_at',
  'close_reason',
  'close_note',
  'created_at',
  'updated_at',
  'disclosure',
  'announced_at',
  'announced_trigger',
  'announce_reason',
  'sandbox_key_id',
  'sandbox_offset_days',
] as const;

/** Every column of a `RequestRow`: the request's own, then its seller's and its invoice count. */
const REQUEST_ROW_COLUMNS = [
  ...FUNDING_REQUEST_COLUMNS,
  'seller_name',
  'seller_tax_id',
  'seller_country',
  'seller_verification_status',
  'invoice_count',
] as const;

const REQUEST_COLUMNS = FUNDING_REQUEST_COLUMNS.map((column) => `r.${column}`).join(', ');

const REQUEST_SELECT = `
  SELECT ${REQUEST_COLUMNS}, s.name AS seller_name, s.tax_id AS seller_tax_id, s.country AS seller_country,
         s.verification_status AS seller_verification_status,
         (SELECT count(*)::int FROM request_invoices ri WHERE ri.request_id = r.id) AS invoice_count
    FROM funding_requests r JOIN sellers_read s ON s.id = r.seller_id`;

/**
 * The requests a funder may reach, as a condition on a request id column: its plane and the
 * visibility rule. `$p` and `$f` are the parameters holding the plane and the funder.
 */
export const requestInScope = (column: string, plane: string, funder: string): string =>
  `${column} IN (SELECT vr.id FROM funding_requests vr WHERE vr.plane = ${plane} AND ${visibleToFunder('vr', funder)})`;

/**
 * Of the request ids in the array `ids`, those a funder may reach (its plane and the visibility
 * rule), as an array: for reading what hangs from a known set of requests by their keys, the
 * rule checked once per request rather than once per row read.
 */
export const reachableRequests = (ids: string, plane: string, funder: string): string =>
  `ARRAY(SELECT vr.id FROM funding_requests vr
          WHERE vr.id = ANY(${ids}) AND vr.plane = ${plane} AND ${visibleToFunder('vr', funder)})`;

/**
 * A request as one funder may see it: on its plane, routed to it now or acted on by it. With
 * `lock` the request row (only it) is locked by the same scoped statement.
 */
const visibleRequest = (lock: boolean) =>
  namedStatement<RequestRow>()({
    name: lock ? 'request_visible_locked' : 'request_visible',
    columns: REQUEST_ROW_COLUMNS,
    sql: `${REQUEST_SELECT} WHERE r.id = $1 AND r.plane = $2 AND ${visibleToFunder('r', '$3')}${lockClause(lock, 'r')}`,
  });
const VISIBLE_REQUEST = visibleRequest(false);
const VISIBLE_REQUEST_LOCKED = visibleRequest(true);

export async function findVisibleRequest(
  q: Queryable,
  scope: FunderScope,
  id: string,
  options: LockOption = {},
): Promise<RequestRow | null> {
  const statement = options.lock ? VISIBLE_REQUEST_LOCKED : VISIBLE_REQUEST;
  const { rows } = await runStatement(q, statement, [id, scope.plane, scope.funderId]);
  return rows[0] ?? null;
}

/** The operations team's read of any request, on any plane; `lock` locks it first. */
export async function findRequestForOps(q: Queryable, id: string, options: LockOption = {}) {
  const { rows } = await q.query<RequestRow>(
    `${REQUEST_SELECT} WHERE r.id = $1${options.lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

// ------------------------------------------------------------------ writes of the request row

/** The columns a move may change beside the status (never the status itself). */
export type RequestChanges = Partial<
  Record<
    | 'assigned_funder_id'
    | 'routed_at'
    | 'consent_level_required'
    | 'programme_terms'
    | 'disclosure'
    | 'accepted_offer_id'
    | 'approved_at'
    | 'advance_amount'
    | 'funder_of_record_id'
    | 'funded_at'
    | 'funded_value_date'
    | 'funded_reference'
    | 'funded_amount'
    | 'settled_amount'
    | 'settled_at'
    | 'closed_at'
    | 'close_reason'
    | 'close_note',
    unknown
  >
>;

function updateSql(changes: RequestChanges, first: number) {
  const columns = Object.keys(changes) as (keyof RequestChanges)[];
  return {
    sets: columns.map((column, i) => `, ${column} = $${i + first}`).join(''),
    values: columns.map((column) => changes[column]),
  };
}

/**
 * A funder's move in one statement: the status and the columns that go with it, the history
 * line, and, with `acted`, the mark that the funder acted on the request, each written only when
 * the request is on the funder's plane and visible to it (the status write's own condition, which
 * the two other writes take from its result). Answers whether the request was written.
 */
export async function moveForFunder(
  q: Queryable,
  scope: FunderScope,
  move: {
    id: string;
    from: RequestStatus;
    to: RequestStatus;
    trigger: string;
    actor: Record<string, string>;
    at: Date;
    changes: RequestChanges;
    acted: boolean;
  },
): Promise<boolean> {
  const { sets, values } = updateSql(move.changes, 9);
  const { rows } = await q.query<{ moved: number }>(
    `WITH moved AS (
       UPDATE funding_requests r SET status = $2, updated_at = $3${sets}
        WHERE r.id = $1 AND r.plane = $4 AND ${visibleToFunder('r', '$5')}
       RETURNING r.id, r.plane
     ), line AS (
       INSERT INTO request_history (request_id, plane, from_status, to_status, trigger, actor, at)
       SELECT m.id, m.plane, $6, $2, $7, $8, $3 FROM moved m
     )${
       move.acted
         ? `, acted AS (
       INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at, acted_at)
       SELECT m.id, $5, m.plane, $3, $3 FROM moved m
       ON CONFLICT (funder_id, request_id) DO UPDATE SET acted_at = coalesce(request_funders.acted_at, $3)
     )`
         : ''
     }
     SELECT count(*)::int AS moved FROM moved`,
    [
      move.id,
      move.to,
      move.at,
      scope.plane,
      scope.funderId,
      move.from,
      move.trigger,
      JSON.stringify(move.actor),
      ...values,
    ],
    // Named (parsed and planned once) when it writes the status alone, a fixed text.
    values.length === 0 ? { name: move.acted ? 'request_move_acted' : 'request_move' } : undefined,
  );
  return (rows[0]?.moved ?? 0) > 0;
}

/** The same write for the operations team (routing, the seller's and debtors' answers). */
export async function updateStatusForOps(
  q: Queryable,
  id: string,
  to: RequestStatus,
  at: Date,
  changes: RequestChanges,
): Promise<boolean> {
  const { sets, values } = updateSql(changes, 4);
  const result = await q.query(
    `UPDATE funding_requests SET status = $2, updated_at = $3${sets} WHERE id = $1`,
    [id, to, at, ...values],
  );
  return result.rowCount > 0;
}

/** Changes columns that are not part of a move (the consent level), for a funder. */
export async function updateRequest(
  q: Queryable,
  scope: FunderScope,
  id: string,
  at: Date,
  changes: RequestChanges,
): Promise<void> {
  const { sets, values } = updateSql(changes, 5);
  await scopedCount(
    q,
    scope,
    `UPDATE funding_requests r SET updated_at = $4${sets}
      WHERE r.id = $3 AND r.plane = $2 AND ${visibleToFunder('r', '$1')}`,
    [id, at, ...values],
  );
}

export interface HistoryEntry {
  requestId: string;
  from: RequestStatus | null;
  to: RequestStatus;
  trigger: string;
  actor: Record<string, string>;
  at: Date;
}

/** The same line for a move of the operations team or the parties it plays. */
export async function insertHistoryForOps(q: Queryable, entry: HistoryEntry): Promise<void> {
  await q.query(
    `INSERT INTO request_history (request_id, plane, from_status, to_status, trigger, actor, at)
     SELECT r.id, r.plane, $2, $3, $4, $5, $6 FROM funding_requests r WHERE r.id = $1`,
    [entry.requestId, entry.from, entry.to, entry.trigger, JSON.stringify(entry.actor), entry.at],
  );
}

/** Marks that a funder acted on a request: it keeps seeing it, read only, after re-routing. */
const MARK_ACTED = namedStatement<NoRow>()({
  name: 'request_mark_acted',
  columns: [],
  sql: `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at, acted_at)
     SELECT r.id, $2, r.plane, $4, $4 FROM funding_requests r WHERE r.id = $1 AND r.plane = $3
     ON CONFLICT (funder_id, request_id) DO UPDATE SET acted_at = coalesce(request_funders.acted_at, $4)`,
});

export async function markActed(q: Queryable, scope: FunderScope, requestId: string, at: Date) {
  await runStatement(q, MARK_ACTED, [requestId, scope.funderId, scope.plane, at]);
}

/** Remembers that a request was routed to a funder (the operations team's routing). */
export async function recordRoutedForOps(
  q: Queryable,
  requestId: string,
  funderId: string,
  plane: Plane,
  at: Date,
) {
  await q.query(
    `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (funder_id, request_id) DO NOTHING`,
    [requestId, funderId, plane, at],
  );
}

// ------------------------------------------------------------------ a seller's new request

/** Which of these invoices already sit in a request still in flight. */
export async function invoicesInFlightForOps(
  q: Queryable,
  invoiceIds: readonly string[],
): Promise<Set<string>> {
  const { rows } = await q.query<{ invoice_id: string }>(
    `SELECT ri.invoice_id FROM request_invoices ri JOIN funding_requests r ON r.id = ri.request_id
      WHERE ri.invoice_id = ANY($1::uuid[]) AND r.status NOT IN ('declined', 'rejected', 'cancelled')`,
    [invoiceIds],
  );
  return new Set(rows.map((row) => row.invoice_id));
}

export async function nextRequestNumberForOps(q: Queryable): Promise<string> {
  return (await q.query<{ n: string }>(`SELECT nextval('request_ref_seq')::text AS n`)).rows[0]!.n;
}

export async function insertRequestForOps(
  q: Queryable,
  row: {
    id: string;
    plane: Plane;
    ref: string;
    type: 'factoring' | 'confirming';
    status: RequestStatus;
    sellerId: string;
    totalAmount: string;
    advanceAmount: string;
    invoiceIds: readonly string[];
    at: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                   created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [
      row.id,
      row.plane,
      row.ref,
      row.type,
      row.status,
      row.sellerId,
      row.totalAmount,
      row.advanceAmount,
      row.at,
    ],
  );
  await q.query(
    `INSERT INTO request_invoices (request_id, invoice_id, position)
     SELECT $1, invoice_id, ord FROM unnest($2::uuid[]) WITH ORDINALITY AS t(invoice_id, ord)`,
    [row.id, row.invoiceIds],
  );
}

/** A request's status alone, for the operations team's answers. */
export async function statusForOps(q: Queryable, id: string): Promise<RequestStatus | null> {
  const { rows } = await q.query<{ status: RequestStatus }>(
    'SELECT status FROM funding_requests WHERE id = $1',
    [id],
  );
  return rows[0]?.status ?? null;
}

/**
 * The funders that see a request now, on its plane: the one it is routed to and those that acted
 * on it (the visibility rule, docs/decisions/requests.md). For the operations team and the
 * sandbox helpers, whose writes tell each of them of a change (requests.changes.ts).
 */
export async function viewersForOps(q: Queryable, id: string): Promise<string[]> {
  const { rows } = await q.query<{ funder_id: string }>(
    `SELECT r.assigned_funder_id::text AS funder_id FROM funding_requests r
      WHERE r.id = $1 AND r.assigned_funder_id IS NOT NULL
     UNION
     SELECT rf.funder_id::text FROM request_funders rf JOIN funding_requests r ON r.id = rf.request_id
      WHERE rf.request_id = $1 AND rf.plane = r.plane AND rf.acted_at IS NOT NULL
     ORDER BY 1`,
    [id],
  );
  return rows.map((row) => row.funder_id);
}
