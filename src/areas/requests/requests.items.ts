import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import type { RequestListRow } from './requests.list.store.ts';
import { noticeAnswersOf } from './requests.notices.store.ts';
import { latestOffers } from './requests.offers.store.ts';
import { firstOfferExpiry, requestNow } from './requests.time.ts';
import { type ConsentPolicy, consentByRequest, offerSummary, requestView } from './requests.views.ts';

/**
 * Requests as list items, as the funder of `scope` reads them: each with the funder's latest
 * offer and its debtors' consent under the funder's policy, and the first instant one of the
 * items reads otherwise by itself (an offer expiring). One way to make an item, for the list,
 * the sandbox helpers' answers and the request events (requests.changes.ts).
 */
export async function listItemsOf(
  q: Queryable,
  scope: FunderScope,
  rows: readonly RequestListRow[],
  policy: ConsentPolicy,
  now: Date,
) {
  const ids = rows.map((row) => row.id);
  const offers = await latestOffers(q, scope, ids);
  const notices = await noticeAnswersOf(q, scope, ids);
  const consent = consentByRequest(notices, policy);
  const value = rows.map((row) => {
    const offer = offers.get(row.id);
    // The view's own object, given the two members more (no copy of its twenty).
    return Object.assign(requestView(row), {
      my_offer: offer ? offerSummary(offer, requestNow(row, now)) : null,
      debtor_consent: consent.get(row.id) ?? [],
    });
  });
  return { value, until: firstOfferExpiry([...rows], offers, now) };
}

/** A list item as `listItemsOf` makes it. */
export type RequestItem = Awaited<ReturnType<typeof listItemsOf>>['value'][number];
