import type { Caller, FunderCaller, Plane } from '../../platform/caller.ts';
import { requirePlane } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable, Tx } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { type BookScope, debtorBook, sellerBook } from './limits.exposure.store.ts';
import { createCreditLimitGuard, debtorLimitView } from './limits.guard.ts';
import { importDebtorLimits } from './limits.import.ts';
import { readImportEnvelope } from './limits.input.ts';
import type { ImportBodyInput } from './limits.schemas.ts';
import { scopeAt, setDebtorLimit, setSellerLimit } from './limits.set.ts';
import { debtorExposureView, sellerExposureView } from './limits.views.ts';
import type { Target } from './limits.writes.ts';

export { createCreditLimitGuard, type DebtorLimitSummary, debtorLimitView } from './limits.guard.ts';

export type LimitsService = ReturnType<typeof createLimitsService>;

/**
 * The credit-limit books: the funder's limits per debtor and per seller, the exposure against
 * them, and the check that holds them when an offer is made (`offerGuard`).
 */
export function createLimitsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;

  const funderRef = (caller: FunderCaller) => ({ bank_id: caller.funderId, name: caller.funderName });
  /** The lines of one of the caller's books, now; an unclassified funder reads an empty one. */
  const bookOf = async <R>(caller: FunderCaller, read: (q: Queryable, scope: BookScope) => Promise<R[]>) =>
    caller.plane
      ? await read(db, scopeAt({ funderId: caller.funderId, plane: caller.plane }, clock.now()))
      : [];
  /** The caller's own limits, on the plane its key works on. */
  const ownTarget = (caller: FunderCaller): Target => ({
    funderId: caller.funderId,
    plane: requirePlane(caller),
  });

  /**
   * One of the caller's two books (its debtors, its sellers): the listing, its lines under
   * `lines`, and the setting of one limit with the caller's own key (source `api`) or by the
   * operations team (the portal's equivalent, source `manual`).
   */
  const limitBook = <Lines extends string, Row, View, Body, Set>(
    lines: Lines,
    read: (q: Queryable, scope: BookScope) => Promise<Row[]>,
    view: (row: Row) => View,
    set: (setDeps: typeof deps, caller: Caller, target: Target, body: Body) => Promise<Set>,
  ) => ({
    async list(caller: FunderCaller) {
      const rows = (await bookOf(caller, read)).map(view);
      const book = { funder: funderRef(caller), currency: 'EUR' as const, count: rows.length };
      return { ...book, [lines]: rows } as typeof book & Record<Lines, View[]>;
    },
    put: (caller: FunderCaller, body: Body) => set(deps, caller, ownTarget(caller), body),
    putAsOperator: (caller: Caller, target: Target, body: Body) => set(deps, caller, target, body),
  });
  const debtors = limitBook('debtors', debtorBook, debtorExposureView, setDebtorLimit);
  const sellers = limitBook('sellers', sellerBook, sellerExposureView, setSellerLimit);

  return {
    /** GET /v1/credit-limits: the debtor book. An unclassified funder reads an empty one. */
    getCreditLimits: debtors.list,
    /** PUT /v1/credit-limits. */
    putCreditLimit: debtors.put,
    putCreditLimitAsOperator: debtors.putAsOperator,

    /**
     * POST /v1/credit-limits/import: every row is checked on its own and answered on its own;
     * the valid ones are written together with set-based statements, in one transaction.
     */
    async importCreditLimits(caller: FunderCaller, body: ImportBodyInput) {
      const plane = requirePlane(caller);
      const envelope = readImportEnvelope(body);
      return write(caller, async (scope) => ({
        funder: funderRef(caller),
        ...(await importDebtorLimits(scope, { funderId: caller.funderId, plane }, envelope)),
      }));
    },

    /** GET /v1/seller-limits: the seller book. */
    getSellerLimits: sellers.list,
    /** PUT /v1/seller-limits: 404 for a seller the funder cannot see. */
    putSellerLimit: sellers.put,
    putSellerLimitAsOperator: sellers.putAsOperator,

    /** Plugs into the decisions service: refuses an offer a limit cannot hold (409 credit_limit). */
    offerGuard: createCreditLimitGuard(clock),

    /** The funder's limit on one debtor with its exposure, or null (for debtor information). */
    debtorLimitView: (q: Queryable | Tx, funderId: string, plane: Plane, country: string, taxId: string) =>
      debtorLimitView(q, funderId, plane, country, taxId, clock.now()),
  };
}
