import type { Caller, Plane } from '../../platform/caller.ts';
import { actorOf } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, toCents } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { debtorKey } from '../parties/parties.module.ts';
import { CREDIT_LIMIT_UPDATED } from './limits.events.ts';
import type { DebtorBookRow } from './limits.exposure.store.ts';
import type { DebtorLimitInput } from './limits.input.ts';
import * as store from './limits.store.ts';
import { debtorExposureView } from './limits.views.ts';

/**
 * Writing debtor limits, shared by the PUT, the import and the operations API: finding the
 * debtor's country when it is left out, and writing any number of limits with a fixed number
 * of statements.
 */

/** Where a limit write lands: the funder and plane, whoever writes it. */
export interface Target {
  funderId: string;
  plane: Plane;
}

/** A debtor limit row ready to write, its debtor resolved. */
export interface Resolved extends DebtorLimitInput {
  country: string;
}

export interface WriteOutcome {
  row: store.DebtorLimitRow | null;
  id: string;
  changed: boolean;
  /** The row was written: changed, or only the debtor's name given anew. */
  written: boolean;
}

export const sameLimit = (
  before: store.DebtorLimitRow | store.SellerLimitRow,
  after: {
    amount: string | null;
    status: store.LimitStatus;
    note: string | null;
    source: store.LimitSource;
    sourceRef: string | null;
  },
) =>
  (before.amount === null ? null : toCents(before.amount)) ===
    (after.amount === null ? null : toCents(after.amount)) &&
  before.status === after.status &&
  before.note === after.note &&
  before.source === after.source &&
  before.source_ref === after.sourceRef;

/** The source a write gets when nobody names one: the API for keys, the portal's "manual" otherwise. */
export const sourceOf = (caller: Caller): store.LimitSource => (caller.kind === 'funder' ? 'api' : 'manual');

/**
 * Tax ids sent without a country take the one country they are known in: among the debtors of
 * the funder's visible requests and its own limits.
 */
export async function resolveCountries(
  q: Queryable,
  target: Target,
  inputs: readonly DebtorLimitInput[],
): Promise<(Resolved | { problem: string })[]> {
  const missing = inputs.filter((i) => i.country === null).map((i) => i.taxId);
  const known = await store.countriesOfTaxIds(q, target, missing);
  return inputs.map((input) => {
    if (input.country !== null) return input as Resolved;
    const countries = known.get(input.taxId) ?? [];
    if (countries.length === 1) return { ...input, country: countries[0]! };
    return {
      problem:
        countries.length === 0
          ? 'debtor_country is required: none of your requests or limits has a debtor with this tax id.'
          : `debtor_country is required: this tax id is known in ${countries.join(', ')}.`,
    };
  });
}

/**
 * Writes debtor limits with a fixed number of statements whatever their count: lock the
 * funder's limit writes, read the rows replaced, upsert the changed ones and append their
 * history. A row identical to the limit on record changes nothing (no history, same
 * decided_at), except a new debtor name.
 */
export async function writeDebtorLimits(
  scope: WriteScope,
  target: Target,
  rows: readonly Resolved[],
  source: store.LimitSource,
  sourceRef: string | null,
): Promise<WriteOutcome[]> {
  const { tx, now } = scope;
  await store.lockFunderLimits(tx, target);
  const before = new Map(
    (
      await store.findDebtorLimits(
        tx,
        target,
        rows.map((r) => ({ country: r.country, tax_id: r.taxId })),
        { lock: true },
      )
    ).map((row) => [debtorKey(row.debtor_country, row.debtor_tax_id), row]),
  );
  const writes: store.DebtorLimitWrite[] = [];
  const outcomes: WriteOutcome[] = rows.map((input) => {
    const previous = before.get(debtorKey(input.country, input.taxId)) ?? null;
    const amount = input.amountCents === null ? null : centsToDecimal(input.amountCents);
    const next = { amount, status: input.status, note: input.note, source, sourceRef };
    const changed = previous === null || !sameLimit(previous, next);
    const renamed = input.name !== null && previous !== null && previous.debtor_name !== input.name;
    const id = previous?.id ?? newId();
    if (changed || renamed) {
      writes.push({
        id,
        country: input.country,
        taxId: input.taxId,
        name: input.name,
        amount,
        status: input.status,
        note: input.note,
        from: previous ? { amount: previous.amount, status: previous.status, note: previous.note } : null,
        changed,
      });
    }
    return { row: previous, id, changed, written: changed || renamed };
  });
  await store.writeDebtorLimits(
    tx,
    { funderId: target.funderId, plane: target.plane, source, sourceRef },
    writes,
    actorOf(scope.caller),
    now,
  );
  return outcomes;
}

/**
 * One `credit_limit.updated` per debtor line given, in the write: the line as the funder's
 * book answers it after the write, with where the write came from.
 */
export function emitDebtorLimits(
  scope: WriteScope,
  target: Target,
  lines: readonly DebtorBookRow[],
  origin: { source: store.LimitSource; sourceRef: string | null; importId: string | null },
): void {
  for (const line of lines) {
    scope.emit({
      funderId: target.funderId,
      plane: target.plane,
      type: CREDIT_LIMIT_UPDATED,
      data: {
        credit_limit: debtorExposureView(line),
        source: origin.source,
        source_ref: origin.sourceRef,
        import_id: origin.importId,
      },
    });
  }
}
