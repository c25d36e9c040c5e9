import type { FunderCaller, FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import * as store from './programme.store.ts';
import { effectiveTerms } from './programme.terms.ts';

/** In-force terms as answered: every key, then `source`. */
export const termsView = (terms: ReturnType<typeof effectiveTerms>) => ({ ...terms });

/**
 * The funder's programme as answered: its default, the companies it can set terms for with the
 * terms in force for each, and the requests routed to it counted by terms and status. Without a
 * scope (an unclassified funder) only the service's default.
 */
export async function programmeView(q: Queryable, caller: FunderCaller, scope: FunderScope | null) {
  const stored = scope ? await store.findDefault(q, scope) : null;
  const defaults = effectiveTerms(stored?.terms ?? null, null);
  const rows = scope ? await store.companies(q, scope) : [];
  const counts: Record<string, number> = {};
  for (const row of scope ? await store.requestCounts(q, scope) : []) {
    counts[`${row.disclosure}:${row.recourse}:${row.status}`] = row.count;
  }
  return {
    funder: { bank_id: caller.funderId, name: caller.funderName },
    default: { ...termsView(defaults), updated_at: stored?.updated_at.toISOString() ?? null },
    companies: rows.map((row) => ({
      seller_id: row.seller_id,
      company_name: row.company_name,
      tax_id: row.tax_id,
      terms: termsView(effectiveTerms(stored?.terms ?? null, row.terms)),
      reason: row.reason,
      updated_at: row.updated_at?.toISOString() ?? null,
    })),
    requests: counts,
  };
}
