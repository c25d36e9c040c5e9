import { randomInt } from 'node:crypto';
import { addDays } from '../../platform/clock.ts';
import type * as alertsStore from './bank-data.alerts.store.ts';
import type * as store from './bank-data.store.ts';

/*
 * Pure pieces of the bank data area: the IBAN cut to its last four characters (the only form in
 * which an IBAN leaves the service), the months of a year of movements, the problems a request's
 * bank data terms wait for, and the generated accounts and movements of the sandbox seller.
 */

/** The last four characters of an IBAN: all any answer, log, export or evidence entry carries. */
export const ibanLast4 = (iban: string): string => iban.replace(/\s+/g, '').slice(-4);

/** An IBAN as compared: upper case, without spaces. */
export const normalIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

export const MOVEMENT_MONTHS = 12;

/** 'YYYY-MM' of a month `back` months before the month of `date` (YYYY-MM-DD). */
export function monthBefore(date: string, back: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - back;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The twelve months ending with the month of `today`, oldest first. */
export const yearOfMonths = (today: string): string[] =>
  Array.from({ length: MOVEMENT_MONTHS }, (_, i) => monthBefore(today, MOVEMENT_MONTHS - 1 - i));

/** Every month of the year shown, months without movements at zero. */
export function monthsView(today: string, rows: store.MonthRow[]) {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return yearOfMonths(today).map((month) => {
    const row = byMonth.get(month);
    const credits = Number(row?.credits ?? 0);
    const debits = Number(row?.debits ?? 0);
    return {
      month,
      credits,
      debits,
      net: Math.round((credits - debits) * 100) / 100,
      movements: row?.movements ?? 0,
    };
  });
}

/** A request's cash flow read through the seller's connection in force: accounts, balances, twelve months. */
export function cashFlowView(
  today: string,
  connection: store.ConnectionRow & { status: 'active' },
  accounts: store.AccountRow[],
  moved: store.MonthRow[],
  payoutAccount: PayoutCheck | null,
) {
  const months = yearOfMonths(today);
  return {
    connection: {
      connection_id: connection.id,
      status: connection.status,
      consented_at: connection.consented_at.toISOString(),
      last_read_at: connection.last_read_at.toISOString(),
    },
    accounts: accounts.map((a) => ({
      account_id: a.id,
      iban_last4: ibanLast4(a.iban),
      holder_name: a.holder_name,
      in_company_name: a.in_company_name,
      currency: a.currency,
    })),
    balances: accounts.map((a) => ({
      account_id: a.id,
      iban_last4: ibanLast4(a.iban),
      amount: Number(a.balance),
      currency: a.currency,
      as_of: a.balance_at.toISOString(),
    })),
    movements: {
      from_month: months[0]!,
      to_month: months[MOVEMENT_MONTHS - 1]!,
      months: monthsView(today, moved),
    },
    payout_account: payoutAccount,
  };
}

/** One of the funder's collection connections, as its overview shows it. */
export const collectionView = (c: store.CollectionRow) => ({
  connection_id: c.id,
  bank_name: c.bank_name,
  status: c.last_error !== null ? ('failing' as const) : ('connected' as const),
  accounts: c.accounts.map((a) => ({
    iban_last4: ibanLast4(a.iban),
    holder_name: a.holder_name,
    currency: a.currency,
  })),
  last_read_at: c.last_read_at?.toISOString() ?? null,
  last_error: c.last_error,
  last_error_at: c.last_error_at?.toISOString() ?? null,
});

/** A month's charge for the funder's bank data reads (no amount while the month has no price). */
export const chargeView = (c: store.ChargeRow) => ({
  month: c.month,
  reads: c.reads,
  unit_price_eur: c.unit_price_eur === null ? null : Number(c.unit_price_eur),
  amount_eur: c.unit_price_eur === null ? null : Math.round(c.reads * Number(c.unit_price_eur) * 100) / 100,
});

export type BankDataTerm = 'off' | 'requested' | 'required';

export const bankDataTermOf = (terms: Record<string, unknown> | null): BankDataTerm => {
  const value = terms?.bank_data;
  return value === 'requested' || value === 'required' ? value : 'off';
};

export type PayoutCheck = {
  iban_last4: string;
  returned_by_bank: boolean;
  in_company_name: boolean;
  confirmed: boolean;
} | null;

/** Whether the account the funder pays into is among the accounts returned, in the company's name. */
export function payoutCheck(connection: store.ConnectionRow, accounts: store.AccountRow[]): PayoutCheck {
  if (connection.payout_iban === null) return null;
  const payout = normalIban(connection.payout_iban);
  const account = accounts.find((a) => normalIban(a.iban) === payout);
  const inName = account?.in_company_name === true;
  return {
    iban_last4: ibanLast4(payout),
    returned_by_bank: account !== undefined,
    in_company_name: inName,
    confirmed: account !== undefined && inName,
  };
}

export const PROBLEMS = [
  'not_connected',
  'consent_revoked',
  'payout_account_missing',
  'payout_account_not_returned',
  'payout_account_not_in_company_name',
] as const;
export type Problem = (typeof PROBLEMS)[number];

const PROBLEM_TEXT: Record<Problem, string> = {
  not_connected: 'The seller has not connected its business account for you yet.',
  consent_revoked: 'The seller revoked its consent; it is asked to connect again.',
  payout_account_missing: 'The seller has not named the account you pay into.',
  payout_account_not_returned:
    'The account you pay into is not among the accounts the seller’s bank returned.',
  payout_account_not_in_company_name: 'The account you pay into is not held in the company’s name.',
};

/**
 * What a request's bank data terms still wait for: nothing when `off`; with `requested` the
 * ask to connect is shown (it never holds funding); with `required` every problem holds funding.
 */
export function problemsOf(
  term: BankDataTerm,
  connection: store.ConnectionRow | null,
  check: PayoutCheck,
  askedAt: Date | null,
) {
  if (term === 'off') return [];
  const codes: Problem[] = [];
  if (connection === null) codes.push('not_connected');
  else if (connection.status === 'revoked') codes.push('consent_revoked');
  else if (term === 'required') {
    if (check === null) codes.push('payout_account_missing');
    else if (!check.returned_by_bank) codes.push('payout_account_not_returned');
    else if (!check.in_company_name) codes.push('payout_account_not_in_company_name');
  }
  return codes.map((problem) => ({
    problem,
    holds_funding: term === 'required',
    asked_at: askedAt?.toISOString() ?? null,
    message: PROBLEM_TEXT[problem],
  }));
}

/** The payment alert as answered and as its event carries it. */
export const alertView = (row: alertsStore.AlertRow) => ({
  alert_id: row.alert_id,
  request_id: row.request_id,
  request_ref: row.request_ref,
  debtor_tax_id: row.debtor_tax_id,
  debtor_name: row.debtor_name,
  amount: Number(row.amount),
  received_at: row.received_at.toISOString(),
  reference: row.reference,
  raised_at: row.raised_at.toISOString(),
});

/** The Spanish IBAN of a 20-digit account number: its check digits computed. */
export function spanishIban(bban: string): string {
  // ES = 14 28; check digits are 98 minus the remainder of BBAN + 'ES00' read as digits.
  const digits = `${bban}142800`;
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return `ES${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** A Spanish IBAN with valid check digits, made up for the demonstration plane. */
export function makeIban(): string {
  return spanishIban(Array.from({ length: 20 }, () => String(randomInt(10))).join(''));
}

/** A year of made-up movements: customers paying in, suppliers, salaries and taxes going out. */
export function generatedMovements(today: string): { bookedOn: string; amount: string }[] {
  const out: { bookedOn: string; amount: string }[] = [];
  for (const month of yearOfMonths(today)) {
    const days = [5, 12, 20, 27].map((d) => `${month}-${String(d).padStart(2, '0')}`);
    const credits = [randomInt(18_000, 42_000), randomInt(6_000, 15_000)];
    const debits = [randomInt(9_000, 20_000), randomInt(4_000, 11_000)];
    const amounts = [credits[0]!, -debits[0]!, credits[1]!, -debits[1]!];
    for (const [i, day] of days.entries()) {
      if (day > today) continue;
      out.push({ bookedOn: day, amount: `${amounts[i]!}.${String(randomInt(100)).padStart(2, '0')}` });
    }
  }
  // The first days of this month may have nothing yet: one credit booked today.
  if (!out.some((m) => m.bookedOn.slice(0, 7) === today.slice(0, 7))) {
    out.push({ bookedOn: addDays(today, 0), amount: `${randomInt(2_000, 9_000)}.00` });
  }
  return out;
}
