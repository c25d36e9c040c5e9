import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Caller } from '../../platform/caller.ts';
import { daysBetween, madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { itemChecker } from '../../platform/http/validators.ts';
import { centsToDecimal, toCents } from '../../platform/money.ts';
import {
  debtorKey,
  invalid,
  isCountryCode,
  MAX_TERM_DAYS,
  normalizeTaxId,
  parseDebtorKey,
} from '../parties/parties.module.ts';
import { LedgerLine, type LedgerLineInput, type LedgerLoadInput } from './payer-record.schemas.ts';
import * as store from './payer-record.store.ts';

/** A buyer's tax number once normalised. */
export const TAX_ID_PATTERN = /^[A-Z0-9]{2,32}$/;

/** Each line against its schema, with the request validator's settings and error mapping. */
const checkLine = itemChecker(LedgerLine);

/** A ledger line, its shape checked by its schema; `line` counts from 1 in the error. */
function checkedLine(
  raw: unknown,
  line: number,
  today: string,
): Pick<store.LedgerLine, 'invoice_number' | 'amount' | 'issue_date' | 'due_date' | 'paid_date'> {
  const refuse: (field: string, message: string) => never = (field, message) => {
    throw new ApiError('line_invalid', `Line ${line}: ${message}`, { extra: { line, field } });
  };
  const checked = checkLine(raw);
  if ('error' in checked) {
    const field = checked.error.extra.field;
    refuse(typeof field === 'string' ? field : '', checked.error.message.replace(/^The body /, 'the line '));
  }
  const body = (checked as { value: LedgerLineInput }).value;
  const number = body.invoice_number.trim();
  if (number.length === 0) refuse('invoice_number', 'invoice_number must say something.');
  const issueDate = body.issue_date;
  if (issueDate > today) refuse('issue_date', `issue_date must not be later than today (${today}).`);
  const dueDate = body.due_date ?? null;
  if (dueDate !== null && (dueDate < issueDate || daysBetween(issueDate, dueDate) > MAX_TERM_DAYS)) {
    refuse('due_date', 'due_date must be on or after issue_date and at most ten years after it.');
  }
  const paidDate = body.paid_date ?? null;
  if (paidDate !== null && (paidDate < issueDate || paidDate > today)) {
    refuse('paid_date', `paid_date must be between issue_date and today (${today}).`);
  }
  return {
    invoice_number: number,
    amount: centsToDecimal(toCents(body.amount)!),
    issue_date: issueDate,
    due_date: dueDate,
    paid_date: paidDate,
  };
}

/** The operations team's loading of connected suppliers' ledgers about their buyers. */
export function createLedgers(deps: Pick<AreaDeps, 'write'>) {
  const { write } = deps;
  return {
    /**
     * POST /ops/v1/supplier-ledgers: lines of one connected supplier's ledger about one buyer.
     * Every line is checked before anything is written; one bad line refuses the whole load.
     */
    async loadLedger(caller: Caller, input: LedgerLoadInput) {
      const buyerCountry = input.buyer_country.toUpperCase();
      if (!isCountryCode(buyerCountry)) {
        invalid('buyer_country', 'buyer_country must be an ISO 3166-1 alpha-2 code, such as ES.');
      }
      const buyerTaxId = normalizeTaxId(input.buyer_tax_id);
      if (!TAX_ID_PATTERN.test(buyerTaxId)) {
        invalid('buyer_tax_id', 'buyer_tax_id must be 2 to 32 letters and digits.');
      }
      const supplier = parseDebtorKey(input.supplier_key);
      if (!supplier) invalid('supplier_key', 'supplier_key must be COUNTRY:TAXID, such as ES:B39000001.');
      const supplierKey = debtorKey(supplier.country, supplier.tax_id);
      const buyerKey = debtorKey(buyerCountry, buyerTaxId);
      if (supplierKey === buyerKey) invalid('supplier_key', 'A supplier cannot observe itself as a buyer.');
      return write(caller, async ({ tx, now, evidence }) => {
        const today = madridDate(now);
        const seen = new Map<string, number>();
        const lines = input.lines.map((raw, i) => {
          const line = checkedLine(raw, i + 1, today);
          const first = seen.get(line.invoice_number);
          if (first !== undefined) {
            throw new ApiError(
              'line_invalid',
              `Line ${i + 1}: invoice ${line.invoice_number} is already on line ${first}.`,
              { extra: { line: i + 1, field: 'invoice_number' } },
            );
          }
          seen.set(line.invoice_number, i + 1);
          return {
            ...line,
            buyer_country: buyerCountry,
            buyer_tax_id: buyerTaxId,
            supplier_key: supplierKey,
          };
        });
        const written = await store.upsertLedgerLinesForOperator(tx, input.plane, lines, now);
        evidence({
          funderId: null,
          plane: input.plane,
          kind: 'supplier_ledger.loaded',
          subjectType: 'buyer',
          subjectId: buyerKey,
          payload: { supplier_key: supplierKey, received: lines.length, ...written },
        });
        return {
          plane: input.plane,
          buyer_key: buyerKey,
          supplier_key: supplierKey,
          received: lines.length,
          ...written,
        };
      });
    },
  };
}
