import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { isUuid } from '../../platform/ids.ts';
import { normalizeTaxId } from './parties.rules.ts';
import * as store from './parties.store.ts';
import { debtorView, invoiceView, sellerView } from './parties.views.ts';

// Reads usable by any area

type Find<Args extends unknown[], Row> = (q: Queryable, ...args: Args) => Promise<Row | null>;

/** A reader by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
function byId<Row, View>(
  onPlane: Find<[Plane, string], Row>,
  onEither: Find<[string], Row>,
  view: (row: Row) => View,
) {
  return async (q: Queryable, id: string, options: { plane?: Plane } = {}): Promise<View | null> => {
    if (!isUuid(id)) return null;
    const row = options.plane ? await onPlane(q, options.plane, id) : await onEither(q, id);
    return row ? view(row) : null;
  };
}

/** A reader by country and tax id on a plane (both normalised as on creation). */
function byKey<Row, View>(find: Find<[Plane, string, string], Row>, view: (row: Row) => View) {
  return async (q: Queryable, plane: Plane, countryCode: string, taxId: string): Promise<View | null> => {
    const row = await find(q, plane, countryCode.trim().toUpperCase(), normalizeTaxId(taxId));
    return row ? view(row) : null;
  };
}

/** A seller by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
export const findSeller = byId(store.findSeller, store.findSellerForOperator, sellerView);

/** A debtor by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
export const findDebtor = byId(store.findDebtor, store.findDebtorForOperator, debtorView);

/** An invoice by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
export const findInvoice = byId(store.findInvoice, store.findInvoiceForOperator, invoiceView);

/** A debtor by country and tax id on a plane (both normalised as on creation). */
export const findDebtorByKey = byKey(store.findDebtorByKey, debtorView);

/** A seller by country and tax id on a plane (both normalised as on creation). */
export const findSellerByKey = byKey(store.findSellerByKey, sellerView);
