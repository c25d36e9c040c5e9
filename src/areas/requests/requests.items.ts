import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { StaleAnswerError } from '../../platform/read-cache.ts';
import {
  type ItemToKeep,
  itemStampOf,
  keepItems,
  listRowsOf,
  type RequestListRow,
  type RequestPageRow,
} from './requests.list.store.ts';
import { type NoticeAnswer, noticeAnswersOf } from './requests.notices.store.ts';
import { latestOffers, type OfferRow } from './requests.offers.store.ts';
import { firstOfferExpiry, flipsExactly, requestNow } from './requests.time.ts';
import { type ConsentPolicy, consentByRequest, offerSummary, requestView } from './requests.views.ts';

/** What the items of some requests are made of besides their rows: the funder's offers, the notices. */
interface ItemParts {
  offers: ReadonlyMap<string, OfferRow>;
  consent: ReturnType<typeof consentByRequest>;
}

async function partsOf(q: Queryable, scope: FunderScope, ids: readonly string[], policy: ConsentPolicy) {
  const offers = await latestOffers(q, scope, ids);
  const notices: NoticeAnswer[] = await noticeAnswersOf(q, scope, ids);
  return { offers, consent: consentByRequest(notices, policy) };
}

/** One request's item at `now`, and the first instant after which it reads otherwise, if any. */
function itemOf(row: RequestListRow, parts: ItemParts, now: Date) {
  const offer = parts.offers.get(row.id);
  // The view's own object, given the two members more (no copy of its twenty).
  const item = Object.assign(requestView(row), {
    my_offer: offer ? offerSummary(offer, requestNow(row, now)) : null,
    debtor_consent: parts.consent.get(row.id) ?? [],
  });
  return { item, flipsAt: firstOfferExpiry([row], parts.offers, now) };
}

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
  const parts = await partsOf(
    q,
    scope,
    rows.map((row) => row.id),
    policy,
  );
  const value = rows.map((row) => itemOf(row, parts, now).item);
  return { value, until: firstOfferExpiry([...rows], parts.offers, now) };
}

/** A list item as `listItemsOf` makes it. */
export type RequestItem = Awaited<ReturnType<typeof listItemsOf>>['value'][number];

/**
 * How the list writes and checks its kept items: `write` is the route's serializer of one item;
 * with `verify` (the tests' mode of the kept answers) every kept item served is built again and
 * compared, so a write that changes an item without raising its stamp fails the test making it.
 */
export interface ItemWriting {
  write: (item: RequestItem) => string;
  verify: boolean;
}

/** The instant before every other: an item built as of it shows no offer run out (migration 0076). */
export const NO_MOMENT = new Date(0);
/** An instant after every offer's expiry: an item built as of it shows its offer run out. */
export const END_OF_TIME = new Date(8.64e15);

/**
 * A page's items as JSON, in the page's order: each kept item that still holds (migration 0076)
 * as it is stored, the others built and kept for the next read. An item is kept as of no moment
 * (a pending offer shows pending) with the instant it first reads otherwise, and as it reads from
 * then on (its offer run out); one past that instant with nothing kept for it is built again at
 * `now` for this answer alone. `until` is the first instant an item of the page reads otherwise.
 */
export async function keptListItems(
  q: Queryable,
  scope: FunderScope,
  page: readonly RequestPageRow[],
  policyOf: () => Promise<ConsentPolicy>,
  now: Date,
  writing: ItemWriting,
): Promise<{ value: string[]; until: Date | null }> {
  const built = new Map<string, string>();
  let until: number | null = null;
  const flips = (at: Date | null) => {
    if (at !== null && at > now && (until === null || at.getTime() < until)) until = at.getTime();
  };
  const toBuild = writing.verify ? page : page.filter((row) => row.item === null);
  if (toBuild.length > 0) {
    const policy = await policyOf();
    const rows = await listRowsOf(
      q,
      scope,
      toBuild.map((row) => row.id),
    );
    const parts = await partsOf(
      q,
      scope,
      rows.map((row) => row.id),
      policy,
    );
    const pageRows = new Map(page.map((row) => [row.id, row]));
    const keep: ItemToKeep[] = [];
    for (const row of rows) {
      const kept = pageRows.get(row.id)!;
      const { item, flipsAt } = itemOf(row, parts, NO_MOMENT);
      const text = writing.write(item);
      // Once its offer has run out an item reads as at the end of time (requests.time.ts).
      const after = flipsExactly(row, flipsAt) ? writing.write(itemOf(row, parts, END_OF_TIME).item) : null;
      const atNow =
        flipsAt === null || flipsAt > now ? text : (after ?? writing.write(itemOf(row, parts, now).item));
      if (kept.item !== null) {
        await checkKept(q, scope, 'list item', kept, kept.item, atNow);
        continue;
      }
      if (kept.stamp !== null) keep.push({ id: row.id, stamp: kept.stamp, item: text, after, flipsAt });
      built.set(row.id, atNow);
      flips(flipsAt);
    }
    await keepItems(q, scope, policy.requireCounselApprovedTexts, keep);
  }
  const value: string[] = [];
  for (const row of page) {
    if (row.item !== null) {
      value.push(row.item);
      flips(row.flips_at);
    } else {
      // Gone from the funder's sight since the page was read: not in this answer.
      const text = built.get(row.id);
      if (text !== undefined) value.push(text);
    }
  }
  return { value, until: until === null ? null : new Date(until) };
}

/**
 * A kept answer served (`what` of request `id`, kept at `stamp`) must be the one built afresh,
 * unless a write committed since its stamp was read (the stamp moved on): that is a race, not an
 * answer left stale. For the list's items and the packets alike.
 */
export async function checkKept(
  q: Queryable,
  scope: FunderScope,
  what: string,
  row: { id: string; stamp: string | null },
  kept: string,
  fresh: string,
): Promise<void> {
  if (kept === fresh || (await itemStampOf(q, scope, row.id)) !== row.stamp) return;
  throw new StaleAnswerError(
    `the kept ${what} of request ${row.id} differs from one built afresh: a write changed what it shows without raising its stamp (migration 0076)`,
  );
}
