import type { AreaDeps } from '../../platform/area-deps.ts';
import type { FunderCaller, Plane } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { decimalToEuros } from '../../platform/money.ts';
import { type CreditLimitOf, figure, monthsBefore } from '../debtor-info/debtor-info.module.ts';
import { debtorKey, isCountryCode, normalizeTaxId } from '../parties/parties.module.ts';
import { TAX_ID_PATTERN } from './payer-record.ledgers.ts';
import * as store from './payer-record.store.ts';

/** How far back the figures look, by issue date. */
export const PAYER_RECORD_WINDOW_MONTHS = 24;
/** Spec, PayerRecord: published when at least three suppliers observe the buyer. */
export const MIN_OBSERVERS = 3;

export type PayerRecordStatus = 'published' | 'insufficient_observers';

/** GET /v1/payer-record: a buyer's payment record, read by a funder that has it in scope. */
export function createPayerRecordReads(
  deps: Pick<AreaDeps, 'db' | 'clock'> & {
    /** The limits area's reader: a buyer on the caller's limit list is readable too. */
    creditLimitOf: CreditLimitOf;
  },
) {
  const { db, clock } = deps;

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
      (await deps.creditLimitOf(db, caller.funderId, plane, country, taxId))
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
  };
}
