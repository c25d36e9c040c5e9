import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Caller } from '../../platform/caller.ts';
import { isUuid } from '../../platform/ids.ts';
import { findInvoice } from './parties.reads.ts';
import { type InvoiceInput, invalid } from './parties.rules.ts';
import * as store from './parties.store.ts';
import { found, type Invoice } from './parties.views.ts';
import { insertInvoice, markInvoiceSellerPaid } from './parties.writes.ts';

/** The operations team's invoices: created, read, and marked as paid to the seller. */
export function createInvoices(deps: Pick<AreaDeps, 'db' | 'write'>) {
  const { db, write } = deps;

  return {
    /** The invoice lands on its seller's plane; its debtor must be on the same plane. */
    createInvoice(caller: Caller, input: InvoiceInput): Promise<Invoice> {
      return write(caller, async ({ tx, now, evidence }) => {
        const seller =
          typeof input.seller_id === 'string' && isUuid(input.seller_id)
            ? await store.findSellerForOperator(tx, input.seller_id)
            : null;
        if (!seller) invalid('seller_id', 'seller_id names no seller.');
        return insertInvoice(tx, seller.plane, input, now, evidence);
      });
    },

    async getInvoice(id: string): Promise<Invoice> {
      return found(await findInvoice(db, id), 'Invoice');
    },

    markInvoiceSellerPaid(
      caller: Caller,
      id: string,
      paidAt: string | null,
    ): Promise<{ invoice: Invoice; changed: boolean }> {
      const at = paidAt === null ? null : new Date(paidAt);
      return write(caller, ({ tx, now, evidence }) => markInvoiceSellerPaid(tx, null, id, at, now, evidence));
    },
  };
}
