/** Spec, Limits: "Pair history window 36 months". */
export const PAIR_HISTORY_MONTHS = 36;

/** The date `months` calendar months before a YYYY-MM-DD date; a missing day is the month's last. */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** A figure SQL computed as numeric text, as a JSON number. */
export const figure = (value: string | null): number | null => (value === null ? null : Number(value));
