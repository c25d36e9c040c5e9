import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Caller, Plane } from '../../platform/caller.ts';
import { findSeller } from './parties.reads.ts';
import type { SellerInput } from './parties.rules.ts';
import { type SellerScore, sellerScore } from './parties.score.ts';
import type * as store from './parties.store.ts';
import { found, type Seller } from './parties.views.ts';
import { insertSeller, setSellerVerification } from './parties.writes.ts';

/** The operations team's sellers: created, read, verified, and their score read. */
export function createSellers(deps: Pick<AreaDeps, 'db' | 'clock' | 'write'>) {
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
  };
}
