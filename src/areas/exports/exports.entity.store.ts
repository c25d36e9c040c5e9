/**
 * The shape of an exported entity and the SQL pieces every entity list uses: the funder is $1,
 * the plane $2, a batch of request ids $3.
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

/**
 * The ids of the requests the funder sees on the plane, from its visibility rows (migration 0059:
 * one row per request and reason, kept by triggers in every routing, acting and linking write,
 * each on the request's own plane), by the index that starts with the funder. A request seen for
 * two reasons has two rows: read with `IN`, it counts once. The export reads from these rows,
 * never by filtering the whole plane, so its cost follows the funder's rows
 * (docs/decisions/exports.md, "Every entity starts from the funder's own rows").
 */
export const VISIBLE_IDS =
  'SELECT v.request_id FROM funder_request_visibility_read v WHERE v.funder_id = $1 AND v.plane = $2';

/** A request is the funder's to export when routed to it now or acted on by it, on its plane. */
export const VISIBLE = (r: string) => `${r}.plane = $2 AND ${r}.id IN (${VISIBLE_IDS})`;

export const col = (name: string, type: ColumnType, sql?: string): Column =>
  sql ? { name, type, sql } : { name, type };
export const id = (alias: string) => [{ sql: `${alias}.id`, type: 'uuid' as const }];
export const OWN = (alias: string) => `${alias}.funder_id = $1 AND ${alias}.plane = $2`;
/**
 * Rows whose request (`column`) is in the batch being read ($3, or every one when null) and
 * visible to the funder: the request's row itself is not read.
 */
export const OF_BATCH = (column: string) =>
  `($3::uuid[] IS NULL OR ${column} = ANY($3::uuid[])) AND ${column} IN (${VISIBLE_IDS})`;

/** The key of an entity: the given columns of its alias, in order. */
export const keyOf = (alias: string, ...parts: [string, ColumnType][]) =>
  parts.map(([column, type]) => ({ sql: `${alias}.${column}`, type }));

/** An entity of one table holding the funder's own rows, by its id unless another key is given. */
export const owned = (
  name: string,
  description: string,
  table: string,
  alias: string,
  key: Entity['key'] = id(alias),
) => ({ name, description, alias, from: `${table} ${alias} WHERE ${OWN(alias)}`, key });

/** An entity of one table of rows hanging off the batch of requests, keyed by request then id. */
export const ofRequests = (
  name: string,
  description: string,
  table: string,
  alias: string,
  idType: ColumnType = 'uuid',
) => ({
  name,
  description,
  alias,
  from: `${table} ${alias} WHERE ${alias}.plane = $2 AND ${OF_BATCH(`${alias}.request_id`)}`,
  byRequest: true,
  key: keyOf(alias, ['request_id', 'uuid'], ['id', idType]),
});
