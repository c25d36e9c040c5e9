import { canonicalJson } from '../../platform/canonical-json.ts';
import { madridDate, madridMidnight } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import * as store from './parties.score.store.ts';
import { computeSellerScore, sellerScoreInputs } from './parties.score.ts';

/** How many sellers one transaction of the daily scoring takes. */
const BATCH = 100;

/** The start of the Madrid day of `now`: a score computed since is the day's. */
const dayBegan = (now: Date): Date => madridMidnight(madridDate(now));

/**
 * The daily scoring (docs/decisions/requests.md, "The seller's latest score is stored once a
 * day"): every seller with a request in one of `statuses` gets its score computed once per Madrid
 * day, as the operations team would read it (every invoice and dispute of the seller). Answers
 * how many sellers were scored.
 */
export async function scoreSellersOfTheDay(db: Db, statuses: readonly string[], now: Date): Promise<number> {
  const since = dayBegan(now);
  let after: string | null = null;
  let scored = 0;
  for (;;) {
    const sellers = await store.sellersToScoreForOps(db, statuses, since, after, BATCH);
    if (sellers.length === 0) return scored;
    after = sellers[sellers.length - 1]!;
    scored += await db.transaction(async (tx) => {
      let stored = 0;
      for (const sellerId of sellers) {
        if (await scoreSeller(tx, sellerId, await store.latestSellerScore(tx, sellerId), now)) stored++;
      }
      return stored;
    });
  }
}

/** One seller's score of the day, unless it has one computed since the Madrid day began. */
export function scoreSellerOfTheDay(db: Db, sellerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const latest = await store.latestSellerScore(tx, sellerId);
    if (latest && latest.computed_at >= dayBegan(now)) return false;
    return scoreSeller(tx, sellerId, latest, now);
  });
}

/**
 * Scores the seller and stores the outcome: one equal to its `latest` stored score (same value,
 * grade, model and dimensions) moves that score's `computed_at` to now; a different one is
 * stored beside it, so the table holds each change once. A seller the model cannot score (no
 * founding date, no invoice) keeps none, and is read on the spot. Answers whether it was scored.
 */
async function scoreSeller(
  tx: Queryable,
  sellerId: string,
  latest: store.SellerScoreRow | null,
  now: Date,
): Promise<boolean> {
  const inputs = await sellerScoreInputs(tx, sellerId, now);
  const score = inputs ? computeSellerScore(inputs, now) : null;
  if (!score) return false;
  const same =
    latest !== null &&
    latest.score === score.score &&
    latest.grade === score.grade &&
    latest.model_version === score.model_version &&
    canonicalJson(latest.dimensions) === canonicalJson(score.dimensions);
  if (same) await store.touchSellerScore(tx, latest.id, now);
  else await store.insertSellerScore(tx, { id: newId(), seller_id: sellerId, ...score, computed_at: now });
  return true;
}
