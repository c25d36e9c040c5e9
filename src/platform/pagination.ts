import type { KeyPosition, Keyset, KeyType } from './db/keyset.ts';
import { ApiError } from './errors.ts';

/**
 * Cursor pagination of every list (issue 43). A cursor is opaque to the caller: base64url of
 * the JSON array [list, filter, ...key of the page's last row]. It is bound to the list it came
 * from and to that list's filter (the requests' `status`, for instance): a cursor of another
 * list, of another filter, or one that is not a cursor at all answers 422 `cursor_invalid`, and
 * so does one whose key does not read back as the list's key types. The store reads the rows
 * after that key in the list's total order (platform/db/keyset.ts), one more than the page, so
 * the answer knows whether another page follows.
 */

/** What a page adds to a list's answer. */
export interface PageMarks {
  has_more: boolean;
  next_cursor: string | null;
}

/** A row a paged store read: its own columns and its key in the list's order. */
export interface KeyedRow {
  page_key: string[];
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INTEGER = /^-?(0|[1-9][0-9]{0,17})$/;
const MAX_TEXT = 400;

/** A timestamp key as the database writes it, naming a real instant. */
function isTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text);
  if (!parts) return false;
  const at = new Date(`${text.slice(0, 23)}Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 19) === text.slice(0, 19);
}

/** A calendar date key, YYYY-MM-DD, naming a real day. */
function isDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isTimestamp(`${text}T00:00:00.000000Z`);
}

const VALID: Record<KeyType, (text: string) => boolean> = {
  timestamp: isTimestamp,
  date: isDate,
  text: (text) => text.length <= MAX_TEXT && !text.includes('\u0000'),
  uuid: (text) => UUID.test(text),
  integer: (text) => INTEGER.test(text),
  boolean: (text) => text === 'true' || text === 'false',
};

function encode(set: Keyset, filter: string, position: KeyPosition): string {
  return Buffer.from(JSON.stringify([set.list, filter, ...position]), 'utf8').toString('base64url');
}

/** The cursor of the page after the row at `position` (for a list that keys its rows itself). */
export const cursorOf = (set: Keyset, filter: string, position: KeyPosition): string =>
  encode(set, filter, position);

/** The refusal of a cursor that is not one this list answered. */
export function cursorInvalid(): ApiError {
  return new ApiError('cursor_invalid', '`cursor` is not a cursor this list answered.', {
    extra: { field: 'cursor' },
  });
}

/**
 * The key a cursor names, checked to be one this list (with this filter) answered; null for
 * the first page (no cursor).
 */
export function readCursor(set: Keyset, filter: string, cursor: string | undefined): KeyPosition | null {
  if (cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorInvalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== set.columns.length + 2 ||
    parsed[0] !== set.list ||
    parsed[1] !== filter
  )
    throw cursorInvalid();
  const position = parsed.slice(2);
  const fits = position.every((value, i) => typeof value === 'string' && VALID[set.columns[i]!.type](value));
  // Only the cursor's own spelling: another base64 or JSON text for the same key is not one.
  if (!fits || encode(set, filter, position) !== cursor) throw cursorInvalid();
  return position as string[];
}

/**
 * A page from rows read with one more than `limit`: the page's rows, whether more follow, and
 * the cursor of the next page. Without a limit (a list that had none) every row is the page.
 */
export function pageOf<R extends KeyedRow>(
  set: Keyset,
  filter: string,
  rows: readonly R[],
  limit: number | undefined,
): { rows: R[] } & PageMarks {
  if (limit === undefined || rows.length <= limit)
    return { rows: [...rows], has_more: false, next_cursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, has_more: true, next_cursor: encode(set, filter, page.at(-1)!.page_key) };
}

/** How many rows a paged store reads for a page of `limit`: one more (null: all of them). */
export const readLimit = (limit: number | undefined): number | null =>
  limit === undefined ? null : limit + 1;

/** How many rows a page read takes: a number for a list with a limit, else possibly all (null). */
type ReadLimitOf<Q extends { limit?: number }> = undefined extends Q['limit'] ? number | null : number;

/**
 * One page of a list in one step: the caller's cursor checked against the list and its filter,
 * the rows read after it by `read` (one more than the page, or all when the list has no limit),
 * and the page with its marks.
 */
export async function readPage<R extends KeyedRow, Q extends { limit?: number; cursor?: string }>(
  set: Keyset,
  filter: string,
  query: Q,
  read: (page: { limit: ReadLimitOf<Q>; after: KeyPosition | null }) => Promise<readonly R[]>,
): Promise<{ rows: R[] } & PageMarks> {
  const after = readCursor(set, filter, query.cursor);
  // readLimit answers a number whenever the query has one, as ReadLimitOf says.
  const limit = readLimit(query.limit) as ReadLimitOf<Q>;
  return pageOf(set, filter, await read({ limit, after }), query.limit);
}
