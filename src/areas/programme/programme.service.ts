import {
  type FunderCaller,
  type FunderScope,
  type Plane,
  requirePlane,
  scopeOf,
} from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { OPEN_STATUSES } from '../requests/requests.status.ts';
import * as store from './programme.store.ts';
import {
  effectiveTerms,
  type ProgrammeTerms,
  pickTerms,
  SERVICE_DEFAULT_TERMS,
  sameTerms,
  TERM_KEYS,
} from './programme-terms.ts';

export interface ProgrammeBody {
  seller_id?: string | null;
  terms: Partial<ProgrammeTerms> & { reset?: true };
  reason: string;
}

const REASON_MIN = 8;

const termsInvalid = (message: string) =>
  new ApiError('terms_invalid', message, { extra: { field: 'terms' } });

/** In-force terms as answered: every key, then `source`. */
const termsView = (terms: ReturnType<typeof effectiveTerms>) => ({ ...terms });

export type ProgrammeService = ReturnType<typeof createProgrammeService>;

/**
 * The funder's programme: its default terms, the companies it can set terms for (with their
 * own terms), the requests routed to it counted by terms and status, and changes to all that.
 * A change applies to requests routed from then on; a routed request keeps the terms it took.
 */
export function createProgrammeService(deps: { db: Db; write: RunWrite }) {
  const { db, write } = deps;

  async function programmeView(q: Queryable, caller: FunderCaller, scope: FunderScope | null) {
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

  /**
   * Sets a company's own terms (only the keys given change) or the default, or removes the
   * company's own terms; inside the caller's write. Answers the change.
   */
  async function changeIn(
    ws: WriteScope,
    scope: FunderScope,
    body: ProgrammeBody,
    options: { newCompany?: boolean } = {},
  ) {
    const { tx, now } = ws;
    const sellerId = body.seller_id ?? null;
    const { reset, ...sent } = body.terms;
    const keys = pickTerms(sent);
    const reason = body.reason.trim();
    if (reason.length < REASON_MIN) {
      throw new ApiError('reason_required', `A reason of at least ${REASON_MIN} characters is required.`, {
        status: 422,
        extra: { field: 'reason' },
      });
    }
    if (reset && (sellerId === null || Object.keys(keys).length > 0)) {
      throw termsInvalid(
        'terms {reset: true} comes alone, with a seller_id: it removes that company’s own terms.',
      );
    }
    if (
      sellerId !== null &&
      !options.newCompany &&
      (await store.companies(tx, scope, sellerId)).length === 0
    ) {
      throw new ApiError(
        'seller_not_in_programme',
        'That company has no request routed to you and is not your client.',
        { extra: { field: 'seller_id' } },
      );
    }
    const stored = await store.lockDefault(tx, scope, { terms: {}, reason: 'service default', at: now });
    let before: ReturnType<typeof effectiveTerms>;
    let after: ReturnType<typeof effectiveTerms>;
    let ownReason: string | null = null;
    if (sellerId === null) {
      before = effectiveTerms(stored.terms, null);
      const merged = { ...pickTerms(stored.terms), ...keys };
      after = effectiveTerms(merged, null);
      await store.updateDefault(tx, scope, merged, reason, now);
    } else {
      const own = await store.findCompanyTerms(tx, scope, sellerId, { forUpdate: true });
      before = effectiveTerms(stored.terms, own?.terms ?? null);
      if (reset) {
        await store.deleteCompanyTerms(tx, scope, sellerId);
        after = effectiveTerms(stored.terms, null);
      } else {
        const merged = { ...pickTerms(own?.terms), ...keys };
        await store.saveCompanyTerms(tx, scope, sellerId, merged, reason, now);
        after = effectiveTerms(stored.terms, merged);
        ownReason = reason;
      }
    }
    const changed = !sameTerms(before, after) || before.source !== after.source;
    ws.evidence({
      funderId: scope.funderId,
      plane: scope.plane,
      kind: 'programme.changed',
      subjectType: sellerId ? 'seller' : 'funder',
      subjectId: sellerId ?? scope.funderId,
      payload: {
        seller_id: sellerId,
        sent: reset ? { reset: true } : keys,
        from: before,
        to: after,
        reason,
      },
    });
    // Open requests routed to the funder (of the company, or any) whose terms differ from those
    // now in force for their company: they keep the terms they were routed under.
    const defaultsNow = (await store.findDefault(tx, scope))?.terms ?? null;
    const open = await store.openRequestTerms(tx, scope, OPEN_STATUSES, sellerId);
    let keep = 0;
    const ownBySeller = new Map<string, Partial<ProgrammeTerms> | null>();
    for (const request of open) {
      if (!ownBySeller.has(request.seller_id)) {
        ownBySeller.set(
          request.seller_id,
          (await store.findCompanyTerms(tx, scope, request.seller_id))?.terms ?? null,
        );
      }
      const inForce = effectiveTerms(defaultsNow, ownBySeller.get(request.seller_id) ?? null);
      if (!sameTerms(pickTerms(request.programme_terms), inForce)) keep += 1;
    }
    return {
      seller_id: sellerId,
      terms: termsView(after),
      reason: sellerId === null ? reason : ownReason,
      changed,
      updated_at: now.toISOString(),
      open_requests_keep_their_terms: keep,
    };
  }

  return {
    /** GET /v1/programme; an unclassified funder sees the service's default and nothing else. */
    async getProgramme(caller: FunderCaller) {
      return programmeView(db, caller, caller.plane ? scopeOf(caller) : null);
    },

    /** PUT /v1/programme */
    async putProgramme(caller: FunderCaller, body: ProgrammeBody) {
      requirePlane(caller);
      return write(caller, (ws) => changeIn(ws, scopeOf(caller), body));
    },

    /**
     * A sandbox helper sets a company's own terms before routing its first request, inside its
     * write (`newCompany`: the company has no request routed yet).
     */
    changeIn,

    /** The terms a request takes when routed to a funder (operations side, inside its write). */
    async termsForRouting(q: Queryable, funderId: string, plane: Plane, sellerId: string) {
      const found = await store.termsForRoutingForOps(q, funderId, plane, sellerId);
      return effectiveTerms(found.defaults, found.own);
    },
  };
}

export { SERVICE_DEFAULT_TERMS, TERM_KEYS };
