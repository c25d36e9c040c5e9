import type { FunderScope } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';

/**
 * What an export holds: one entry per entity, each a read of the funder's own rows. The SQL of
 * every entity is here (and only here); each takes the funder as $1 and the plane as $2 and
 * applies both itself: the worker reads as the operator role, so this SQL is the wall (see
 * docs/decisions.md, "Exports", for why not the funder's role). Columns are an allow-list: a column not named here never leaves the
 * database, which is how secrets, key hashes and tokens stay out.
 *
 * Adding an entity (webhook endpoints, when their table exists) is one more entry in `ENTITIES`.
 */
export type ColumnType =
  | 'uuid'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'timestamp'
  | 'date'
  | 'json'
  | 'text[]';

export interface Column {
  name: string;
  type: ColumnType;
  /** The SQL giving the value; the column of the entity's main alias by default. */
  sql?: string;
}

export interface Entity {
  name: string;
  description: string;
  /** FROM and WHERE of the read, with the funder ($1) and plane ($2) applied. */
  from: string;
  /**
   * Rows that hang off requests: read for one batch of the funder's requests at a time, whose
   * ids are $3 (`r.id = ANY($3::uuid[])` in `from`), instead of in keyset pages of their own.
   */
  byRequest?: boolean;
  /** The main table's alias, for columns given by name only. */
  alias: string;
  /** The order rows are read and written in, unique: the keyset pages follow it. */
  key: { sql: string; type: ColumnType }[];
  columns: Column[];
}

/** A request is the funder's to export when routed to it now or acted on by it, on its plane. */
const VISIBLE = (r: string) =>
  `${r}.plane = $2 AND (${r}.assigned_funder_id = $1 OR EXISTS (
     SELECT 1 FROM request_funders rf WHERE rf.request_id = ${r}.id AND rf.funder_id = $1 AND rf.acted_at IS NOT NULL))`;

const col = (name: string, type: ColumnType, sql?: string): Column =>
  sql ? { name, type, sql } : { name, type };
const id = (alias: string) => [{ sql: `${alias}.id`, type: 'uuid' as const }];
const OWN = (alias: string) => `${alias}.funder_id = $1 AND ${alias}.plane = $2`;
/** The batch of requests being read, each still checked visible. */
const OF_BATCH = `($3::uuid[] IS NULL OR r.id = ANY($3::uuid[])) AND ${VISIBLE('r')}`;

export const ENTITIES: readonly Entity[] = [
  {
    name: 'requests',
    description: 'Funding requests routed to you or that you acted on',
    alias: 'r',
    from: `funding_requests r WHERE ${VISIBLE('r')}`,
    key: id('r'),
    columns: [
      col('id', 'uuid'),
      col('request_ref', 'text'),
      col('type', 'text'),
      col('status', 'text'),
      col('seller_id', 'uuid'),
      col('total_amount', 'decimal'),
      col('advance_amount', 'decimal'),
      col('routed_to_you_now', 'boolean', 'coalesce(r.assigned_funder_id = $1, false)'),
      col('consent_level_required', 'text'),
      col('programme_terms', 'json'),
      col('routed_at', 'timestamp'),
      col('approved_at', 'timestamp'),
      col('funded_at', 'timestamp'),
      col('funded_value_date', 'date'),
      col('funded_reference', 'text'),
      col('funded_amount', 'decimal'),
      col('settled_amount', 'decimal'),
      col('settled_at', 'timestamp'),
      col('closed_at', 'timestamp'),
      col('close_reason', 'text'),
      col('close_note', 'text'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
  },
  {
    name: 'request_history',
    description: 'Every status change of those requests',
    alias: 'h',
    from: `request_history h JOIN funding_requests r ON r.id = h.request_id WHERE h.plane = $2 AND ${OF_BATCH}`,
    byRequest: true,
    key: [
      { sql: 'h.request_id', type: 'uuid' },
      { sql: 'h.id', type: 'integer' },
    ],
    columns: [
      col('id', 'integer'),
      col('request_id', 'uuid'),
      col('from_status', 'text'),
      col('to_status', 'text'),
      col('trigger', 'text'),
      col('actor_kind', 'text', `h.actor->>'kind'`),
      col('at', 'timestamp'),
    ],
  },
  {
    name: 'offers',
    description: 'Your offers',
    alias: 'o',
    from: `offers o WHERE ${OWN('o')}`,
    key: id('o'),
    columns: [
      col('id', 'uuid'),
      col('request_id', 'uuid'),
      col('key_id', 'uuid'),
      col('rate', 'decimal'),
      col('advance_pct', 'decimal'),
      col('days', 'integer'),
      col('advance_amount', 'decimal'),
      col('notes', 'text'),
      col('valid_days', 'integer'),
      col('status', 'text'),
      col('submitted_at', 'timestamp'),
      col('expires_at', 'timestamp'),
      col('accepted_at', 'timestamp'),
      col('closed_at', 'timestamp'),
    ],
  },
  {
    name: 'invoices',
    description: 'Invoices of those requests: one line per request carrying the invoice, in its order',
    alias: 'i',
    from: `request_invoices ri JOIN funding_requests r ON r.id = ri.request_id JOIN invoices i ON i.id = ri.invoice_id
      WHERE i.plane = $2 AND ${OF_BATCH}`,
    byRequest: true,
    key: [
      { sql: 'ri.request_id', type: 'uuid' },
      { sql: 'ri.position', type: 'integer' },
    ],
    columns: [
      col('request_id', 'uuid', 'ri.request_id'),
      col('position', 'integer', 'ri.position'),
      col('id', 'uuid'),
      col('seller_id', 'uuid'),
      col('debtor_id', 'uuid'),
      col('number', 'text'),
      col('amount', 'decimal'),
      col('currency', 'text'),
      col('issue_date', 'date'),
      col('due_date', 'date'),
      col('source', 'text'),
      col('seller_marked_paid_at', 'timestamp'),
      col('created_at', 'timestamp'),
    ],
  },
  {
    name: 'invoice_checks',
    description: 'Verification of invoices: the signals raised on them and their review',
    alias: 's',
    from: `risk_signals s JOIN funding_requests r ON r.id = s.request_id WHERE s.plane = $2 AND ${OF_BATCH}`,
    byRequest: true,
    key: [
      { sql: 's.request_id', type: 'uuid' },
      { sql: 's.id', type: 'uuid' },
    ],
    columns: [
      col('id', 'uuid'),
      col('request_id', 'uuid'),
      col('invoice_id', 'uuid'),
      col('code', 'text'),
      col('severity', 'text'),
      col('hard', 'boolean'),
      col('status', 'text'),
      col('detail', 'text'),
      col('raised_at', 'timestamp'),
      col('reviewed_at', 'timestamp'),
      col('review_note', 'text'),
    ],
  },
  {
    name: 'disputes',
    description: 'Disputes raised on those requests',
    alias: 'd',
    from: `disputes d JOIN funding_requests r ON r.id = d.request_id WHERE d.plane = $2 AND ${OF_BATCH}`,
    byRequest: true,
    key: [
      { sql: 'd.request_id', type: 'uuid' },
      { sql: 'd.id', type: 'uuid' },
    ],
    columns: [
      col('id', 'uuid'),
      col('request_id', 'uuid'),
      col('debtor_id', 'uuid'),
      col('invoice_id', 'uuid'),
      col('raised_by', 'text'),
      col('reason', 'text'),
      col('status', 'text'),
      col('raised_at', 'timestamp'),
      col('resolved_at', 'timestamp'),
      col('resolution', 'text'),
    ],
  },
  {
    name: 'sellers',
    description: 'Sellers of those requests: company data and verification (KYC) summary',
    alias: 's',
    from: `sellers s WHERE s.plane = $2 AND EXISTS (SELECT 1 FROM funding_requests r WHERE r.seller_id = s.id AND ${VISIBLE('r')})`,
    key: id('s'),
    columns: [
      col('id', 'uuid'),
      col('name', 'text'),
      col('tax_id', 'text'),
      col('country', 'text'),
      col('verification_status', 'text'),
      col('founded_on', 'date'),
      col('annual_revenue', 'decimal'),
      col('employees', 'integer'),
      col('sector', 'text'),
      col(
        'score_grade',
        'text',
        '(SELECT sc.grade FROM seller_scores sc WHERE sc.seller_id = s.id ORDER BY sc.computed_at DESC LIMIT 1)',
      ),
      col('created_at', 'timestamp'),
    ],
  },
  {
    name: 'debtors',
    description: 'Debtors of the invoices of those requests',
    alias: 'd',
    from: `debtors d WHERE d.plane = $2 AND EXISTS (
      SELECT 1 FROM invoices i JOIN request_invoices ri ON ri.invoice_id = i.id
        JOIN funding_requests r ON r.id = ri.request_id WHERE i.debtor_id = d.id AND ${VISIBLE('r')})`,
    key: id('d'),
    columns: [
      col('id', 'uuid'),
      col('name', 'text'),
      col('tax_id', 'text'),
      col('country', 'text'),
      col('is_public_body', 'boolean'),
      col('created_at', 'timestamp'),
    ],
  },
  {
    name: 'notices',
    description: 'Notices of assignment to debtors, their answers and the declaration they signed',
    alias: 'n',
    from: `debtor_notices n JOIN funding_requests r ON r.id = n.request_id WHERE n.plane = $2 AND ${OF_BATCH}`,
    byRequest: true,
    key: [
      { sql: 'n.request_id', type: 'uuid' },
      { sql: 'n.id', type: 'uuid' },
    ],
    columns: [
      col('id', 'uuid'),
      col('request_id', 'uuid'),
      col('debtor_id', 'uuid'),
      col('status', 'text'),
      col('level_required', 'text'),
      col('level_achieved', 'text'),
      col('channel', 'text'),
      col('declaration_text_id', 'uuid'),
      col('declaration_text', 'text'),
      col('declaration_counsel_approved', 'boolean'),
      col('signer_name', 'text'),
      col('signer_role', 'text'),
      col('signer_email', 'text'),
      col('dispute_reason', 'text'),
      col('answered_at', 'timestamp'),
      col('created_at', 'timestamp'),
    ],
  },
  {
    name: 'evidence_entries',
    description: 'Evidence-chain entries about your operations, with their hashes',
    alias: 'e',
    from: `evidence_entries e WHERE ${OWN('e')}`,
    key: [{ sql: 'e.seq', type: 'integer' }],
    columns: [
      col('seq', 'integer'),
      col('id', 'uuid'),
      col('actor', 'json'),
      col('kind', 'text'),
      col('subject_type', 'text'),
      col('subject_id', 'text'),
      col('payload', 'json'),
      col(
        'recorded_at',
        'timestamp',
        `to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      ),
      col('day', 'date'),
      col('prev_hash', 'text'),
      col('hash', 'text'),
    ],
  },
  {
    name: 'evidence_day_roots',
    description: 'Roots of the evidence chain for every day holding one of your entries',
    alias: 'd',
    from: `evidence_day_roots d WHERE EXISTS (SELECT 1 FROM evidence_entries e WHERE e.day = d.day AND ${OWN('e')})`,
    key: [{ sql: 'd.day', type: 'date' }],
    columns: [
      col('day', 'date'),
      col('first_seq', 'integer'),
      col('last_seq', 'integer'),
      col('entry_count', 'integer'),
      col('root_hash', 'text'),
      col('computed_at', 'timestamp'),
    ],
  },
  {
    name: 'settlements',
    description: 'Payments recorded on requests you funded',
    alias: 's',
    from: `settlements s WHERE ${OWN('s')}`,
    key: id('s'),
    columns: [
      col('id', 'uuid'),
      col('request_id', 'uuid'),
      col('amount', 'decimal'),
      col('received_at', 'timestamp'),
      col('reference', 'text'),
      col('note', 'text'),
      col('final', 'boolean'),
      col('source', 'text'),
      col('recorded_at', 'timestamp'),
    ],
  },
  {
    name: 'statements',
    description: 'Bank statements you sent',
    alias: 's',
    from: `statements s WHERE ${OWN('s')}`,
    key: id('s'),
    columns: [
      col('id', 'uuid'),
      col('key_id', 'uuid'),
      col('kind', 'text'),
      col('version', 'text'),
      col('file_name', 'text'),
      col('sha256', 'text'),
      col('size_bytes', 'integer'),
      col('account_iban', 'text'),
      col('account_currency', 'text'),
      col('line_count', 'integer'),
      col('matched_count', 'integer'),
      col('total_credited', 'decimal'),
      col('total_debited', 'decimal'),
      col('first_booking_date', 'date'),
      col('last_booking_date', 'date'),
      col('imported_at', 'timestamp'),
    ],
  },
  {
    name: 'statement_lines',
    description: 'Lines of those statements and what they were matched to',
    alias: 'l',
    from: `statement_lines l WHERE ${OWN('l')}`,
    key: [
      { sql: 'l.statement_id', type: 'uuid' },
      { sql: 'l.line', type: 'integer' },
    ],
    columns: [
      col('statement_id', 'uuid'),
      col('line', 'integer'),
      col('booking_date', 'date'),
      col('value_date', 'date'),
      col('direction', 'text'),
      col('reversal', 'boolean'),
      col('amount', 'decimal'),
      col('currency', 'text'),
      col('bank_reference', 'text'),
      col('end_to_end_id', 'text'),
      col('remittance_text', 'text'),
      col('counterparty_name', 'text'),
      col('counterparty_iban', 'text'),
      col('match_request_id', 'uuid'),
      col('match_method', 'text'),
      col('confirmed_at', 'timestamp'),
      col('confirmed_request_id', 'uuid'),
      col('settlement_id', 'uuid'),
    ],
  },
  {
    name: 'settings',
    description: 'Your rules: consent level, listed buyers, offer validity',
    alias: 's',
    from: `funder_settings s WHERE ${OWN('s')}`,
    key: [{ sql: 's.plane', type: 'text' }],
    columns: [
      col('debtor_consent_level', 'text'),
      col('require_counsel_approved_texts', 'boolean'),
      col('listed_buyers_only', 'boolean'),
      col('offer_validity_days', 'integer'),
      col('updated_at', 'timestamp'),
    ],
  },
  {
    name: 'listed_buyers',
    description: 'The buyers on your list',
    alias: 'b',
    from: `funder_listed_buyers b WHERE ${OWN('b')}`,
    key: [
      { sql: 'b.country', type: 'text' },
      { sql: 'b.tax_id', type: 'text' },
    ],
    columns: [col('country', 'text'), col('tax_id', 'text'), col('added_at', 'timestamp')],
  },
  {
    name: 'required_documents',
    description: 'Documents you require from sellers, per seller country',
    alias: 'd',
    from: `funder_required_documents d WHERE ${OWN('d')}`,
    key: [{ sql: 'd.country', type: 'text' }],
    columns: [
      col('country', 'text'),
      col('codes', 'text[]'),
      col('note', 'text'),
      col('updated_at', 'timestamp'),
    ],
  },
  ...limitBooks(),
  {
    name: 'team',
    description: 'Your funder record (the service keeps no personal portal users yet)',
    alias: 'f',
    from: 'funders f WHERE f.id = $1 AND $2::text IS NOT NULL',
    key: id('f'),
    columns: [
      col('id', 'uuid'),
      col('name', 'text'),
      col('environment', 'text'),
      col('status', 'text'),
      col('created_at', 'timestamp'),
    ],
  },
  {
    name: 'api_keys',
    description: 'Your API keys: name, prefix, scopes and dates, never the key or its hash',
    alias: 'k',
    from: 'api_keys k WHERE k.funder_id = $1 AND $2::text IS NOT NULL',
    key: id('k'),
    columns: [
      col('id', 'uuid'),
      col('name', 'text'),
      col('prefix', 'text'),
      col('scopes', 'text[]'),
      col('created_at', 'timestamp'),
      col('expires_at', 'timestamp'),
      col('revoked_at', 'timestamp'),
      col('revoked_reason', 'text'),
    ],
  },
  {
    name: 'audit_document_links',
    description: 'Audit trail: every document download link your keys were given, and its use',
    alias: 'u',
    from: `document_url_log u WHERE ${OWN('u')}`,
    key: id('u'),
    columns: [
      col('id', 'uuid'),
      col('document_id', 'uuid'),
      col('request_id', 'uuid'),
      col('key_id', 'uuid'),
      col('issued_at', 'timestamp'),
      col('expires_at', 'timestamp'),
      col('downloads', 'integer'),
      col('last_download_at', 'timestamp'),
    ],
  },
  {
    name: 'audit_exports',
    description: 'Audit trail: your exports and every answer that handed out their links',
    alias: 'x',
    from: `export_link_log x WHERE ${OWN('x')}`,
    key: id('x'),
    columns: [
      col('id', 'uuid'),
      col('export_id', 'uuid'),
      col('key_id', 'uuid'),
      col('request_id', 'text'),
      col('issued_at', 'timestamp'),
      col('links_expire_at', 'timestamp'),
      col('volumes', 'integer'),
    ],
  },
  {
    name: 'documents',
    description: 'Documents: the deal files of your requests (names, dates and SHA-256; no contents)',
    alias: 'd',
    from: `deal_file_entries d WHERE ${OWN('d')}`,
    key: id('d'),
    columns: [
      col('id', 'uuid'),
      col('request_id', 'uuid'),
      col('stage', 'text'),
      col('document_id', 'uuid'),
      col('code', 'text'),
      col('file_name', 'text'),
      col('sha256', 'text'),
      col('issued_on', 'date'),
      col('valid_until', 'date'),
      col('verified_at', 'timestamp'),
      col('verification_method', 'text'),
      col('recorded_at', 'timestamp'),
    ],
  },
  {
    name: 'seller_documents',
    description: 'Documents the sellers of your requests hold with the service (no contents)',
    alias: 'd',
    from: `seller_documents d WHERE d.plane = $2 AND EXISTS (
      SELECT 1 FROM funding_requests r WHERE r.seller_id = d.seller_id AND ${VISIBLE('r')})`,
    key: id('d'),
    columns: [
      col('id', 'uuid'),
      col('seller_id', 'uuid'),
      col('code', 'text'),
      col('file_name', 'text'),
      col('sha256', 'text'),
      col('issued_on', 'date'),
      col('valid_until', 'date'),
      col('status', 'text'),
      col('verified_at', 'timestamp'),
      col('verification_method', 'text'),
      col('uploaded_at', 'timestamp'),
    ],
  },
];

function limitBooks(): Entity[] {
  const history = (name: string, table: string, party: Column[]): Entity => ({
    name,
    description: `Every change of your ${name.replace('_history', '').replace('_', ' ')}s`,
    alias: 'h',
    from: `${table} h WHERE ${OWN('h')}`,
    key: [{ sql: 'h.id', type: 'integer' }],
    columns: [
      col('id', 'integer'),
      col('limit_id', 'uuid'),
      ...party,
      col('from_amount', 'decimal'),
      col('from_status', 'text'),
      col('to_amount', 'decimal'),
      col('to_status', 'text'),
      col('to_note', 'text'),
      col('source', 'text'),
      col('source_ref', 'text'),
      col('actor_kind', 'text', `h.actor->>'kind'`),
      col('changed_at', 'timestamp'),
    ],
  });
  const book = (name: string, table: string, party: Column[]): Entity => ({
    name,
    description: `Your ${name.replace('_', ' ')}`,
    alias: 'l',
    from: `${table} l WHERE ${OWN('l')}`,
    key: id('l'),
    columns: [
      col('id', 'uuid'),
      ...party,
      col('amount', 'decimal'),
      col('status', 'text'),
      col('source', 'text'),
      col('source_ref', 'text'),
      col('note', 'text'),
      col('decided_at', 'timestamp'),
      col('created_at', 'timestamp'),
      col('updated_at', 'timestamp'),
    ],
  });
  const debtor = [col('debtor_country', 'text'), col('debtor_tax_id', 'text')];
  const seller = [col('seller_id', 'uuid')];
  return [
    book('credit_limits', 'credit_limits', [...debtor, col('debtor_name', 'text')]),
    history('credit_limit_history', 'credit_limit_history', debtor),
    book('seller_limits', 'seller_limits', seller),
    history('seller_limit_history', 'seller_limit_history', seller),
  ];
}

/**
 * Every row of an entity through a server-side cursor in one read-only transaction
 * (PostgreSQL): one statement, one snapshot, `fetchRows` rows in memory at a time, each batch
 * handed to `onRows` before the next is fetched.
 */
export async function readEntityWithCursor(
  db: Db,
  scope: FunderScope,
  entity: Entity,
  fetchRows: number,
  onRows: (rows: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `DECLARE export_rows NO SCROLL CURSOR FOR
         SELECT ${selectList(entity).join(', ')} FROM ${entity.from}
          ORDER BY ${entity.key.map((k) => k.sql).join(', ')}`,
      entity.byRequest ? [scope.funderId, scope.plane, null] : [scope.funderId, scope.plane],
    );
    for (;;) {
      const { rows } = await tx.query<Record<string, unknown>>(
        `FETCH FORWARD ${Math.trunc(fetchRows)} FROM export_rows`,
      );
      if (rows.length > 0) await onRows(rows);
      if (rows.length < fetchRows) break;
    }
    await tx.query('CLOSE export_rows');
  });
}

/** The next page of the funder's visible requests' ids, in id order. */
export async function visibleRequestIds(
  q: Queryable,
  scope: FunderScope,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT r.id FROM funding_requests r WHERE ${VISIBLE('r')} AND ($3::uuid IS NULL OR r.id > $3::uuid)
      ORDER BY r.id LIMIT $4`,
    [scope.funderId, scope.plane, after, limit],
  );
  return rows.map((row) => row.id);
}

/** The rows of a `byRequest` entity for one batch of request ids. */
export async function readEntityForRequests(
  q: Queryable,
  scope: FunderScope,
  entity: Entity,
  requestIds: readonly string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT ${selectList(entity).join(', ')} FROM ${entity.from}
      ORDER BY ${entity.key.map((k) => k.sql).join(', ')}`,
    [scope.funderId, scope.plane, requestIds],
  );
  return rows;
}

function selectList(entity: Entity): string[] {
  return entity.columns.map((c) => {
    const value = c.sql ?? `${entity.alias}.${c.name}`;
    // Exact figures as text: no float ever rounds an amount or a sequence number.
    return `${c.type === 'decimal' || c.type === 'integer' ? `(${value})::text` : value} AS "${c.name}"`;
  });
}

/** One page of an entity's rows after `after` (the key of the last row read; null: from the start). */
export async function readEntityPage(
  q: Queryable,
  scope: FunderScope,
  entity: Entity,
  after: readonly unknown[] | null,
  limit: number,
): Promise<{ rows: Record<string, unknown>[]; last: unknown[] | null }> {
  const keys = entity.key.map((k, i) => `${k.sql} AS "__k${i}"`);
  const values = selectList(entity);
  const params: unknown[] = [scope.funderId, scope.plane, limit];
  let where = '';
  if (after) {
    const placeholders = entity.key.map((k, i) => `$${4 + i}::${sqlType(k.type)}`);
    where = ` AND (${entity.key.map((k) => k.sql).join(', ')}) > (${placeholders.join(', ')})`;
    params.push(...after);
  }
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT ${[...keys, ...values].join(', ')} FROM ${entity.from}${where}
      ORDER BY ${entity.key.map((k) => k.sql).join(', ')} LIMIT $3`,
    params,
  );
  const lastRow = rows.at(-1);
  const last = lastRow ? entity.key.map((_k, i) => keyText(lastRow[`__k${i}`])) : null;
  for (const row of rows) for (let i = 0; i < entity.key.length; i++) delete row[`__k${i}`];
  return { rows, last };
}

const sqlType = (type: ColumnType) =>
  ({ uuid: 'uuid', text: 'text', integer: 'bigint', date: 'date' })[type as string] ?? 'text';

/** A key value as a parameter: dates back to their calendar day, numbers and ids as text. */
function keyText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value === null || value === undefined ? value : String(value);
}
