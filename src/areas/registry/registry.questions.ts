import type { Static } from 'typebox';
import { amountCents, centsToDecimal } from '../../platform/money.ts';
import { normalizeTaxId } from '../parties/parties.module.ts';
import type { RegistryInvoice } from './registry.schemas.ts';
import type * as store from './registry.store.ts';

/** Greece's VAT numbers carry EL, not its ISO code. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };

/**
 * A tax number as the registry compares it: the parties' normal form, without the country's VAT
 * prefix when the caller wrote the number in its VAT form ("ESB12345678" for ES "B12345678").
 */
function registryTaxId(country: string, taxId: string): string {
  const normal = normalizeTaxId(taxId);
  const prefix = VAT_PREFIX[country] ?? country;
  return normal.startsWith(prefix) && normal.length > prefix.length + 1
    ? normal.slice(prefix.length)
    : normal;
}

/** An invoice asked about, in the form the registry compares. */
export function question(invoice: Static<typeof RegistryInvoice>): store.RegistryQuestion {
  const sellerCountry = invoice.seller.country.toUpperCase();
  const debtorCountry = invoice.debtor.country.toUpperCase();
  return {
    sellerCountry,
    sellerTaxId: registryTaxId(sellerCountry, invoice.seller.tax_id),
    debtorCountry,
    debtorTaxId: registryTaxId(debtorCountry, invoice.debtor.tax_id),
    number: invoice.number.toUpperCase().replace(/[\s./-]+/g, ''),
    issueDate: invoice.issue_date ?? null,
    amount: invoice.amount === undefined ? null : centsToDecimal(amountCents(invoice.amount)!),
  };
}
