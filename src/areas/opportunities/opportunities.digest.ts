import type { Static } from 'typebox';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { defineKeyset } from '../../platform/db/keyset.ts';
import { cursorInvalid, cursorOf, readCursor } from '../../platform/pagination.ts';
import { LINES_DEFAULT, type OpportunitiesQuery } from './opportunities.schemas.ts';
import * as store from './opportunities.store.ts';
import { digestView, funderRef, linesPath, lineView } from './opportunities.views.ts';

/** The order of a digest's lines, for their cursor: the digest's date, then the line's position. */
const LINE_ORDER = defineKeyset('opportunities', [
  { sql: 'digest_date', type: 'date' },
  { sql: 'position', type: 'integer' },
]);

/** The funder's read of its morning digest. */
export function createDigest(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * GET /v1/opportunities: the digest of a Madrid date (or the latest) and a page of its lines;
     * for a sandbox key, its own previews among them (`previewNightForKey`).
     */
    async digest(caller: FunderCaller, query: Static<typeof OpportunitiesQuery>) {
      const scope = scopeOf(caller);
      const keyId = caller.environment === 'sandbox' ? caller.keyId : null;
      // The cursor names its digest's date and a line's position: the walk stays on that digest
      // even when a newer one is published meanwhile; another `date` than its own is refused.
      const position = readCursor(LINE_ORDER, '', query.cursor);
      if (position !== null && query.date !== undefined && query.date !== position[0]) throw cursorInvalid();
      const date = position?.[0] ?? query.date ?? null;
      const row = await store.digestFor(db, scope, keyId, date, clock.now());
      const none = { has_more: false, next_cursor: null };
      if (!row)
        return { funder: funderRef(caller), date: null, digest: null, lines: [], next: null, ...none };
      const limit = query.limit ?? LINES_DEFAULT;
      const offset = position === null ? (query.offset ?? 0) : Number(position[1]);
      const preview = row.sandbox_key_id ? keyId : null;
      const lines =
        row.run_id && !row.stale ? await store.linesFor(db, scope, row.run_id, offset, limit, preview) : [];
      const last = lines.at(-1)?.position ?? offset;
      const more = last < row.line_count && lines.length > 0;
      return {
        funder: funderRef(caller),
        date: row.digest_date,
        digest: digestView(row),
        lines: lines.map(lineView),
        next: last < row.line_count ? `${linesPath(row.digest_date)}&offset=${last}&limit=${limit}` : null,
        has_more: more,
        next_cursor: more ? cursorOf(LINE_ORDER, '', [row.digest_date, String(last)]) : null,
      };
    },
  };
}
