import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as store from './documents.store.ts';

/**
 * The funder's document list as a rule other areas apply: what a seller lacks on a date
 * (routing, offer and funding ask), and the deal file recorded at routing and at funding.
 */

export type DocumentProblem = 'missing' | 'unverified' | 'expired';
export type DealStage = 'routing' | 'funding';
export type StatusToday = 'current' | 'superseded' | 'expired' | 'revoked';

export interface MissingDocument {
  code: string;
  name: string;
  problem: DocumentProblem;
}

export const validOn = (doc: { issued_on: string; valid_until: string | null }, onDate: string): boolean =>
  doc.issued_on <= onDate && (doc.valid_until === null || doc.valid_until >= onDate);

/**
 * What the seller lacks against the funder's list for its country on a date: for each code
 * listed, its current document (newest upload not rejected or revoked) must be verified and
 * valid on that date. Empty when every listed document is in order.
 */
export async function missingDocuments(
  q: Queryable,
  input: { funderId: string; plane: Plane; sellerId: string; country: string; onDate: string },
): Promise<MissingDocument[]> {
  const scope: FunderScope = { funderId: input.funderId, plane: input.plane };
  const codes = await store.requiredCodes(q, scope, input.country);
  if (codes.length === 0) return [];
  const current = new Map(
    (await store.currentDocuments(q, scope, input.sellerId, codes)).map((doc) => [doc.code, doc]),
  );
  const names = await store.catalogueNames(q, codes);
  const missing: MissingDocument[] = [];
  for (const code of codes) {
    const doc = current.get(code);
    const name = names.get(code) ?? code;
    if (!doc || doc.issued_on > input.onDate) missing.push({ code, name, problem: 'missing' });
    else if (doc.valid_until !== null && doc.valid_until < input.onDate)
      missing.push({ code, name, problem: 'expired' });
    else if (doc.status !== 'verified') missing.push({ code, name, problem: 'unverified' });
  }
  return missing;
}

/**
 * Refuses with 409 documents_missing_for_funder, listing what is missing, unverified or expired,
 * unless the seller meets the funder's list on that date (routing, offer and funding all ask).
 */
export async function requireDocumentsMet(
  q: Queryable,
  input: Parameters<typeof missingDocuments>[1],
): Promise<void> {
  const missing = await missingDocuments(q, input);
  if (missing.length > 0) {
    throw new ApiError(
      'documents_missing_for_funder',
      `The seller does not meet the funder's document list on ${input.onDate}: ${missing
        .map((m) => `${m.code} (${m.problem})`)
        .join(', ')}.`,
      { extra: { on_date: input.onDate, documents: missing } },
    );
  }
}

/**
 * Records in the deal file the version of each listed document that satisfies the funder at
 * this moment, one row per code. A stage is recorded once and never changed afterwards: a
 * second call for the same request, funder and stage records nothing.
 */
export async function recordDealFile(
  tx: Tx,
  input: {
    requestId: string;
    funderId: string;
    plane: Plane;
    sellerId: string;
    country: string;
    stage: DealStage;
    at: Date;
    onDate: string;
  },
): Promise<number> {
  const scope: FunderScope = { funderId: input.funderId, plane: input.plane };
  if ((await store.dealFileCount(tx, scope, input.requestId, input.stage)) > 0) return 0;
  const codes = await store.requiredCodes(tx, scope, input.country);
  if (codes.length === 0) return 0;
  const satisfying = (await store.currentDocuments(tx, scope, input.sellerId, codes)).filter(
    (doc) => doc.status === 'verified' && validOn(doc, input.onDate),
  );
  await store.insertDealFileEntries(tx, scope, {
    requestId: input.requestId,
    stage: input.stage,
    at: input.at,
    ids: satisfying.map(() => newId()),
    documents: satisfying,
  });
  return satisfying.length;
}
