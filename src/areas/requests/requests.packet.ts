import type { Static } from 'typebox';
import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { readSellerScore } from '../parties/parties.module.ts';
import { checkKept, END_OF_TIME, NO_MOMENT } from './requests.items.ts';
import { noticesOf } from './requests.notices.store.ts';
import { latestOffers } from './requests.offers.store.ts';
import { keepPacket, keptPacketOf } from './requests.packet.store.ts';
import { receivablesOf } from './requests.receivables.store.ts';
import { risksOf } from './requests.risks.store.ts';
import type { Packet } from './requests.schemas.ts';
import * as store from './requests.store.ts';
import { firstOfferExpiry, flipsExactly, requestNow } from './requests.time.ts';
import {
  type ConsentPolicy,
  debtorConsentDetail,
  disputeView,
  offerDetail,
  receivableView,
  requestView,
  signalView,
} from './requests.views.ts';

/**
 * How the packet writes and checks what it keeps: `write` is the route's serializer of a packet;
 * with `verify` (the tests' mode of the kept answers) a kept packet served is built again and
 * compared, so a write that changes a packet without raising its stamp fails the test making it.
 */
export interface PacketWriting {
  write: (packet: Static<typeof Packet>) => string;
  verify: boolean;
}

/** Everything a packet is made of, read once; `packetAt` makes it as it reads at an instant. */
async function partsOf(
  q: Queryable,
  scope: FunderScope,
  id: string,
  policy: () => Promise<ConsentPolicy>,
  now: Date,
) {
  const row = await store.findVisibleRequest(q, scope, id);
  if (!row) return null;
  return {
    row,
    notices: await noticesOf(q, scope, [row.id]),
    receivables: await receivablesOf(q, scope, row.id),
    risks: await risksOf(q, scope, row.id),
    offers: await latestOffers(q, scope, [row.id]),
    policy: await policy(),
    // No score is already null here (no seller, or the model cannot run); a failure to read it
    // is a fault the error handler logs with the request id, not a packet without score.
    score: await readSellerScore(q, row.seller_id, now, scope),
  };
}

type Parts = NonNullable<Awaited<ReturnType<typeof partsOf>>>;

function packetAt(parts: Parts, at: Date): Static<typeof Packet> {
  const { row, policy } = parts;
  const offer = parts.offers.get(row.id);
  const consent = parts.notices.map((n) => debtorConsentDetail(n, policy));
  return {
    request: { ...requestView(row), debtor_consent: consent },
    debtor_consent: consent,
    receivables: parts.receivables.map(receivableView),
    score: parts.score?.value ?? null,
    my_offer: offer ? offerDetail(offer, requestNow(row, at)) : null,
    risk: {
      signals: parts.risks.signals.filter((s) => s.status !== 'cleared').map(signalView),
      disputes: parts.risks.disputes.map(disputeView),
    },
  };
}

/**
 * The packet of request `id` as JSON, for the funder of `scope` at `now`, and the instant after
 * which it reads otherwise: the kept one while it holds (migration 0076), else built from its
 * parts and kept for the next read, as of no moment and as it reads once its offer has run out
 * (as the list keeps its items, requests.items.ts). A packet whose score is computed on the spot
 * is of its moment: neither kept here nor between calls (`until` now). Not visible: 404.
 */
export async function keptPacket(
  q: Queryable,
  scope: FunderScope,
  id: string,
  policy: () => Promise<ConsentPolicy>,
  now: Date,
  writing: PacketWriting,
): Promise<{ value: string; until: Date | null }> {
  const kept = await keptPacketOf(q, scope, id, now);
  if (!kept) throw new ApiError('not_found', 'Request was not found.');
  const ahead = (at: Date | null) => (at !== null && at > now ? at : null);
  if (kept.packet !== null && !writing.verify) return { value: kept.packet, until: ahead(kept.flips_at) };
  const parts = await partsOf(q, scope, id, policy, now);
  if (!parts) throw new ApiError('not_found', 'Request was not found.');
  const atNow = writing.write(packetAt(parts, now));
  if (parts.score?.stored === false) return { value: atNow, until: now };
  const flipsAt = firstOfferExpiry([parts.row], parts.offers, NO_MOMENT);
  if (kept.packet !== null) {
    await checkKept(q, scope, 'packet', { id, stamp: kept.stamp }, kept.packet, atNow);
    return { value: kept.packet, until: ahead(kept.flips_at) };
  }
  if (kept.stamp !== null) {
    // As the list's items: once its offer has run out a packet reads as at the end of time.
    const exact = flipsExactly(parts.row, flipsAt);
    await keepPacket(q, scope, {
      id,
      stamp: kept.stamp,
      counsel: parts.policy.requireCounselApprovedTexts,
      packet: writing.write(packetAt(parts, NO_MOMENT)),
      after: exact ? writing.write(packetAt(parts, END_OF_TIME)) : null,
      flipsAt,
    });
  }
  return { value: atNow, until: firstOfferExpiry([parts.row], parts.offers, now) };
}
