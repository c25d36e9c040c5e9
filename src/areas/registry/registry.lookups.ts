import type { Static } from 'typebox';
import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { question } from './registry.questions.ts';
import { LOOKUP_MAX, type RegistryLookupBody } from './registry.schemas.ts';
import * as store from './registry.store.ts';
import { countsView } from './registry.views.ts';

/** The days the status's recent counts cover. */
const RECENT_DAYS = 30;

/**
 * A funder's side of the registry: whether it answers the caller's plane and how much the caller
 * looked up, and the look-up itself, counted and kept on the evidence chain by the SHA-256 of
 * what was asked.
 */
export function createLookups(deps: Pick<AreaDeps, 'db' | 'clock' | 'write'>) {
  const { db, clock, write } = deps;

  async function isOpen(q: Queryable, caller: FunderCaller) {
    const scope = scopeOf(caller);
    if (scope.plane === 'demo') return true;
    return (await store.planeState(q, scope))?.open ?? false;
  }

  return {
    async status(caller: FunderCaller) {
      const scope = scopeOf(caller);
      const since = new Date(clock.now().getTime() - RECENT_DAYS * 86_400_000);
      const counts = await store.lookupCounts(db, scope, since);
      return {
        status: (await isOpen(db, caller)) ? ('open' as const) : ('closed' as const),
        environment: scope.plane === 'live' ? ('live' as const) : ('sandbox' as const),
        max_invoices_per_lookup: LOOKUP_MAX,
        your_lookups: { total: countsView(counts.total), last_30_days: countsView(counts.recent) },
      };
    },

    async lookup(caller: FunderCaller, body: Static<typeof RegistryLookupBody>) {
      const scope = scopeOf(caller);
      const questions = body.invoices.map(question);
      const querySha256 = sha256Hex(canonicalJson(questions));
      return write(caller, async ({ tx, now, evidence }) => {
        if (!(await isOpen(tx, caller))) {
          throw new ApiError(
            'registry_not_open',
            'The assignment registry is not open on the live plane yet; it answers on the sandbox.',
          );
        }
        const answers = await store.assignedAnswers(tx, questions);
        const assigned = answers.filter(Boolean).length;
        const id = newId();
        await store.insertLookup(tx, scope, {
          id,
          keyId: caller.keyId,
          invoices: questions.length,
          assigned,
          querySha256,
          at: now,
        });
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'registry.lookup',
          subjectType: 'registry_lookup',
          subjectId: id,
          payload: { invoices: questions.length, assigned, query_sha256: querySha256 },
        });
        return {
          lookup_id: id,
          checked_at: now.toISOString(),
          count: questions.length,
          assigned_count: assigned,
          query_sha256: querySha256,
          results: answers.map((a, index) => ({
            index,
            ref: body.invoices[index]!.ref ?? null,
            assigned: a,
          })),
        };
      });
    },
  };
}
