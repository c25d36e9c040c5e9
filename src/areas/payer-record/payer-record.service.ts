import type { Caller, FunderCaller, Plane } from '../../platform/caller.ts';
import { type Clock, daysBetween, isIsoDate, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { amountCents, centsToDecimal, decimalToEuros } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { type CreditLimitOf, figure, monthsBefore } from '../debtors/debtor-info.service.ts';
import { isCountryCode } from '../parties/countries.ts';
import { invalid, MAX_TERM_DAYS } from '../parties/parties.rules.ts';
import { debtorKey, INVOICE_NUMBER_MAX, normalizeTaxId, parseDebtorKey } from '../parties/parties.service.ts';
import * as store from './payer-record.store.ts';

/** How far back the figures look, by issue date. */
export const PAYER_RECORD_WINDOW_MONTHS = 24;
/** Spec, PayerRecord: published when at least three suppliers observe the buyer. */
export const MIN_OBSERVERS = 3;
/** One load of the operations API: at most this many lines, written in one statement. */
export const LEDGER_LINES_MAX = 5_000;
const TAX_ID_PATTERN = /^[A-Z0-9]{2,32}$/;

export type PayerRecordStatus = 'published' | 'insufficient_observers';

export interface LedgerLoadInput {
  plane: Plane;
  buyer_country: string;
  buyer_tax_id: string;
  supplier_key: string;
  lines: unknown[];
}

/** A ledger line as sent, checked; `line` counts from 1 in the error. */
function checkedLine(
  raw: unknown,
  line: number,
  today: string,
): Pick<store.LedgerLine, 'invoice_number' | 'amount' | 'issue_date' | 'due_date' | 'paid_date'> {
  const refuse: (field: string, message: string) => never = (field, message) => {
    throw new ApiError('line_invalid', `Line ${line}: ${message}`, { extra: { line, field } });
  };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    refuse('', 'each line must be an object.');
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).filter(
    (k) => !['invoice_number', 'amount', 'issue_date', 'due_date', 'paid_date'].includes(k),
  );
  if (unknown.length > 0) refuse(unknown[0]!, `unknown member ${unknown[0]}.`);
  const number = typeof body.invoice_number === 'string' ? body.invoice_number.trim() : '';
  if (number.length === 0 || number.length > INVOICE_NUMBER_MAX || /\p{Cc}/u.test(number)) {
    refuse('invoice_number', `invoice_number must be 1 to ${INVOICE_NUMBER_MAX} characters.`);
  }
  const cents = amountCents(body.amount, { positive: true });
  if (cents === null) {
    refuse('amount', 'amount must be above 0, in euros exact to the cent (credit notes are not loaded).');
  }
  const date = (field: string): string | null => {
    const value = body[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || !isIsoDate(value)) refuse(field, `${field} must be a date YYYY-MM-DD.`);
    return value;
  };
  const issueDate = date('issue_date') ?? refuse('issue_date', 'issue_date is required.');
  if (issueDate > today) refuse('issue_date', `issue_date must not be later than today (${today}).`);
  const dueDate = date('due_date');
  if (dueDate !== null && (dueDate < issueDate || daysBetween(issueDate, dueDate) > MAX_TERM_DAYS)) {
    refuse('due_date', 'due_date must be on or after issue_date and at most ten years after it.');
  }
  const paidDate = date('paid_date');
  if (paidDate !== null && (paidDate < issueDate || paidDate > today)) {
    refuse('paid_date', `paid_date must be between issue_date and today (${today}).`);
  }
  return {
    invoice_number: number,
    amount: centsToDecimal(cents),
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
    notFound('Payer record');
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
      if (caller.plane === null) notFound('Payer record');
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
      if (input.plane !== 'live' && input.plane !== 'demo') invalid('plane', 'plane must be live or demo.');
      const buyerCountry =
        typeof input.buyer_country === 'string' ? input.buyer_country.trim().toUpperCase() : '';
      if (!isCountryCode(buyerCountry)) {
        invalid('buyer_country', 'buyer_country must be an ISO 3166-1 alpha-2 code, such as ES.');
      }
      const buyerTaxId = typeof input.buyer_tax_id === 'string' ? normalizeTaxId(input.buyer_tax_id) : '';
      if (!TAX_ID_PATTERN.test(buyerTaxId)) {
        invalid('buyer_tax_id', 'buyer_tax_id must be 2 to 32 letters and digits.');
      }
      const supplier = typeof input.supplier_key === 'string' ? parseDebtorKey(input.supplier_key) : null;
      if (!supplier) invalid('supplier_key', 'supplier_key must be COUNTRY:TAXID, such as ES:B39000001.');
      const supplierKey = debtorKey(supplier.country, supplier.tax_id);
      const buyerKey = debtorKey(buyerCountry, buyerTaxId);
      if (supplierKey === buyerKey) invalid('supplier_key', 'A supplier cannot observe itself as a buyer.');
      if (!Array.isArray(input.lines) || input.lines.length === 0) {
        invalid('lines', `lines must hold 1 to ${LEDGER_LINES_MAX} lines.`);
      }
      if (input.lines.length > LEDGER_LINES_MAX) {
        throw new ApiError(
          'too_many_lines',
          `At most ${LEDGER_LINES_MAX} lines per call; this one has ${input.lines.length}.`,
          { extra: { limit: LEDGER_LINES_MAX } },
        );
      }
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
