import { actorOf, type Caller, type FunderCaller, type Plane, requirePlane } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Db, Queryable, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { debtorKey } from '../parties/parties.module.ts';
import { type BookScope, debtorBook, sellerBook } from './limits.exposure.store.ts';
import { createCreditLimitGuard, debtorLimitView } from './limits.guard.ts';
import { importDebtorLimits } from './limits.import.ts';
import { readImportEnvelope, readLimitRow, readSellerLimit, rowProblemToError } from './limits.input.ts';
import type { DebtorLimitInputBody, ImportBodyInput, SellerLimitInputBody } from './limits.schemas.ts';
import * as store from './limits.store.ts';
import {
  debtorExposureView,
  debtorLimitView as limitView,
  sellerExposureView,
  sellerLimitView,
} from './limits.views.ts';
import {
  type Resolved,
  resolveCountries,
  sameLimit,
  sourceOf,
  type Target,
  writeDebtorLimits,
} from './limits.writes.ts';

export { createCreditLimitGuard, type DebtorLimitSummary, debtorLimitView } from './limits.guard.ts';

export type LimitsService = ReturnType<typeof createLimitsService>;

/**
 * The credit-limit books: the funder's limits per debtor and per seller, the exposure against
 * them, and the check that holds them when an offer is made (`offerGuard`).
 */
export function createLimitsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;

  const funderRef = (caller: FunderCaller) => ({ bank_id: caller.funderId, name: caller.funderName });
  const scopeAt = (target: Target, now: Date): BookScope => ({
    funderId: target.funderId,
    plane: target.plane,
    now,
    today: madridDate(now),
  });
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

  /** One debtor limit, from PUT /v1/credit-limits or the operations API. */
  async function setDebtorLimit(caller: Caller, target: Target, body: DebtorLimitInputBody) {
    const read = readLimitRow(body);
    if ('problem' in read) throw rowProblemToError(read.problem);
    const source = sourceOf(caller);
    return write(caller, async (scope) => {
      if (caller.kind !== 'funder' && !(await store.funderExistsForOperator(scope.tx, target.funderId)))
        throw new ApiError('not_found', 'Funder was not found.');
      const [resolved] = await resolveCountries(scope.tx, target, [read.value]);
      if ('problem' in resolved!) {
        throw new ApiError('invalid_limit', resolved.problem, {
          extra: { field: 'debtor_country', reason: 'invalid_country' },
        });
      }
      const input = resolved as Resolved;
      const [outcome] = await writeDebtorLimits(scope, target, [input], source, null);
      const key = debtorKey(input.country, input.taxId);
      const debtor = { country: input.country, tax_id: input.taxId };
      const [row] = await store.findDebtorLimits(scope.tx, target, [debtor]);
      const [book] = await debtorBook(scope.tx, scopeAt(target, scope.now), [debtor]);
      if (outcome!.changed) {
        scope.evidence({
          funderId: target.funderId,
          plane: target.plane,
          kind: 'credit_limit.set',
          subjectType: 'credit_limit',
          subjectId: row!.id,
          payload: {
            debtor_key: key,
            from: outcome!.row ? { amount: outcome!.row.amount, status: outcome!.row.status } : null,
            to: { amount: row!.amount, status: row!.status },
            source,
          },
        });
      }
      return { credit_limit: limitView(row!, book), changed: outcome!.changed };
    });
  }

  async function setSellerLimit(caller: Caller, target: Target, body: SellerLimitInputBody) {
    const input = readSellerLimit(body);
    const source = sourceOf(caller);
    return write(caller, async (scope) => {
      const { tx, now } = scope;
      if (caller.kind !== 'funder' && !(await store.funderExistsForOperator(tx, target.funderId)))
        throw new ApiError('not_found', 'Funder was not found.');
      if (!(await store.sellerVisible(tx, target, input.sellerId)))
        throw new ApiError('not_found', 'Seller was not found.');
      await store.lockFunderLimits(tx, target);
      const previous = await store.findSellerLimit(tx, target, input.sellerId, {
        forUpdate: true,
      });
      const amount = input.amountCents === null ? null : centsToDecimal(input.amountCents);
      const next = { amount, status: input.status, note: input.note, source, sourceRef: null };
      const changed = previous === null || !sameLimit(previous, next);
      let row = previous;
      if (changed) {
        const actor = actorOf(caller);
        row = await store.upsertSellerLimit(
          tx,
          target,
          { id: previous?.id ?? newId(), sellerId: input.sellerId, ...next, decidedBy: actor },
          now,
        );
        await store.insertSellerHistory(
          tx,
          target,
          {
            limit: row,
            from: previous ? { amount: previous.amount, status: previous.status, note: previous.note } : null,
          },
          actor,
          now,
        );
        scope.evidence({
          funderId: target.funderId,
          plane: target.plane,
          kind: 'seller_limit.set',
          subjectType: 'seller_limit',
          subjectId: row.id,
          payload: {
            seller_id: input.sellerId,
            from: previous ? { amount: previous.amount, status: previous.status } : null,
            to: { amount, status: input.status },
            source,
          },
        });
      }
      const [book] = await sellerBook(tx, scopeAt(target, now), input.sellerId);
      return { seller_limit: sellerLimitView(row!, book!), changed };
    });
  }

  return {
    /** GET /v1/credit-limits: the debtor book. An unclassified funder reads an empty one. */
    async getCreditLimits(caller: FunderCaller) {
      const debtors = (await bookOf(caller, (q, scope) => debtorBook(q, scope))).map(debtorExposureView);
      return { funder: funderRef(caller), currency: 'EUR' as const, count: debtors.length, debtors };
    },

    /** PUT /v1/credit-limits: source `api`. */
    putCreditLimit(caller: FunderCaller, body: DebtorLimitInputBody) {
      return setDebtorLimit(caller, ownTarget(caller), body);
    },

    /** Operations API (the portal's equivalent): source `manual`. */
    putCreditLimitAsOperator(caller: Caller, target: Target, body: DebtorLimitInputBody) {
      return setDebtorLimit(caller, target, body);
    },

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
    async getSellerLimits(caller: FunderCaller) {
      const sellers = (await bookOf(caller, (q, scope) => sellerBook(q, scope))).map(sellerExposureView);
      return { funder: funderRef(caller), currency: 'EUR' as const, count: sellers.length, sellers };
    },

    /** PUT /v1/seller-limits: source `api`; 404 for a seller the funder cannot see. */
    putSellerLimit(caller: FunderCaller, body: SellerLimitInputBody) {
      return setSellerLimit(caller, ownTarget(caller), body);
    },

    putSellerLimitAsOperator(caller: Caller, target: Target, body: SellerLimitInputBody) {
      return setSellerLimit(caller, target, body);
    },

    /** Plugs into the decisions service: refuses an offer a limit cannot hold (409 credit_limit). */
    offerGuard: createCreditLimitGuard(clock),

    /** The funder's limit on one debtor with its exposure, or null (for debtor information). */
    debtorLimitView: (q: Queryable | Tx, funderId: string, plane: Plane, country: string, taxId: string) =>
      debtorLimitView(q, funderId, plane, country, taxId, clock.now()),
  };
}
