import type { FunderScope } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { scopedRows } from '../../platform/db/scoped.ts';
import { BOOK_ENTITIES } from './exports.books.store.ts';
import { type ColumnType, type Entity, VISIBLE } from './exports.entity.store.ts';
import { linesSql } from './exports.lines.store.ts';
import { DOCUMENT_ENTITIES, REQUEST_ENTITIES } from './exports.requests.store.ts';

export type { Column, ColumnType, Entity } from './exports.entity.store.ts';

/**
 * What an export holds: one entry per entity, each a read of the funder's own rows, listed in
 * `exports.requests.store.ts` and `exports.books.store.ts` (the SQL of every entity is there, here
 * and in `exports.lines.store.ts`, only). Each takes the funder as $1 and the plane as $2 and applies both itself: the
 * worker reads as the operator role, so this SQL is the wall (docs/decisions/exports.md,
 * says why not the funder's role). Columns are an allow-list: a column not named never leaves
 * the database, which is how secrets, key hashes and tokens stay out.
 *
 * Adding an entity (webhook endpoints, when their table exists) is one more entry in one of
 * the lists, or a list of its own added here.
 */
export const ENTITIES: readonly Entity[] = [...REQUEST_ENTITIES, ...BOOK_ENTITIES, ...DOCUMENT_ENTITIES];

/**
 * One read-only transaction for every COPY of a build (PostgreSQL only): one BEGIN and one
 * COMMIT per export instead of per entity. Each COPY still reads its own snapshot.
 */
export function exportReadTransaction<T>(db: Db, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!tx.copyOut) throw new Error('COPY TO STDOUT is read on PostgreSQL only');
    await tx.query('SET TRANSACTION READ ONLY');
    return read(tx);
  });
}

/**
 * Every row of an entity as its CSV and JSON Lines lines (`linesSql`), in the entity's order,
 * inside `exportReadTransaction`: one statement, in COPY's binary format, streamed at the
 * consumer's pace (`CopyBinaryLines` in exports.formats.ts splits it). The binary format hands
 * each text over as it is, with its length, so nothing in it is escaped on the way. COPY takes
 * no parameters: the funder and the plane are written into the SQL as literals, each checked
 * against its only possible shape first.
 */
export async function copyEntityLines(
  tx: Queryable,
  scope: FunderScope,
  entity: Entity,
  consume: (chunks: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  if (!UUID.test(scope.funderId) || (scope.plane !== 'live' && scope.plane !== 'demo')) {
    throw new Error('an export is read for a funder id and a plane of the expected shape only');
  }
  if (!tx.copyOut) throw new Error('COPY TO STDOUT is read on PostgreSQL only');
  const literals: Record<string, string> = {
    $1: `'${scope.funderId}'::uuid`,
    $2: `'${scope.plane}'::text`,
    $3: 'NULL::uuid[]',
  };
  const sql = linesSql(entity).replace(/\$([123])(?!\d)/g, (p) => literals[p]!);
  await tx.copyOut(`COPY (${sql}) TO STDOUT (FORMAT binary)`, consume);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lines read as rows of a query, put together: the text of each file and how many rows. */
export interface Lines {
  csv: string;
  json: string;
  count: number;
}

function joined(rows: readonly { csv: string; json: string }[]): Lines {
  let csv = '';
  let json = '';
  for (const row of rows) {
    csv += row.csv;
    json += row.json;
  }
  return { csv, json, count: rows.length };
}

/** The next page of the funder's visible requests' ids, in id order. */
export async function visibleRequestIds(
  q: Queryable,
  scope: FunderScope,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await scopedRows<{ id: string }>(
    q,
    scope,
    `SELECT r.id FROM funding_requests_read r WHERE ${VISIBLE('r')} AND ($3::uuid IS NULL OR r.id > $3::uuid)
      ORDER BY r.id LIMIT $4`,
    [after, limit],
  );
  return rows.map((row) => row.id);
}

/** The lines of a `byRequest` entity for one batch of request ids. */
export async function readEntityForRequests(
  q: Queryable,
  scope: FunderScope,
  entity: Entity,
  requestIds: readonly string[],
): Promise<Lines> {
  return joined(await scopedRows<{ csv: string; json: string }>(q, scope, linesSql(entity), [requestIds]));
}

/** The lines of an entity's next page after `after` (the key of the last row read; null: from the start). */
export async function readEntityPage(
  q: Queryable,
  scope: FunderScope,
  entity: Entity,
  after: readonly unknown[] | null,
  limit: number,
): Promise<Lines & { last: unknown[] | null }> {
  const params: unknown[] = [limit];
  let where = '';
  if (after) {
    const placeholders = entity.key.map((k, i) => `$${4 + i}::${sqlType(k.type)}`);
    where = ` AND (${entity.key.map((k) => k.sql).join(', ')}) > (${placeholders.join(', ')})`;
    params.push(...after);
  }
  const rows = await scopedRows<{ csv: string; json: string } & Record<string, unknown>>(
    q,
    scope,
    linesSql(entity, { where, limit: '$3', withKeys: true }),
    params,
  );
  const lastRow = rows.at(-1);
  const last = lastRow ? entity.key.map((_k, i) => keyText(lastRow[`k${i}`])) : null;
  return { ...joined(rows), last };
}
const sqlType = (type: ColumnType) =>
  ({ uuid: 'uuid', text: 'text', integer: 'bigint', date: 'date' })[type as string] ?? 'text';

/** A key value as a parameter: dates back to their calendar day, numbers and ids as text. */
function keyText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value === null || value === undefined ? value : String(value);
}
