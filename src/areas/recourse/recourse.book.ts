import type { Static } from 'typebox';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { pageOf, readCursor, readLimit } from '../../platform/pagination.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { RunWrite } from '../../platform/write.ts';
import { type Claims, euros } from './recourse.claims.ts';
import {
  CLAIM_KINDS,
  CLAIM_STATUSES,
  type CloseBody,
  type RECOURSE_TYPES,
  type RecourseQuery,
} from './recourse.schemas.ts';
import * as store from './recourse.store.ts';

/** The funder's side: its funded book by recourse type with its claims, and closing a claim. */
export function createRecourseBook(deps: { db: Db; write: RunWrite; claims: Claims }) {
  const { db, write, claims } = deps;
  return {
    /** GET /v1/recourse; an unclassified funder sees empty books. */
    async overview(caller: FunderCaller, query: Static<typeof RecourseQuery>) {
      const scope = caller.plane ? scopeOf(caller) : null;
      const groups = scope ? await store.bookByRecourse(db, scope) : [];
      const counts = scope ? await store.claimCounts(db, scope) : [];
      // A cursor is bound to the list and to its status filter.
      const filter = query.status ?? '';
      const after = readCursor(store.CLAIM_ORDER, filter, query.cursor);
      const read = { limit: readLimit(query.limit), after };
      const page = pageOf(
        store.CLAIM_ORDER,
        filter,
        scope ? await store.listClaims(db, scope, query.status ?? null, read) : [],
        query.limit,
      );
      const rows = page.rows;
      const groupOf = (type: (typeof RECOURSE_TYPES)[number]) => {
        const group = groups.find((g) => g.recourse === type);
        return {
          requests: group?.requests ?? 0,
          face_value_outstanding: group ? euros(group.face_value_outstanding) : 0,
          amount_advanced: group ? euros(group.amount_advanced) : 0,
          with_claim_rule: group?.with_claim_rule ?? 0,
          confidential: group?.confidential ?? 0,
        };
      };
      const requests_by_recourse = {
        with: groupOf('with'),
        without: groupOf('without'),
        not_recorded: groupOf('not_recorded'),
      };
      const claims_by_kind = Object.fromEntries(
        CLAIM_KINDS.map((kind) => [
          kind,
          Object.fromEntries(
            CLAIM_STATUSES.map((status) => [
              status,
              counts.find((c) => c.kind === kind && c.status === status)?.count ?? 0,
            ]),
          ),
        ]),
      ) as Record<(typeof CLAIM_KINDS)[number], Record<(typeof CLAIM_STATUSES)[number], number>>;
      return {
        funder: { bank_id: caller.funderId, name: caller.funderName },
        currency: 'EUR' as const,
        requests_by_recourse,
        claims_by_kind,
        count: rows.length,
        claims: scope ? await claims.viewsOf(db, scope, rows) : [],
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },

    /** POST /v1/recourse/{id}/close */
    async close(caller: FunderCaller, id: string, body: Static<typeof CloseBody>) {
      const scope = scopeOf(caller);
      const reason = requireReason(body.reason);
      return write(caller, async (ws) => {
        const claim = await claims.ownClaim(ws, scope, id);
        if (claim.status !== 'open') {
          throw new ApiError('claim_closed', `The claim is no longer open (${claim.status}).`, {
            extra: { status: claim.status },
          });
        }
        const fits =
          (body.status === 'withdrawn' && claim.kind === 'recourse') ||
          (body.status === 'written_off' && claim.kind === 'debtor_default');
        if (!fits) {
          throw new ApiError(
            'close_invalid',
            'withdrawn closes a recourse claim; written_off closes a debtor default.',
            { extra: { kind: claim.kind, field: 'status' } },
          );
        }
        await store.closeClaim(ws.tx, scope, claim.id, body.status, reason, ws.now);
        claims.claimEvent(ws, scope, 'claim.closed', await claims.reread(ws, scope, claim.id), { reason });
        return { claim_id: claim.id, status: body.status };
      });
    },
  };
}
