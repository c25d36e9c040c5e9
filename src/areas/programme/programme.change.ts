import { type FunderCaller, type FunderScope, requirePlane, scopeOf } from '../../platform/caller.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { OPEN_STATUSES } from '../requests/requests.module.ts';
import * as store from './programme.store.ts';
import { effectiveTerms, type ProgrammeTerms, pickTerms, sameTerms } from './programme.terms.ts';
import { termsView } from './programme.view.ts';

export interface ProgrammeBody {
  seller_id?: string | null;
  terms: Partial<ProgrammeTerms> & { reset?: true };
  reason: string;
}

const termsInvalid = (message: string) =>
  new ApiError('terms_invalid', message, { extra: { field: 'terms' } });

type InForce = ReturnType<typeof effectiveTerms>;

/** Writes the change (the default, or a company's own terms set or removed): the terms before and after. */
async function applyChange(
  ws: WriteScope,
  scope: FunderScope,
  change: { sellerId: string | null; keys: Partial<ProgrammeTerms>; reset: boolean; reason: string },
): Promise<{ before: InForce; after: InForce; ownReason: string | null }> {
  const { tx, now } = ws;
  const { sellerId, keys, reset, reason } = change;
  const stored = await store.lockDefault(tx, scope, { terms: {}, reason: 'service default', at: now });
  if (sellerId === null) {
    const before = effectiveTerms(stored.terms, null);
    const merged = { ...pickTerms(stored.terms), ...keys };
    await store.updateDefault(tx, scope, { terms: merged, reason, at: now });
    return { before, after: effectiveTerms(merged, null), ownReason: null };
  }
  const own = await store.findCompanyTerms(tx, scope, sellerId, { lock: true });
  const before = effectiveTerms(stored.terms, own?.terms ?? null);
  if (reset) {
    await store.deleteCompanyTerms(tx, scope, sellerId);
    return { before, after: effectiveTerms(stored.terms, null), ownReason: null };
  }
  const merged = { ...pickTerms(own?.terms), ...keys };
  await store.saveCompanyTerms(tx, scope, sellerId, { terms: merged, reason, at: now });
  return { before, after: effectiveTerms(stored.terms, merged), ownReason: reason };
}

/**
 * Open requests routed to the funder (of the company, or any) whose terms differ from those now
 * in force for their company: they keep the terms they were routed under.
 */
async function openRequestsKeepingTerms(tx: Tx, scope: FunderScope, sellerId: string | null) {
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
  return keep;
}

/**
 * Sets a company's own terms (only the keys given change) or the default, or removes the
 * company's own terms; inside the caller's write. Answers the change.
 */
async function changeProgrammeIn(
  ws: WriteScope,
  scope: FunderScope,
  body: ProgrammeBody,
  options: { newCompany?: boolean } = {},
) {
  const { tx, now } = ws;
  const sellerId = body.seller_id ?? null;
  const { reset, ...sent } = body.terms;
  const keys = pickTerms(sent);
  const reason = requireReason(body.reason);
  if (reset && (sellerId === null || Object.keys(keys).length > 0)) {
    throw termsInvalid(
      'terms {reset: true} comes alone, with a seller_id: it removes that company’s own terms.',
    );
  }
  if (sellerId !== null && !options.newCompany && (await store.companies(tx, scope, sellerId)).length === 0) {
    throw new ApiError(
      'seller_not_in_programme',
      'That company has no request routed to you and is not your client.',
      { extra: { field: 'seller_id' } },
    );
  }
  const { before, after, ownReason } = await applyChange(ws, scope, {
    sellerId,
    keys,
    reset: Boolean(reset),
    reason,
  });
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
  return {
    seller_id: sellerId,
    terms: termsView(after),
    reason: sellerId === null ? reason : ownReason,
    changed,
    updated_at: now.toISOString(),
    open_requests_keep_their_terms: await openRequestsKeepingTerms(tx, scope, sellerId),
  };
}

/** The funder's changes to its programme, and the same change inside another write. */
export function createProgrammeChange(deps: { write: RunWrite }) {
  const { write } = deps;
  return {
    /** PUT /v1/programme */
    async putProgramme(caller: FunderCaller, body: ProgrammeBody) {
      requirePlane(caller);
      return write(caller, (ws) => changeProgrammeIn(ws, scopeOf(caller), body));
    },

    /**
     * A sandbox helper sets a company's own terms before routing its first request, inside its
     * write (`newCompany`: the company has no request routed yet).
     */
    changeIn: changeProgrammeIn,
  };
}
