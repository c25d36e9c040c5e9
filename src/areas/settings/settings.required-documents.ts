import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, type FunderScope, type Plane, requirePlane } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { missingDocuments } from '../documents/documents.module.ts';
import * as store from './settings.store.ts';

export const NOTE_MAX = 500;
export const CODES_MAX = 100;

export interface RequiredDocumentsInput {
  country: string;
  codes: string[];
  note: string | null;
}

/** A PUT /v1/required-documents body, checked by its schema (settings.schemas.ts), normalised. */
function parseRequiredDocumentsBody(body: {
  country: string;
  codes: string[];
  note?: string | null;
}): RequiredDocumentsInput {
  const trimmedNote = body.note?.trim() ?? '';
  return {
    country: body.country.toUpperCase(),
    codes: [...new Set(body.codes)],
    note: trimmedNote.length > 0 ? trimmedNote : null,
  };
}

const sameCodes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The document catalogue and the funder's list per seller country (none without a plane). */
async function requiredDocumentsView(q: Queryable, funderId: string, plane: Plane | null) {
  const catalogue = await store.catalogue(q);
  const lists = plane ? await store.requiredLists(q, { funderId, plane }) : [];
  return {
    catalogue: catalogue.map((entry) => ({
      code: entry.code,
      names: entry.names as {
        pt: string;
        es: string;
        en: string;
        fr: string;
        de: string;
        it: string;
        nl: string;
      },
      issuer: entry.issuer,
      usual_validity_days: entry.usual_validity_days,
      sensitivity: entry.sensitivity,
      countries: entry.countries,
    })),
    required_by_country: lists.map((list) => ({
      country: list.country,
      codes: list.codes,
      note: list.note,
      updated_at: list.updated_at.toISOString(),
    })),
  };
}

/** Every code must be in the catalogue for the country, and the catalogue must have some. */
async function checkInCatalogue(q: Queryable, input: RequiredDocumentsInput): Promise<void> {
  const catalogue = await store.catalogue(q);
  const forCountry = new Set(
    catalogue.filter((entry) => entry.countries.includes(input.country)).map((entry) => entry.code),
  );
  if (forCountry.size === 0) {
    throw new ApiError(
      'country_without_catalogue',
      `The catalogue has no documents for sellers in ${input.country}.`,
    );
  }
  const unknown = input.codes.filter((code) => !forCountry.has(code));
  if (unknown.length > 0) {
    throw new ApiError(
      'document_code_unknown',
      `Not in the catalogue for ${input.country}: ${unknown.join(', ')}.`,
      {
        extra: {
          codes: unknown,
        },
      },
    );
  }
}

/** Saves the country's list when its codes change, with its evidence; the codes it had before. */
async function replaceList(
  { tx, now, evidence }: WriteScope,
  owner: FunderScope,
  input: RequiredDocumentsInput,
): Promise<{ changed: boolean; beforeCodes: string[] }> {
  // One settings write at a time per funder and plane.
  await store.lockSettings(tx, owner, now);
  const before = await store.requiredList(tx, owner, input.country, { lock: true });
  const beforeCodes = before?.codes ?? [];
  const changed = !sameCodes(beforeCodes, input.codes);
  if (changed) {
    await store.saveRequiredList(tx, owner, input.country, input.codes, input.note, now);
    evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'settings.required_documents_changed',
      subjectType: 'required_documents',
      subjectId: input.country,
      payload: { country: input.country, from: beforeCodes, to: input.codes, note: input.note },
    });
  }
  return { changed, beforeCodes };
}

/** The funder's open requests from sellers of the country whose seller misses a document today. */
async function openRequestsNotMeeting(q: Queryable, owner: FunderScope, country: string, now: Date) {
  const today = madridDate(now);
  let notMeeting = 0;
  for (const request of await store.openRequestsInCountry(q, owner, country)) {
    const missing = await missingDocuments(q, {
      funderId: owner.funderId,
      plane: owner.plane,
      sellerId: request.seller_id,
      country,
      onDate: today,
    });
    if (missing.length > 0) notMeeting += 1;
  }
  return notMeeting;
}

/**
 * PUT /v1/required-documents: replaces the list for one seller country (an empty list
 * clears it). Requests already routed stay with the funder; its next offer or funding on
 * one waits until the seller meets the new list.
 */
async function putRequiredDocuments(
  write: RunWrite,
  caller: FunderCaller,
  body: Parameters<typeof parseRequiredDocumentsBody>[0],
) {
  const plane = requirePlane(caller);
  const owner: FunderScope = { funderId: caller.funderId, plane };
  const input = parseRequiredDocumentsBody(body);
  return write(caller, async (scope) => {
    await checkInCatalogue(scope.tx, input);
    const { changed, beforeCodes } = await replaceList(scope, owner, input);
    const notMeeting = await openRequestsNotMeeting(scope.tx, owner, input.country, scope.now);
    return {
      ...(await requiredDocumentsView(scope.tx, caller.funderId, plane)),
      changed,
      country: input.country,
      codes: changed ? input.codes : beforeCodes,
      open_requests_not_meeting: notMeeting,
    };
  });
}

/** The document catalogue and the funder's list per seller country (RequiredDocuments). */
export function createRequiredDocuments(deps: Pick<AreaDeps, 'db' | 'write'>) {
  const { db } = deps;
  return {
    /** The codes a funder requires from sellers of one country; empty when it has no list. */
    async requiredCodes(q: Queryable, funderId: string, plane: Plane, country: string): Promise<string[]> {
      return (await store.requiredList(q, { funderId, plane }, country.toUpperCase()))?.codes ?? [];
    },

    /** GET /v1/required-documents; an unclassified funder sees the catalogue and no list. */
    async getRequiredDocuments(caller: FunderCaller) {
      return requiredDocumentsView(db, caller.funderId, caller.plane);
    },

    putRequiredDocuments: (caller: FunderCaller, body: Parameters<typeof parseRequiredDocumentsBody>[0]) =>
      putRequiredDocuments(deps.write, caller, body),
  };
}
