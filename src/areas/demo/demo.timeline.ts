import { addDays } from '../../platform/clock.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { DemoRequest, DemoSeller } from './demo.companies.ts';

// When each step of the demonstration scenario happens, and the dates derived from the data:
// document versions and invoice numbers.

/** What a step does, which also fixes its hour within its day. */
export type StepKind =
  | 'company'
  | 'document'
  | 'history'
  | 'settings'
  | 'create'
  | 'route'
  | 'review'
  | 'offer'
  | 'answer'
  | 'notice'
  | 'fund'
  | 'settle';

/** A working day in the order its events happen, twenty minutes apart from 07:00 UTC. */
const DAY_ORDER: readonly StepKind[] = [
  'company',
  'document',
  'history',
  'settings',
  'create',
  'route',
  'review',
  'offer',
  'answer',
  'notice',
  'fund',
  'settle',
];

export interface Step {
  /** Days from today. */
  day: number;
  kind: StepKind;
  /** Named in the error if the step is refused. */
  what: string;
  run(scope: WriteScope): Promise<unknown>;
}

/**
 * The instant of a step: its day at an hour of the morning UTC (between 07:00 and 11:00 UTC,
 * the same calendar day in Madrid in winter and in summer). A step of today may land after the
 * real now; the rebuild plays it at now instead.
 */
export function stepInstant(today: string, day: number, kind: StepKind): Date {
  const minutes = 7 * 60 + DAY_ORDER.indexOf(kind) * 20;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return new Date(`${addDays(today, day)}T${hh}:${mm}:00.000Z`);
}

/** The first day the scenario needs documents valid on: before the first request was routed. */
const COVERED_FROM = -95;

/**
 * The versions of one document a seller held over the scenario, oldest first, in days from
 * today. The latest is the one given in the data (`dated`), else one with the catalogue's usual
 * validity (`validUntil` undefined), issued before the first request when it lasts half a year
 * or more, about two months ago otherwise. A document the funder's list asks for (`listed`) has
 * earlier versions back to before the first request, each running out ten days after the next
 * was issued; another is kept in its current version only.
 */
export function documentVersions(
  entry: { usual_validity_days: number | null },
  dated: { issued: number; validUntil: number } | undefined,
  listed: boolean,
  spread: number,
): { issued: number; validUntil?: number }[] {
  const validity = entry.usual_validity_days;
  const latest = dated ?? { issued: (validity !== null && validity >= 180 ? -100 : -66) - (spread % 11) };
  const versions: { issued: number; validUntil?: number }[] = [latest];
  if (validity === null || !listed) return versions;
  while (versions[0]!.issued > COVERED_FROM) {
    const next = versions[0]!.issued;
    versions.unshift({ issued: next + 10 - validity, validUntil: next + 10 });
  }
  return versions;
}

/**
 * Every invoice number of the scenario: per seller, its track record and its requests' invoices
 * numbered in the order they were issued, in the seller's own format ({year} of issue, {n}).
 */
export function invoiceNumbers(
  today: string,
  sellers: readonly DemoSeller[],
  requests: readonly DemoRequest[],
): Map<string, string> {
  const numbers = new Map<string, string>();
  for (const [s, seller] of sellers.entries()) {
    const issued: { key: string; day: number }[] = [];
    for (let m = seller.history.months; m >= 2; m -= 1) {
      issued.push({ key: `history:${seller.key}:${m}`, day: -30 * m - ((s + m) % 9) });
    }
    for (const [r, request] of requests.entries()) {
      if (request.seller !== seller.key) continue;
      for (const [i, invoice] of request.invoices.entries()) {
        issued.push({ key: `request:${r}:${i}`, day: invoice.issued });
      }
    }
    issued.sort((a, b) => a.day - b.day);
    for (const [k, invoice] of issued.entries()) {
      const year = addDays(today, invoice.day).slice(0, 4);
      numbers.set(
        invoice.key,
        seller.invoiceNumber.replace('{year}', year).replace('{n}', String(1000 + s * 37 + k)),
      );
    }
  }
  return numbers;
}
