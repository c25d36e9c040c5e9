/**
 * Programme terms: the keys, their values and ranges, and how a company's own terms sit over
 * the funder's default. Plain data and rules, no SQL: the programme service and the routing of
 * a request both read it.
 */

export const DISCLOSURES = ['announced', 'confidential'] as const;
export const RECOURSES = ['with', 'without'] as const;
export const BANK_DATA = ['off', 'requested', 'required'] as const;

export type Disclosure = (typeof DISCLOSURES)[number];

/** Ranges of the day counts (docs/decisions/programme.md): whole days, null for none. */
export const RECOURSE_DAYS = { min: 1, max: 365 } as const;
export const ANNOUNCE_OVERDUE_DAYS = { min: 1, max: 365 } as const;

export interface ProgrammeTerms {
  disclosure: Disclosure;
  recourse: (typeof RECOURSES)[number];
  recourse_days: number | null;
  announce_overdue_days: number | null;
  announce_on_dispute: boolean;
  announce_on_kyc_lapse: boolean;
  bank_data: (typeof BANK_DATA)[number];
}

export const TERM_KEYS = [
  'disclosure',
  'recourse',
  'recourse_days',
  'announce_overdue_days',
  'announce_on_dispute',
  'announce_on_kyc_lapse',
  'bank_data',
] as const satisfies readonly (keyof ProgrammeTerms)[];

/** What a funder that never set its programme has. */
export const SERVICE_DEFAULT_TERMS: ProgrammeTerms = {
  disclosure: 'announced',
  recourse: 'with',
  recourse_days: null,
  announce_overdue_days: null,
  announce_on_dispute: false,
  announce_on_kyc_lapse: false,
  bank_data: 'off',
};

export type TermsSource = 'funder_default' | 'seller';

/** Only the programme keys of a stored object, in their order (anything else is dropped). */
export function pickTerms(
  value: Partial<Record<string, unknown>> | null | undefined,
): Partial<ProgrammeTerms> {
  const out: Partial<Record<string, unknown>> = {};
  for (const key of TERM_KEYS) if (value && value[key] !== undefined) out[key] = value[key];
  return out as Partial<ProgrammeTerms>;
}

/** The terms in force: the company's own keys over the default, which sits over the service's. */
export function effectiveTerms(
  defaults: Partial<ProgrammeTerms> | null,
  own: Partial<ProgrammeTerms> | null,
): ProgrammeTerms & { source: TermsSource } {
  return {
    ...SERVICE_DEFAULT_TERMS,
    ...pickTerms(defaults),
    ...pickTerms(own),
    source: own ? 'seller' : 'funder_default',
  };
}

export const sameTerms = (a: Partial<ProgrammeTerms>, b: Partial<ProgrammeTerms>): boolean =>
  TERM_KEYS.every((key) => (a[key] ?? null) === (b[key] ?? null));
