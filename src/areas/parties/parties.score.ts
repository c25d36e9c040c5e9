/**
 * The seller score, model `seller-score-1`.
 *
 * What it is: a number from 300 to 850 and a grade from A to E that summarise how much a
 * seller can be trusted as a counterparty, computed only from what the service itself holds
 * about the seller. It is the `score` of a request's packet (spec, "Packet of one request").
 * It is deterministic: the same rows and the same instant always give the same answer, and
 * every step below is integer arithmetic, so no rounding drifts between machines.
 *
 * Inputs (read with SQL; see `sellerScoreInputs`):
 * - the seller row: `founded_on`, `annual_revenue`, `employees`, `verification_status`;
 * - its invoices on the service issued in the last 36 months (the spec's history window),
 *   counted with the Madrid calendar date of `now` as the last day: how many, in how many
 *   distinct calendar months, and the date of the first one;
 * - the disputes raised against its requests or its invoices in the last 36 months, plus
 *   every dispute still open however old, and how many of those are still open.
 * The seller's own "paid" flag on an invoice is deliberately left out: it is the seller's
 * word, not a payment the service observed, and must never improve a score.
 *
 * When it cannot run: the model needs at least one fact about the company's track record,
 * its founding date or one invoice in the window. With neither it answers null.
 *
 * Dimensions, each an integer from 0 to 100, with its weight (the weights add up to 100):
 * 1. `company_age` (weight 20): full years from `founded_on` to today:
 *    under 1 year 10, under 2 25, under 3 40, under 5 55, under 10 75, under 20 90, else 100.
 *    An unknown founding date counts as under one year (10); a date in the future as 0 years.
 * 2. `company_size` (weight 15): the mean, rounded half up, of the revenue and head-count
 *    marks that are known; 10 when neither is. Bands follow the EU's SME size classes.
 *    Annual revenue: under 100,000 euros 10, up to 2 million 35, up to 10 million 60,
 *    up to 50 million 80, above 100. Employees: none 5, 1 to 9 25, 10 to 49 50,
 *    50 to 249 75, 250 or more 100.
 * 3. `verification` (weight 15): the company verification (KYC) status: approved 100,
 *    pending 40, lapsed 20, rejected 0.
 * 4. `invoice_volume` (weight 15): invoices in the window: none 0, 1 to 4 20, 5 to 11 40,
 *    12 to 35 60, 36 to 99 80, 100 or more 100.
 * 5. `invoice_regularity` (weight 15): the share of calendar months with at least one
 *    invoice, out of the months from the first invoice in the window to the current month
 *    (both counted), where that span is taken as at least 12 and at most 36 months, so one
 *    busy month cannot look regular; capped at 100, rounded half up; 0 with no invoice.
 * 6. `disputes` (weight 20): 100 less 30 for every dispute counted and 20 more for every
 *    one still open, never below 0. A seller with no invoice in the window and no dispute
 *    has no history to judge and gets a neutral 50.
 *
 * Composite: points = sum of value × weight (0 to 10,000); score = 300 + round(points × 550
 * / 10,000), rounded half up, so 0 points is 300 and full marks 850.
 *
 * Grades: A 750 to 850, B 680 to 749, C 610 to 679, D 540 to 609, E 300 to 539.
 *
 * A new model or new bands get a new `model_version`; stored scores keep the version they
 * were computed with.
 */

import type { FunderScope } from '../../platform/caller.ts';
import { addDays, madridDate, madridMidnight } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { isUuid } from '../../platform/ids.ts';
import { toCents } from '../../platform/money.ts';
import * as scoreStore from './parties.score.store.ts';
import * as store from './parties.store.ts';

export const SELLER_SCORE_MODEL = 'seller-score-1';
export const SCORE_MIN = 300;
export const SCORE_MAX = 850;
/** The history window of the model, in months (the spec's 36-month history window). */
export const HISTORY_MONTHS = 36;

export type Grade = 'A' | 'B' | 'C' | 'D' | 'E';

export interface ScoreDimension {
  code: string;
  label: string;
  /** 0 to 100. */
  value: number;
  /** Share of the composite, in percent; the weights add up to 100. */
  weight: number;
}

export interface SellerScore {
  score: number;
  grade: Grade;
  model_version: string;
  computed_at: string;
  dimensions: ScoreDimension[];
}

export interface SellerScoreInputs {
  /** YYYY-MM-DD or null. */
  foundedOn: string | null;
  annualRevenueCents: number | null;
  employees: number | null;
  verificationStatus: store.VerificationStatus;
  /** Invoices issued in the 36-month window. */
  invoiceCount: number;
  /** Distinct calendar months with at least one invoice in the window. */
  activeMonths: number;
  /** Issue date of the first invoice in the window (YYYY-MM-DD) or null. */
  firstInvoiceDate: string | null;
  /** Disputes raised in the window, plus any still open. */
  disputes: number;
  /** Of those, how many are still open. */
  openDisputes: number;
}

/** Grade bands: the lowest score of each grade, best first. */
export const GRADE_BANDS: readonly { grade: Grade; from: number }[] = [
  { grade: 'A', from: 750 },
  { grade: 'B', from: 680 },
  { grade: 'C', from: 610 },
  { grade: 'D', from: 540 },
  { grade: 'E', from: SCORE_MIN },
];

export function gradeOf(score: number): Grade {
  return (GRADE_BANDS.find((band) => score >= band.from) ?? GRADE_BANDS[GRADE_BANDS.length - 1]!).grade;
}

/** The first band whose upper bound is above the amount; `above` past the last one. */
function band(value: number, bands: readonly [below: number, mark: number][], above: number): number {
  for (const [below, mark] of bands) if (value < below) return mark;
  return above;
}

/** Full years from one YYYY-MM-DD date to another; 0 when `from` is later. */
function fullYears(from: string, to: string): number {
  if (from >= to) return 0;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

const monthIndex = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Integer division rounded half up, for non-negative numerators. */
const divideRounded = (numerator: number, denominator: number): number =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

function companyAge(foundedOn: string | null, today: string): number {
  if (foundedOn === null) return 10;
  return band(
    fullYears(foundedOn, today),
    [
      [1, 10],
      [2, 25],
      [3, 40],
      [5, 55],
      [10, 75],
      [20, 90],
    ],
    100,
  );
}

const euros = (amount: number): number => amount * 100;

function companySize(annualRevenueCents: number | null, employees: number | null): number {
  const marks: number[] = [];
  if (annualRevenueCents !== null) {
    marks.push(
      band(
        annualRevenueCents,
        [
          [euros(100_000), 10],
          [euros(2_000_000) + 1, 35],
          [euros(10_000_000) + 1, 60],
          [euros(50_000_000) + 1, 80],
        ],
        100,
      ),
    );
  }
  if (employees !== null) {
    marks.push(
      band(
        employees,
        [
          [1, 5],
          [10, 25],
          [50, 50],
          [250, 75],
        ],
        100,
      ),
    );
  }
  if (marks.length === 0) return 10;
  return divideRounded(
    marks.reduce((sum, mark) => sum + mark, 0),
    marks.length,
  );
}

const VERIFICATION_MARKS: Record<store.VerificationStatus, number> = {
  approved: 100,
  pending: 40,
  lapsed: 20,
  rejected: 0,
};

function invoiceVolume(count: number): number {
  if (count === 0) return 0;
  return band(
    count,
    [
      [5, 20],
      [12, 40],
      [36, 60],
      [100, 80],
    ],
    100,
  );
}

function invoiceRegularity(inputs: SellerScoreInputs, today: string): number {
  if (inputs.invoiceCount === 0 || inputs.firstInvoiceDate === null) return 0;
  const span = monthIndex(today) - monthIndex(inputs.firstInvoiceDate) + 1;
  const observed = Math.min(HISTORY_MONTHS, Math.max(12, span));
  return Math.min(100, divideRounded(100 * inputs.activeMonths, observed));
}

function disputesMark(inputs: SellerScoreInputs): number {
  if (inputs.invoiceCount === 0 && inputs.disputes === 0) return 50;
  return Math.max(0, 100 - 30 * inputs.disputes - 20 * inputs.openDisputes);
}

/** The model itself: pure, no I/O. Null when it cannot run (no founding date, no invoice). */
export function computeSellerScore(inputs: SellerScoreInputs, now: Date): SellerScore | null {
  if (inputs.foundedOn === null && inputs.invoiceCount === 0) return null;
  const today = madridDate(now);
  const dimensions: ScoreDimension[] = [
    {
      code: 'company_age',
      label: 'Years in business',
      value: companyAge(inputs.foundedOn, today),
      weight: 20,
    },
    {
      code: 'company_size',
      label: 'Company size (revenue and employees)',
      value: companySize(inputs.annualRevenueCents, inputs.employees),
      weight: 15,
    },
    {
      code: 'verification',
      label: 'Company verification',
      value: VERIFICATION_MARKS[inputs.verificationStatus],
      weight: 15,
    },
    {
      code: 'invoice_volume',
      label: 'Invoices on the service (36 months)',
      value: invoiceVolume(inputs.invoiceCount),
      weight: 15,
    },
    {
      code: 'invoice_regularity',
      label: 'Regularity of invoicing',
      value: invoiceRegularity(inputs, today),
      weight: 15,
    },
    { code: 'disputes', label: 'Disputes', value: disputesMark(inputs), weight: 20 },
  ];
  const points = dimensions.reduce((sum, d) => sum + d.value * d.weight, 0);
  const score = SCORE_MIN + divideRounded(points * (SCORE_MAX - SCORE_MIN), 10_000);
  return {
    score,
    grade: gradeOf(score),
    model_version: SELLER_SCORE_MODEL,
    computed_at: now.toISOString(),
    dimensions,
  };
}

/** The day 36 months before `today` (the last day of that month when it is shorter). */
function windowStart(today: string): string {
  const year = Number(today.slice(0, 4)) - HISTORY_MONTHS / 12;
  const month = Number(today.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(today.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${today.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}

/**
 * Reads what the model needs about one seller. Null when there is no such seller, or none the
 * caller can see. `scope` is a funder's call (the seller of a request it can see), null the
 * operations team's.
 */
export async function sellerScoreInputs(
  q: Queryable,
  sellerId: string,
  now: Date,
  scope: FunderScope | null = null,
): Promise<SellerScoreInputs | null> {
  if (!isUuid(sellerId)) return null;
  // The seller of a request its caller already found within its scope, or the operations team's.
  const seller = await store.findSellerForOperator(q, sellerId);
  if (!seller) return null;
  const today = madridDate(now);
  const from = windowStart(today);
  // Every invoice of the seller on its plane, whoever finances it (migration 0048).
  const history = await scoreStore.sellerInvoiceHistory(q, scope, sellerId, { from, to: today });
  if (!history) return null;
  // The same 36 Madrid calendar months as the invoices: disputes raised from the day after
  // `from` began in Madrid.
  const disputes = await scoreStore.sellerDisputes(q, sellerId, madridMidnight(addDays(from, 1)));
  return {
    foundedOn: seller.founded_on,
    annualRevenueCents: seller.annual_revenue === null ? null : toCents(seller.annual_revenue),
    employees: seller.employees,
    verificationStatus: seller.verification_status,
    invoiceCount: history.invoices,
    activeMonths: history.active_months,
    firstInvoiceDate: history.first_invoice,
    disputes: disputes.disputes,
    openDisputes: disputes.open_disputes,
  };
}

/**
 * The seller's score as a funder reads it: the latest stored score when there is one, else
 * computed on the spot from the current data (and not stored: a read never writes). Null when
 * there is no such seller or the model cannot run.
 */
export async function sellerScore(
  q: Queryable,
  sellerId: string,
  now: Date,
  scope: FunderScope | null = null,
): Promise<SellerScore | null> {
  return (await readSellerScore(q, sellerId, now, scope))?.value ?? null;
}

/** As `sellerScore`, saying whether the score was stored (else computed on the spot, of `now`). */
export async function readSellerScore(
  q: Queryable,
  sellerId: string,
  now: Date,
  scope: FunderScope | null = null,
): Promise<{ value: SellerScore; stored: boolean } | null> {
  if (!isUuid(sellerId)) return null;
  const stored = await scoreStore.latestSellerScore(q, sellerId);
  if (stored) {
    return {
      stored: true,
      value: {
        score: stored.score,
        grade: stored.grade as Grade,
        model_version: stored.model_version,
        computed_at: stored.computed_at.toISOString(),
        dimensions: stored.dimensions as ScoreDimension[],
      },
    };
  }
  const inputs = await sellerScoreInputs(q, sellerId, now, scope);
  const value = inputs ? computeSellerScore(inputs, now) : null;
  return value ? { stored: false, value } : null;
}
