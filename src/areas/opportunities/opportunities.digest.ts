import type { Static } from 'typebox';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { LINES_DEFAULT, type OpportunitiesQuery } from './opportunities.schemas.ts';
import * as store from './opportunities.store.ts';
import { digestView, funderRef, linesPath, lineView } from './opportunities.views.ts';

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
      const row = await store.digestFor(db, scope, keyId, query.date ?? null, clock.now());
      if (!row) return { funder: funderRef(caller), date: null, digest: null, lines: [], next: null };
      const limit = query.limit ?? LINES_DEFAULT;
      const offset = query.offset ?? 0;
      const preview = row.sandbox_key_id ? keyId : null;
      const lines =
        row.run_id && !row.stale ? await store.linesFor(db, scope, row.run_id, offset, limit, preview) : [];
      const last = lines.at(-1)?.position ?? offset;
      return {
        funder: funderRef(caller),
        date: row.digest_date,
        digest: digestView(row),
        lines: lines.map(lineView),
        next: last < row.line_count ? `${linesPath(row.digest_date)}&offset=${last}&limit=${limit}` : null,
      };
    },
  };
}
