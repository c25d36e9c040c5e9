import { canonicalJson } from '../../platform/canonical-json.ts';
import { madridDate, madridMidnight } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import { computeSellerScore, sellerScoreInputs } from './parties.score.ts';
import * as store from './parties.store.ts';

/** How many sellers one transaction of the daily scoring takes. */
const BATCH = 100;

/**
 * The daily scoring (docs/decisions/requests.md, "The seller's latest score is stored once a
 * day"): every seller with a request in one of `statuses` gets its score computed once per Madrid
 * day, as the operations team would read it (every invoice and dispute of the seller). Answers
 * how many sellers were scored.
 */
export async function scoreSellersOfTheDay(db: Db, statuses: readonly string[], now: Date): Promise<number> {
  const since = madridMidnight(madridDate(now));
  let after: string | null = null;
  let scored = 0;
  for (;;) {
    const sellers = await store.sellersToScoreForOps(db, statuses, since, after, BATCH);
    if (sellers.length === 0) return scored;
    after = sellers[sellers.length - 1]!;
    scored += await db.transaction((tx) => scoreEach(tx, sellers, now));
  }
}

/** One seller's score of the day, unless it has one computed since the Madrid day began. */
export async function scoreSellerOfTheDay(db: Db, sellerId: string, now: Date): Promise<boolean> {
  return (
    (await db.transaction(async (tx) => {
      const latest = await store.latestSellerScore(tx, sellerId);
      if (latest && latest.computed_at >= madridMidnight(madridDate(now))) return 0;
      return scoreEach(tx, [sellerId], now);
    })) > 0
  );
}

/**
 * Scores the sellers and stores each outcome: one equal to the latest stored score (same value,
 * grade, model and dimensions) moves that score's `computed_at` to now; a different one is
 * stored beside it, so the table holds each change once. A seller the model cannot score (no
 * founding date, no invoice) keeps none, and is read on the spot. Answers how many were scored.
 */
async function scoreEach(tx: Queryable, sellers: readonly string[], now: Date): Promise<number> {
  let stored = 0;
  for (const sellerId of sellers) {
    const inputs = await sellerScoreInputs(tx, sellerId, now);
    const score = inputs ? computeSellerScore(inputs, now) : null;
    if (!score) continue;
    stored++;
    const latest = await store.latestSellerScore(tx, sellerId);
    const same =
      latest !== null &&
      latest.score === score.score &&
      latest.grade === score.grade &&
      latest.model_version === score.model_version &&
      canonicalJson(latest.dimensions) === canonicalJson(score.dimensions);
    if (same) await store.touchSellerScore(tx, latest.id, now);
    else await store.insertSellerScore(tx, { id: newId(), seller_id: sellerId, ...score, computed_at: now });
  }
  return stored;
}
