import { canonicalJson } from '../../platform/canonical-json.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { itemChecker } from '../../platform/http/validators.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { debtorKey } from '../parties/parties.module.ts';
import {
  type ImportEnvelope,
  type ImportSource,
  type RowErrorCode,
  readLimitRow,
  rowCodeOf,
} from './limits.input.ts';
import { ImportRow } from './limits.schemas.ts';
import type * as store from './limits.store.ts';
import { type Resolved, resolveCountries, type Target, writeDebtorLimits } from './limits.writes.ts';

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

/**
 * POST /v1/credit-limits/import, inside its write: every row is checked as the PUT checks one
 * and answered on its own; among the rows otherwise valid, the first naming a debtor is written
 * and any later one is refused with duplicate_debtor. The rows written go to the database
 * together (`writeDebtorLimits`), with one evidence entry for the whole import.
 */
export async function importDebtorLimits(scope: WriteScope, target: Target, envelope: ImportEnvelope) {
  const read = envelope.rows.map((raw): ReturnType<typeof readLimitRow> => {
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
  });
  const echo = envelope.rows.map((raw) => {
    const value = (raw as { debtor_tax_id?: unknown } | null)?.debtor_tax_id;
    return typeof value === 'string' ? value : null;
  });
  const valid = read.flatMap((r, i) => ('value' in r ? [{ index: i, input: r.value }] : []));
  // A row without a country whose tax id an earlier row of this call named with one is that
  // debtor: it takes that country, so a second limit on it is a duplicate, not an unknown country.
  const countryOf = new Map<string, string>();
  for (const v of valid) {
    if (v.input.country !== null) {
      if (!countryOf.has(v.input.taxId)) countryOf.set(v.input.taxId, v.input.country);
    } else {
      const earlier = countryOf.get(v.input.taxId);
      if (earlier !== undefined) v.input = { ...v.input, country: earlier };
    }
  }
  const resolved = await resolveCountries(
    scope.tx,
    target,
    valid.map((v) => v.input),
  );
  const answers: RowAnswer[] = read.map((r, i) =>
    'problem' in r
      ? {
          row: i + 1,
          debtor_tax_id: echo[i]!,
          ok: false,
          error: r.problem.error,
          detail: r.problem.detail,
        }
      : { row: i + 1, debtor_tax_id: echo[i]!, ok: false, error: 'row_invalid' },
  );
  const claimed = new Map<string, number>();
  const toWrite: { index: number; input: Resolved }[] = [];
  valid.forEach((v, n) => {
    const r = resolved[n]!;
    if ('problem' in r) {
      answers[v.index] = {
        row: v.index + 1,
        debtor_tax_id: echo[v.index]!,
        ok: false,
        error: 'invalid_country',
        detail: r.problem,
      };
      return;
    }
    const key = debtorKey(r.country, r.taxId);
    const first = claimed.get(key);
    if (first !== undefined) {
      answers[v.index] = {
        row: v.index + 1,
        debtor_tax_id: echo[v.index]!,
        ok: false,
        error: 'duplicate_debtor',
        detail: `Row ${first} of this import already sets the limit on ${key}.`,
      };
      return;
    }
    claimed.set(key, v.index + 1);
    toWrite.push({ index: v.index, input: r });
  });
  const outcomes = await writeDebtorLimits(
    scope,
    target,
    toWrite.map((w) => w.input),
    envelope.source,
    envelope.sourceRef,
  );
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
      written,
      changed,
      refused: envelope.rows.length - written,
      rows_sha256: sha256Hex(
        canonicalJson(
          toWrite.map((w) => ({
            debtor_key: debtorKey(w.input.country, w.input.taxId),
            status: w.input.status,
            amount: w.input.amountCents === null ? null : centsToDecimal(w.input.amountCents),
          })),
        ),
      ),
    },
  });
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
