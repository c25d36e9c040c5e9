import { normalizeTaxId } from '../parties/parties.module.ts';

/**
 * Naming a company from its EU VAT number. The service asks a replaceable adapter (the EU VAT
 * validation service in production, a stub in tests); when the adapter cannot answer (no
 * network, service down) the onboarding service falls back to its own records and says so.
 */
export type VatAnswer =
  /** The service knows the number and gives its registered name. */
  | { kind: 'named'; name: string }
  /** The service answered: the number is not valid or has no name. */
  | { kind: 'unknown' }
  /** The service could not be asked. */
  | { kind: 'unavailable' };

export interface VatLookup {
  name(country: string, vatNumber: string): Promise<VatAnswer>;
}

/** The adapter of a service with no network: it never answers. */
export const offlineVatLookup: VatLookup = {
  name: async () => ({ kind: 'unavailable' }),
};

/**
 * The VAT number without separators and without its country prefix (`ESB12345678` and
 * `B-12345678` for ES both give `B12345678`); null when what is left cannot be a VAT number.
 */
export function normalVatNumber(country: string, raw: string): string | null {
  const vat = normalizeTaxId(raw, { vatPrefixOf: country });
  return /^[A-Z0-9]{2,14}$/.test(vat) ? vat : null;
}
