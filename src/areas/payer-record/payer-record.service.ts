import type { Caller, FunderCaller, Plane } from '../../platform/caller.ts';
import { type Clock, daysBetween, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { itemChecker } from '../../platform/http/validators.ts';
import { centsToDecimal, decimalToEuros, toCents } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { type CreditLimitOf, figure, monthsBefore } from '../debtors/debtor-info.service.ts';
import { isCountryCode } from '../parties/parties.module.ts';
import { invalid, MAX_TERM_DAYS } from '../parties/parties.rules.ts';
import { debtorKey, normalizeTaxId, parseDebtorKey } from '../parties/parties.service.ts';
import { LedgerLine, type LedgerLineInput, type LedgerLoadInput } from './payer-record.schemas.ts';
import * as store from './payer-record.store.ts';

/** How far back the figures look, by issue date. */
export const PAYER_RECORD_WINDOW_MONTHS = 24;
/** Spec, PayerRecord: published when at least three suppliers observe the buyer. */
export const MIN_OBSERVERS = 3;
const TAX_ID_PATTERN = /^[A-Z0-9]{2,32}$/;

export type PayerRecordStatus = 'published' | 'insufficient_observers';

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

export type PayerRecordService = ReturnType<typeof createPayerRecordService>;

/** GET /v1/payer-record, and the operations team's loading of suppliers' ledgers. */
export function createPayerRecordService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  /** The limits area's reader: a buyer on the caller's limit list is readable too. */
  creditLimitOf?: CreditLimitOf;
}) {
  const { db, clock, write } = deps;

  /** The buyer's country if the caller may read its record; else 404 without saying whether it exists. */
  async function buyerInScope(
    caller: FunderCaller,
    plane: Plane,
    taxId: string,
    country: string | null,
  ): Promise<string> {
    const countries = await store.buyerCountriesInScope(
      db,
      { funderId: caller.funderId, plane },
      { taxId, country },
    );
    if (country === null) {
      if (countries.length > 1) {
        throw new ApiError(
          'country_invalid',
          `Buyers with tax id ${taxId} owe you invoices in ${countries.join(' and ')}: give country.`,
          { extra: { field: 'country', countries } },
        );
      }
      if (countries.length === 1) return countries[0]!;
    } else if (
      countries.length > 0 ||
      (deps.creditLimitOf && (await deps.creditLimitOf(db, caller.funderId, plane, country, taxId)))
    ) {
      return country;
    }
    throw new ApiError('not_found', 'Payer record was not found.');
  }

  return {
    /** A buyer on a request in the caller's scope or on its limit list; a sandbox key reads the demonstration plane. */
    async read(caller: FunderCaller, query: { tax_id?: string; country?: string }) {
      if (typeof query.tax_id !== 'string' || query.tax_id.trim().length === 0) {
        throw new ApiError('tax_id_required', 'tax_id is required: the buyer’s tax number.', {
          extra: { field: 'tax_id' },
        });
      }
      const taxId = normalizeTaxId(query.tax_id);
      if (!TAX_ID_PATTERN.test(taxId)) {
        throw new ApiError(
          'tax_id_required',
          'tax_id must be 2 to 32 letters and digits (spaces, dots, dashes and slashes are dropped).',
          { extra: { field: 'tax_id' } },
        );
      }
      let country: string | null = null;
      if (query.country !== undefined && query.country.trim() !== '') {
        country = query.country.trim().toUpperCase();
        if (!isCountryCode(country)) {
          throw new ApiError('country_invalid', 'country must be an ISO 3166-1 alpha-2 code, such as ES.', {
            extra: { field: 'country' },
          });
        }
      }
      if (caller.plane === null) throw new ApiError('not_found', 'Payer record was not found.');
      const plane = caller.plane;
      const buyerCountry = await buyerInScope(caller, plane, taxId, country);
      const today = madridDate(clock.now());
      const windowFrom = monthsBefore(today, PAYER_RECORD_WINDOW_MONTHS);
      const row = await store.payerFigures(
        db,
        { funderId: caller.funderId, plane },
        { country: buyerCountry, taxId, windowFrom, today },
      );
      const funder = { bank_id: caller.funderId, name: caller.funderName };
      if (row.known_lines === 0) return { funder, payer_record: null };
      const published = row.observers >= MIN_OBSERVERS;
      const shown = <T>(value: T): T | null => (published ? value : null);
      return {
        funder,
        payer_record: {
          debtor_key: debtorKey(buyerCountry, taxId),
          country: buyerCountry,
          tax_id: taxId,
          status: (published ? 'published' : 'insufficient_observers') as PayerRecordStatus,
          observers: shown(row.observers),
          invoice_count: shown(row.invoice_count),
          avg_days_to_pay: shown(figure(row.avg_days_to_pay)),
          median_days_to_pay: shown(figure(row.median_days_to_pay)),
          on_time_pct: shown(figure(row.on_time_pct)),
          avg_settle_delay_days: shown(figure(row.avg_settle_delay_days)),
          median_settle_delay_days: shown(figure(row.median_settle_delay_days)),
          p75_settle_delay_days: shown(figure(row.p75_settle_delay_days)),
          worst_settle_delay_days: shown(row.worst_settle_delay_days),
          open_count: shown(row.open_count),
          open_amount: shown(decimalToEuros(row.open_amount)),
          overdue_count: shown(row.overdue_count),
          overdue_amount: shown(decimalToEuros(row.overdue_amount)),
          window_from: shown(windowFrom),
          refreshed_at: shown(row.refreshed_at?.toISOString() ?? null),
        },
      };
    },

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

export { seedDemoPayerRecords } from './payer-record.demo.ts';
