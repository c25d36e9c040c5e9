import { type Plane, planeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { WriteScope } from '../../platform/write.ts';
import { funderEnvironment } from '../account/account.module.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import type { DisclosureSteps } from './requests.disclosure-steps.ts';
import { OPERATIONS, type RequestLifecycle } from './requests.lifecycle.ts';
import { prepareNoticesForOps } from './requests.notices.store.ts';
import { withdrawPendingOffersForOps } from './requests.offers.store.ts';
import { scoreSellerSoon } from './requests.scores.ts';
import * as store from './requests.store.ts';
import { partyActor } from './requests.trail.ts';

/** The programme terms in force for a funder and a company, as routing reads them. */
export interface TermsForRouting {
  termsForRouting(
    q: Queryable,
    funderId: string,
    plane: Plane,
    sellerId: string,
  ): Promise<{ disclosure: 'announced' | 'confidential' }>;
}

/** The funder whose own client a seller is (clients area), or null. */
export type ClientOwnerOf = (tx: Tx, sellerId: string) => Promise<string | null>;

export const bodyInvalid = (field: string, message: string) =>
  new ApiError('body_invalid', message, { extra: { field } });

export interface RoutingDeps {
  lifecycle: RequestLifecycle;
  settings: Pick<SettingsService, 'policy'>;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
  programme: TermsForRouting;
  clientOwnerOf: ClientOwnerOf;
  disclosure: Pick<DisclosureSteps, 'prepareNoticeDocuments'>;
}

/** The operations team's routing (and re-routing) of a request to a funder, inside its write. */
export function createRouting(deps: RoutingDeps) {
  const { lifecycle } = deps;

  /**
   * Routes a request to a funder: fixes its consent level and programme terms, prepares a
   * notice per debtor (factoring), and records the deal file. The status machine says which
   * statuses may be routed (`route`) and which re-routed to another funder (`reroute`).
   * Refused while a hard risk signal waits for review or the seller misses a document the
   * funder requires.
   */
  async function routeIn(scope: WriteScope, id: string, bankId: string): Promise<void> {
    const { tx, now } = scope;
    const row = await lifecycle.lock(tx, OPERATIONS, id);
    const move = row.status === 'terms_sent' ? 'reroute' : 'route';
    lifecycle.next(row.status, move);
    if (move === 'reroute' && (row.assigned_funder_id === null || row.assigned_funder_id === bankId)) {
      throw new ApiError(
        'invalid_state',
        'A request with terms sent can only be re-routed to another funder.',
      );
    }
    const environment = await funderEnvironment(tx, bankId);
    if (!environment) throw bodyInvalid('bank_id', 'bank_id names no funder.');
    const funderPlane = planeOf(environment);
    if (funderPlane !== row.plane) {
      throw bodyInvalid('bank_id', `That funder does not work on the ${row.plane} plane of this request.`);
    }
    // A funder's own client has its requests routed to that funder only.
    const owner = await deps.clientOwnerOf(tx, row.seller_id);
    if (owner && owner !== bankId) {
      throw new ApiError(
        'client_of_another_funder',
        "This seller is another funder's own client: its requests are routed to that funder only.",
        { extra: { bank_id: owner } },
      );
    }
    const blocks = await lifecycle.hardBlocks(tx, OPERATIONS, row.id);
    if (blocks.signals.length > 0 || blocks.disputes.length > 0) {
      throw new ApiError(
        'risk_review_required',
        'A hard risk signal or an open dispute is waiting for review.',
        {
          extra: { signals: blocks.signals.map((s) => s.code), disputes: blocks.disputes.length },
        },
      );
    }
    const onDate = madridDate(now);
    const deal = {
      funderId: bankId,
      plane: row.plane,
      sellerId: row.seller_id,
      country: row.seller_country,
      onDate,
    };
    await deps.documents.requireDocumentsMet(tx, deal);
    const policy = await deps.settings.policy(tx, bankId, row.plane);
    const level = row.type === 'factoring' ? policy.debtorConsentLevel : null;
    const previous = row.assigned_funder_id;
    if (previous && previous !== bankId) await withdrawPendingOffersForOps(tx, row.id, previous, now);
    await store.recordRoutedForOps(tx, row.id, bankId, row.plane, now);
    const terms = await deps.programme.termsForRouting(tx, bankId, row.plane, row.seller_id);
    if (level) {
      await prepareNoticesForOps(tx, row, level, now);
      await deps.disclosure.prepareNoticeDocuments(tx, row.id, bankId, now);
    }
    await deps.documents.recordDealFile(tx, { ...deal, requestId: row.id, stage: 'routing', at: now });
    // The packet the funder opens on request.routed shows the seller's stored score (and is kept).
    await scoreSellerSoon(tx, row.seller_id, now);
    await lifecycle.transition(scope, OPERATIONS, row.id, move, {
      trigger: move === 'reroute' ? 'rerouted' : 'routed',
      actor: { ...partyActor(scope), to_funder: bankId },
      columns: {
        assigned_funder_id: bankId,
        routed_at: now,
        consent_level_required: level,
        programme_terms: JSON.stringify(terms),
        disclosure: terms.disclosure,
      },
      evidence: {
        kind: 'request.routed',
        funderId: bankId,
        payload: { consent_level_required: level, previous_funder: previous, programme_terms: terms },
      },
      event: { funderId: bankId, type: 'request.routed' },
    });
  }

  return routeIn;
}
