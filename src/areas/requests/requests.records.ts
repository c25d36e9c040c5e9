import type { FunderScope } from '../../platform/caller.ts';
import type { Tx } from '../../platform/db/db.ts';
import type { Mover } from './requests.mover.ts';
import * as notices from './requests.notices.store.ts';
import * as offers from './requests.offers.store.ts';
import { receivablesOf } from './requests.receivables.store.ts';
import * as risks from './requests.risks.store.ts';
import * as store from './requests.store.ts';

/**
 * What other areas read and write about a request beside its status, inside their write: the
 * request lifecycle offers these beside its moves.
 */
export const requestRecords = {
  /** The request's invoices and debtors, as the funder sees them. */
  receivables: (tx: Tx, scope: FunderScope, id: string) => receivablesOf(tx, scope, id),

  /** The request's notices of assignment, as the funder sees them. */
  notices: (tx: Tx, scope: FunderScope, id: string) => notices.noticesOf(tx, scope, [id]),

  /** What stops routing and funding: hard signals not cleared, open disputes. */
  async hardBlocks(tx: Tx, mover: Mover, id: string) {
    const found =
      mover.kind === 'funder' ? await risks.risksOf(tx, mover.scope, id) : await risks.risksForOps(tx, id);
    return {
      signals: found.signals.filter((s) => s.hard && s.status !== 'cleared'),
      disputes: found.disputes.filter((d) => d.status === 'open'),
    };
  },

  /** The funder acted on the request: it keeps reading it after a re-routing. */
  markActed: (tx: Tx, scope: FunderScope, id: string, at: Date) => store.markActed(tx, scope, id, at),

  /** A new offer of the funder; its earlier pending offer is superseded first. */
  async placeOffer(tx: Tx, scope: FunderScope, offer: offers.NewOffer): Promise<void> {
    await offers.closePendingOffers(tx, scope, offer.requestId, 'superseded', offer.submittedAt);
    await offers.insertOffer(tx, scope, offer);
  },

  /** The funder's pending offers on the request are withdrawn (it declined or stepped back). */
  withdrawOffers: (tx: Tx, scope: FunderScope, id: string, at: Date) =>
    offers.closePendingOffers(tx, scope, id, 'withdrawn', at),

  /** The funder stepped back: the request's notices are withdrawn. */
  withdrawNotices: (tx: Tx, scope: FunderScope, id: string) => notices.withdrawNotices(tx, scope, id),

  /** Whether a debtor has answered its notice already. */
  anyNoticeAnswered: (tx: Tx, scope: FunderScope, id: string) => notices.anyNoticeAnswered(tx, scope, id),

  /** The funder raises the consent level: the request and the notices not answered yet. */
  async raiseConsentLevel(
    tx: Tx,
    scope: FunderScope,
    id: string,
    level: store.ConsentLevel,
    at: Date,
  ): Promise<void> {
    await store.updateRequest(tx, scope, id, at, { consent_level_required: level });
    await notices.raisePendingLevel(tx, scope, id, level);
  },
};
