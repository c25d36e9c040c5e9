import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { isUuid } from '../../platform/ids.ts';
import { normalizeTaxId } from './parties.rules.ts';
import * as store from './parties.store.ts';
import {
  type Debtor,
  debtorView,
  type Invoice,
  invoiceView,
  type Seller,
  sellerView,
} from './parties.views.ts';

// Reads usable by any area

/** A seller by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
export async function findSeller(
  q: Queryable,
  id: string,
  options: { plane?: Plane } = {},
): Promise<Seller | null> {
  if (!isUuid(id)) return null;
  const row = options.plane
    ? await store.findSeller(q, options.plane, id)
    : await store.findSellerForOperator(q, id);
  return row ? sellerView(row) : null;
}

/** A debtor by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
export async function findDebtor(
  q: Queryable,
  id: string,
  options: { plane?: Plane } = {},
): Promise<Debtor | null> {
  if (!isUuid(id)) return null;
  const row = options.plane
    ? await store.findDebtor(q, options.plane, id)
    : await store.findDebtorForOperator(q, id);
  return row ? debtorView(row) : null;
}

/** A debtor by country and tax id on a plane (both normalised as on creation). */
export async function findDebtorByKey(
  q: Queryable,
  plane: Plane,
  countryCode: string,
  debtorTaxId: string,
): Promise<Debtor | null> {
  const row = await store.findDebtorByKey(
    q,
    plane,
    countryCode.trim().toUpperCase(),
    normalizeTaxId(debtorTaxId),
  );
  return row ? debtorView(row) : null;
}

/** A seller by country and tax id on a plane (both normalised as on creation). */
export async function findSellerByKey(
  q: Queryable,
  plane: Plane,
  countryCode: string,
  sellerTaxId: string,
): Promise<Seller | null> {
  const row = await store.findSellerByKey(
    q,
    plane,
    countryCode.trim().toUpperCase(),
    normalizeTaxId(sellerTaxId),
  );
  return row ? sellerView(row) : null;
}

/** An invoice by id; with `plane`, only on that plane (in the query); without, on either (the operations team). */
export async function findInvoice(
  q: Queryable,
  id: string,
  options: { plane?: Plane } = {},
): Promise<Invoice | null> {
  if (!isUuid(id)) return null;
  const row = options.plane
    ? await store.findInvoice(q, options.plane, id)
    : await store.findInvoiceForOperator(q, id);
  return row ? invoiceView(row) : null;
}
