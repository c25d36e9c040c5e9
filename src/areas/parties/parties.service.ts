import type { Caller, Plane } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import { findDebtor, findInvoice, findSeller } from './parties.reads.ts';
import { type DebtorInput, type InvoiceInput, invalid, type SellerInput } from './parties.rules.ts';
import { type SellerScore, sellerScore } from './parties.score.ts';
import * as store from './parties.store.ts';
import type { Debtor, Invoice, Seller } from './parties.views.ts';
import {
  insertDebtor,
  insertInvoice,
  insertSeller,
  markInvoiceSellerPaid,
  setSellerVerification,
} from './parties.writes.ts';

/**
 * The other parties' data: sellers, debtors and the invoices between them. The operations API
 * manages them; sandbox helpers and the demonstration scenario call the exported functions
 * (`parties.writes.ts`, `parties.reads.ts`) inside their own write, passing its `evidence` so
 * each row leaves its entry.
 */

// The operations team's commands and queries

export type PartiesService = ReturnType<typeof createPartiesService>;

/** The party read, or 404 not_found naming what was asked for. */
function found<T>(party: T | null, what: 'Seller' | 'Debtor' | 'Invoice'): T {
  if (!party) throw new ApiError('not_found', `${what} was not found.`);
  return party;
}

export function createPartiesService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;

  return {
    createSeller(caller: Caller, input: SellerInput & { plane: Plane }): Promise<Seller> {
      const { plane, ...seller } = input;
      return write(caller, ({ tx, now, evidence }) => insertSeller(tx, plane, seller, now, evidence));
    },

    async getSeller(id: string): Promise<Seller> {
      return found(await findSeller(db, id), 'Seller');
    },

    setSellerVerification(
      caller: Caller,
      id: string,
      change: { status: store.VerificationStatus; reason?: string | null },
    ): Promise<{ seller: Seller; changed: boolean }> {
      return write(caller, ({ tx, evidence }) => setSellerVerification(tx, null, id, change, evidence));
    },

    /** The seller's score as a funder would read it in a request's packet. */
    async getSellerScore(id: string): Promise<{ seller_id: string; score: SellerScore | null }> {
      const seller = found(await findSeller(db, id), 'Seller');
      return { seller_id: seller.id, score: await sellerScore(db, seller.id, clock.now()) };
    },

    createDebtor(caller: Caller, input: DebtorInput & { plane: Plane }): Promise<Debtor> {
      const { plane, ...debtor } = input;
      return write(caller, ({ tx, now, evidence }) => insertDebtor(tx, plane, debtor, now, evidence));
    },

    async getDebtor(id: string): Promise<Debtor> {
      return found(await findDebtor(db, id), 'Debtor');
    },

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
