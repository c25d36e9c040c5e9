import type { FunderScope } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { BOOK_ENTITIES } from './export-books.store.ts';
import { type ColumnType, type Entity, VISIBLE } from './export-entity.store.ts';
import { DOCUMENT_ENTITIES, REQUEST_ENTITIES } from './export-requests.store.ts';

export type { Column, ColumnType, Entity } from './export-entity.store.ts';

/**
 * What an export holds: one entry per entity, each a read of the funder's own rows, listed in
 * `export-requests.store.ts` and `export-books.store.ts` (the SQL of every entity is there and
 * here, only). Each takes the funder as $1 and the plane as $2 and applies both itself: the
 * worker reads as the operator role, so this SQL is the wall (docs/decisions.md, "Exports",
 * says why not the funder's role). Columns are an allow-list: a column not named never leaves
 * the database, which is how secrets, key hashes and tokens stay out.
 *
 * Adding an entity (webhook endpoints, when their table exists) is one more entry in one of
 * the lists, or a list of its own added here.
 */
export const ENTITIES: readonly Entity[] = [...REQUEST_ENTITIES, ...BOOK_ENTITIES, ...DOCUMENT_ENTITIES];

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
