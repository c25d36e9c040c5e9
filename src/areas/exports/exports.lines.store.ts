import type { Column, Entity } from './exports.entity.store.ts';

/**
 * The export's two file formats, written by the database itself: every entity is read as two
 * texts per row, its CSV line and its JSON Lines line, ready to be written as they come. Both
 * databases (PGlite and PostgreSQL) run the same SQL, so a funder's files are the same bytes
 * whichever the service runs on, and the server does the formatting while the build only moves
 * bytes (docs/decisions/exports.md, "The database writes both lines of every row").
 *
 * CSV (RFC 4180): comma separated, CRLF after every line, a cell quoted when it holds a comma, a
 * double quote, a CR or an LF, with its quotes doubled; null is an empty cell. A cell of a text,
 * JSON or list column that begins with `=`, `+`, `-`, `@`, a tab or a CR gets a leading
 * apostrophe so spreadsheets show it as text; numbers, dates, instants and ids never begin so.
 *
 * JSON Lines: one object per row, the columns in their order, LF after every line. Instants are
 * ISO 8601 UTC with milliseconds, dates `YYYY-MM-DD`, decimals exact text, integers numbers,
 * lists JSON arrays, JSON values as PostgreSQL's jsonb writes them.
 */

const NAME = /^[a-z][a-z0-9_]*$/;

/** The value of a column as the text both formats start from (bigint, boolean and text only). */
function valueSql(column: Column, alias: string): string {
  const value = column.sql ?? `${alias}.${column.name}`;
  switch (column.type) {
    case 'timestamp':
      return `to_char((${value})::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'date':
      return `to_char((${value})::date, 'YYYY-MM-DD')`;
    case 'boolean':
      return `(${value})::boolean`;
    case 'json':
      return `((${value})::jsonb)::text`;
    case 'text[]':
      return `to_json(${value})::text`;
    default:
      return `(${value})::text`;
  }
}

/**
 * A text that may hold anything, as a safe CSV cell (null stays null: `concat` skips it). The
 * first character is checked by its code (`=` 61, `+` 43, `-` 45, `@` 64, tab 9, CR 13) and the
 * characters to quote by `strpos`, which the server runs faster than a regular expression
 * (the whole invoices read about 5 % faster, bench/README.md, "Exports").
 */
function careful(x: string): string {
  const formula = `ascii(${x}) IN (61, 43, 45, 64, 9, 13)`;
  const neutral = `CASE WHEN ${formula} THEN '''' || ${x} ELSE ${x} END`;
  return `CASE WHEN strpos(${x}, ',') > 0 OR strpos(${x}, '"') > 0 OR strpos(${x}, E'\\n') > 0 OR strpos(${x}, E'\\r') > 0
    THEN '"' || replace(${neutral}, '"', '""') || '"' WHEN ${formula} THEN '''' || ${x} ELSE ${x} END`;
}

function csvCell(column: Column, x: string): string {
  switch (column.type) {
    case 'text':
    case 'json':
    case 'text[]':
      return careful(x);
    case 'boolean':
      return `CASE ${x} WHEN true THEN 'true' WHEN false THEN 'false' END`;
    default:
      // Ids, numbers, dates and instants: digits, letters, `-`, `.`, `:` only, never first a sign
      // (a negative amount stays a number a spreadsheet can add up).
      return x;
  }
}

function jsonValue(column: Column, x: string): string {
  switch (column.type) {
    case 'text':
      return `coalesce(to_json(${x})::text, 'null')`;
    case 'integer':
    case 'json':
    case 'text[]':
      return `coalesce(${x}, 'null')`;
    case 'boolean':
      return `coalesce((${x})::text, 'null')`;
    default:
      // Decimals (exact, so as text), ids, dates and instants: nothing in them JSON escapes.
      return `coalesce('"' || ${x} || '"', 'null')`;
  }
}

export interface LinesQuery {
  /** More conditions on the entity's rows (`AND ...`), parameters from $4 on. */
  where?: string;
  /** A LIMIT on the rows (a parameter's placeholder or a number). */
  limit?: string;
  /** Also answer the row's order key as `k0`, `k1`... (to page after the last row read). */
  withKeys?: boolean;
}

/**
 * The SQL reading an entity as lines: columns `csv` and `json` (each line with its line end),
 * in the entity's order. The values are computed once per row in a subquery the planner keeps
 * as it is (`OFFSET 0`), then each format is put together from them.
 */
export function linesSql(entity: Entity, query: LinesQuery = {}): string {
  for (const column of entity.columns) {
    if (!NAME.test(column.name)) throw new Error(`an exported column name must be plain: ${column.name}`);
  }
  const order = entity.key.map((k) => k.sql).join(', ');
  const inner = [
    ...entity.columns.map((c, i) => `${valueSql(c, entity.alias)} AS c${i}`),
    ...entity.key.map((k, i) => `${k.sql} AS k${i}`),
  ];
  const csv = `concat(${entity.columns.map((c, i) => csvCell(c, `x.c${i}`)).join(`, ',', `)}, E'\\r\\n')`;
  const json = `concat(${entity.columns
    .map((c, i) => `'${i === 0 ? '{' : ','}"${c.name}":', ${jsonValue(c, `x.c${i}`)}`)
    .join(', ')}, E'}\\n')`;
  const keys = entity.key.map((_k, i) => `x.k${i}`);
  return `SELECT ${csv} AS csv, ${json} AS json${query.withKeys ? `, ${keys.join(', ')}` : ''}
    FROM (SELECT ${inner.join(', ')} FROM ${entity.from}${query.where ?? ''}
          ORDER BY ${order}${query.limit ? ` LIMIT ${query.limit}` : ''} OFFSET 0) x
    ORDER BY ${keys.join(', ')}`;
}
