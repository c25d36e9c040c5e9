import { canonicalJson } from '../../platform/canonical-json.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { itemChecker } from '../../platform/http/validators.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { debtorKey } from '../parties/parties.module.ts';
import { debtorBook } from './limits.exposure.store.ts';
import {
  type DebtorLimitInput,
  type ImportEnvelope,
  type ImportSource,
  type RowErrorCode,
  readLimitRow,
  rowCodeOf,
} from './limits.input.ts';
import { ImportRow } from './limits.schemas.ts';
import { scopeAt } from './limits.set.ts';
import type * as store from './limits.store.ts';
import {
  emitDebtorLimits,
  type Resolved,
  resolveCountries,
  type Target,
  writeDebtorLimits,
} from './limits.writes.ts';

export type RowAnswer =
  | {
      row: number;
      debtor_tax_id: string | null;
      ok: true;
      debtor_key: string;
      status: store.LimitStatus;
      amount: number | null;
      changed: boolean;
    }
  | { row: number; debtor_tax_id: string | null; ok: false; error: RowErrorCode; detail?: string };

/** Each row against its schema, with the request validator's settings and error mapping. */
const checkRow = itemChecker(ImportRow);

/** One row against its schema, then read as the PUT reads a limit. */
function readImportRow(raw: unknown): ReturnType<typeof readLimitRow> {
  const checked = checkRow(raw);
  if ('error' in checked) {
    const field = checked.error.extra.field;
    return {
      problem: {
        error: rowCodeOf(checked.error),
        detail: checked.error.message.replace(/^The body /, 'The row '),
        field: typeof field === 'string' ? field : null,
      },
    };
  }
  return readLimitRow(checked.value);
}

/** The tax id a row gave, echoed in its answer when it is a string. */
function echoedTaxId(raw: unknown): string | null {
  const value = (raw as { debtor_tax_id?: unknown } | null)?.debtor_tax_id;
  return typeof value === 'string' ? value : null;
}

/** The answer of a row refused, the row numbered from 1. */
const refusal = (index: number, taxId: string | null, error: RowErrorCode, detail?: string): RowAnswer =>
  detail === undefined
    ? { row: index + 1, debtor_tax_id: taxId, ok: false, error }
    : { row: index + 1, debtor_tax_id: taxId, ok: false, error, detail };

interface ValidRow {
  index: number;
  input: DebtorLimitInput;
}

/**
 * A row without a country whose tax id an earlier row of this call named with one is that
 * debtor: it takes that country, so a second limit on it is a duplicate, not an unknown country.
 */
function takeEarlierCountries(valid: ValidRow[]): void {
  const countryOf = new Map<string, string>();
  for (const v of valid) {
    if (v.input.country !== null) {
      if (!countryOf.has(v.input.taxId)) countryOf.set(v.input.taxId, v.input.country);
    } else {
      const earlier = countryOf.get(v.input.taxId);
      if (earlier !== undefined) v.input = { ...v.input, country: earlier };
    }
  }
}

/**
 * The valid rows to write: a row whose debtor could not be resolved is refused with
 * invalid_country, and a row naming a debtor an earlier row claimed with duplicate_debtor.
 */
function claimDebtors(
  valid: readonly ValidRow[],
  resolved: readonly (Resolved | { problem: string })[],
  refuse: (index: number, error: RowErrorCode, detail: string) => void,
): { index: number; input: Resolved }[] {
  const claimed = new Map<string, number>();
  const toWrite: { index: number; input: Resolved }[] = [];
  valid.forEach((v, n) => {
    const r = resolved[n]!;
    if ('problem' in r) {
      refuse(v.index, 'invalid_country', r.problem);
      return;
    }
    const key = debtorKey(r.country, r.taxId);
    const first = claimed.get(key);
    if (first !== undefined) {
      refuse(v.index, 'duplicate_debtor', `Row ${first} of this import already sets the limit on ${key}.`);
      return;
    }
    claimed.set(key, v.index + 1);
    toWrite.push({ index: v.index, input: r });
  });
  return toWrite;
}

/** The one evidence entry of an import: its counts and a digest of the rows written. */
function recordImport(
  scope: WriteScope,
  target: Target,
  envelope: ImportEnvelope,
  written: readonly Resolved[],
  changed: number,
): string {
  const importId = newId();
  scope.evidence({
    funderId: target.funderId,
    plane: target.plane,
    kind: 'credit_limits.imported',
    subjectType: 'credit_limit_import',
    subjectId: importId,
    payload: {
      source: envelope.source,
      source_ref: envelope.sourceRef,
      received: envelope.rows.length,
      written: written.length,
      changed,
      refused: envelope.rows.length - written.length,
      rows_sha256: sha256Hex(
        canonicalJson(
          written.map((input) => ({
            debtor_key: debtorKey(input.country, input.taxId),
            status: input.status,
            amount: input.amountCents === null ? null : centsToDecimal(input.amountCents),
          })),
        ),
      ),
    },
  });
  return importId;
}

/** One event per debtor line the import wrote, in the order of its rows, read after the write. */
async function emitImported(
  scope: WriteScope,
  target: Target,
  envelope: ImportEnvelope,
  importId: string,
  written: readonly Resolved[],
): Promise<void> {
  if (written.length === 0) return;
  const debtors = written.map((input) => ({ country: input.country, tax_id: input.taxId }));
  const lines = new Map(
    (await debtorBook(scope.tx, scopeAt(target, scope.now), debtors)).map((line) => [
      debtorKey(line.debtor_country, line.debtor_tax_id),
      line,
    ]),
  );
  const ordered = debtors.flatMap((d) => lines.get(debtorKey(d.country, d.tax_id)) ?? []);
  emitDebtorLimits(scope, target, ordered, {
    source: envelope.source,
    sourceRef: envelope.sourceRef,
    importId,
  });
}

/**
 * POST /v1/credit-limits/import, inside its write: every row is checked as the PUT checks one
 * and answered on its own; among the rows otherwise valid, the first naming a debtor is written
 * and any later one is refused with duplicate_debtor. The rows written go to the database
 * together (`writeDebtorLimits`), with one evidence entry for the whole import.
 */
export async function importDebtorLimits(scope: WriteScope, target: Target, envelope: ImportEnvelope) {
  const read = envelope.rows.map(readImportRow);
  const echo = envelope.rows.map(echoedTaxId);
  const valid = read.flatMap((r, i) => ('value' in r ? [{ index: i, input: r.value }] : []));
  takeEarlierCountries(valid);
  const resolved = await resolveCountries(
    scope.tx,
    target,
    valid.map((v) => v.input),
  );
  // Every valid row's placeholder is replaced below, by its refusal or by what was written.
  const answers: RowAnswer[] = read.map((r, i) =>
    'problem' in r
      ? refusal(i, echo[i]!, r.problem.error, r.problem.detail)
      : refusal(i, echo[i]!, 'row_invalid'),
  );
  const toWrite = claimDebtors(valid, resolved, (index, error, detail) => {
    answers[index] = refusal(index, echo[index]!, error, detail);
  });
  const inputs = toWrite.map((w) => w.input);
  const outcomes = await writeDebtorLimits(scope, target, inputs, envelope.source, envelope.sourceRef);
  toWrite.forEach((w, n) => {
    answers[w.index] = {
      row: w.index + 1,
      debtor_tax_id: echo[w.index]!,
      ok: true,
      debtor_key: debtorKey(w.input.country, w.input.taxId),
      status: w.input.status,
      amount: w.input.amountCents === null ? null : centsToEuros(w.input.amountCents),
      changed: outcomes[n]!.changed,
    };
  });
  const written = toWrite.length;
  const changed = outcomes.filter((o) => o.changed).length;
  const importId = recordImport(scope, target, envelope, inputs, changed);
  await emitImported(
    scope,
    target,
    envelope,
    importId,
    inputs.filter((_, n) => outcomes[n]!.written),
  );
  return {
    import_id: importId,
    source: envelope.source as ImportSource,
    source_ref: envelope.sourceRef,
    received: envelope.rows.length,
    written,
    changed,
    refused: envelope.rows.length - written,
    rows: answers,
  };
}
