import type { Caller, FunderCaller, Plane } from '../../platform/caller.ts';
import { requirePlane } from '../../platform/caller.ts';
import { addDays, type Clock, madridDate, madridMidnight } from '../../platform/clock.ts';
import type { Db, Queryable, Tx } from '../../platform/db/db.ts';
import type { Keyset } from '../../platform/db/keyset.ts';
import { type KeyedRow, type PageMarks, pageOf, readCursor, readLimit } from '../../platform/pagination.ts';
import type { CacheableAnswer } from '../../platform/read-cache.ts';
import type { RunWrite } from '../../platform/write.ts';
import { debtorBookPage } from './limits.book-page.store.ts';
import {
  type BookPage,
  type BookScope,
  DEBTOR_BOOK_ORDER,
  debtorBook,
  nextOfferExpiry,
  SELLER_BOOK_ORDER,
  sellerBook,
} from './limits.exposure.store.ts';
import { debtorLimitView } from './limits.guard.ts';
import { importDebtorLimits } from './limits.import.ts';
import { readImportEnvelope } from './limits.input.ts';
import type { ImportBodyInput } from './limits.schemas.ts';
import { scopeAt, setDebtorLimit, setSellerLimit } from './limits.set.ts';
import { debtorExposureView, sellerExposureView } from './limits.views.ts';
import type { Target } from './limits.writes.ts';

/** What GET /v1/credit-limits and GET /v1/seller-limits answer: the book's lines under `lines`. */
export type LimitBookAnswer<Lines extends string, View> = {
  funder: { bank_id: string; name: string };
  currency: 'EUR';
  count: number;
} & Record<Lines, View[]> &
  PageMarks;

/** What a book's GET is asked: pages, which it had none of (no `limit`: the whole book). */
export interface BookQuery {
  limit?: number;
  cursor?: string;
}

/**
 * The credit-limit books: the funder's limits per debtor and per seller and the exposure
 * against them, read and set by the funder and by the operations team.
 */
export function createLimitBooks(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { clock, write } = deps;

  const funderRef = (caller: FunderCaller) => ({ bank_id: caller.funderId, name: caller.funderName });
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
  const limitBook = <Lines extends string, Row extends Partial<KeyedRow>, View, Body, Set>(
    lines: Lines,
    order: Keyset,
    read: (q: Queryable, scope: BookScope, only: null, page: BookPage) => Promise<Row[]>,
    view: (row: Row) => View,
    set: (setDeps: typeof deps, caller: Caller, target: Target, body: Body) => Promise<Set>,
  ) => ({
    /**
     * The book, as a read the route keeps between calls while no write touches it
     * (platform/read-cache) and until the book's own time moves: the next Madrid midnight (what
     * is overdue) or the next expiry of a pending offer of the funder (what is offered),
     * whichever comes first.
     */
    async list(
      caller: FunderCaller,
      query: BookQuery = {},
    ): Promise<CacheableAnswer<LimitBookAnswer<Lines, View>>> {
      const after = readCursor(order, '', query.cursor);
      const answer = (rows: View[], marks: PageMarks) =>
        ({
          funder: funderRef(caller),
          currency: 'EUR',
          count: rows.length,
          [lines]: rows,
          ...marks,
        }) as LimitBookAnswer<Lines, View>;
      if (!caller.plane) return { answer: answer([], { has_more: false, next_cursor: null }) };
      const scope = { funderId: caller.funderId, plane: caller.plane };
      const book = async (tx: Tx) => {
        const now = clock.now();
        const bookRows = await read(tx, scopeAt(scope, now), null, { limit: readLimit(query.limit), after });
        const page = pageOf(order, '', bookRows as (Row & KeyedRow)[], query.limit);
        const midnight = madridMidnight(addDays(madridDate(now), 1));
        const expiry = await nextOfferExpiry(tx, scope, now);
        const value = answer(page.rows.map(view), { has_more: page.has_more, next_cursor: page.next_cursor });
        return { value, until: expiry !== null && expiry < midnight ? expiry : midnight };
      };
      const key = `limits.${lines}:${query.limit ?? ''}:${query.cursor ?? ''}:${caller.funderName}`;
      return { keep: { scope, key, read: book } };
    },
    put: (caller: FunderCaller, body: Body) => set(deps, caller, ownTarget(caller), body),
    putAsOperator: (caller: Caller, target: Target, body: Body) => set(deps, caller, target, body),
  });
  // A page of a given length in one statement whose work grows with the page; the whole book as it is.
  const readDebtors = (q: Queryable, scope: BookScope, only: null, page: BookPage) =>
    page.limit === null
      ? debtorBook(q, scope, only, page)
      : debtorBookPage(q, scope, { limit: page.limit, after: page.after });
  const debtors = limitBook('debtors', DEBTOR_BOOK_ORDER, readDebtors, debtorExposureView, setDebtorLimit);
  const sellers = limitBook('sellers', SELLER_BOOK_ORDER, sellerBook, sellerExposureView, setSellerLimit);

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

    /** The funder's limit on one debtor with its exposure, or null (for debtor information). */
    debtorLimitView: (q: Queryable | Tx, funderId: string, plane: Plane, country: string, taxId: string) =>
      debtorLimitView(q, funderId, plane, country, taxId, clock.now()),
  };
}
