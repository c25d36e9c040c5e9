/**
 * Money is exact: numeric(18,2) in SQL, integer cents in TypeScript, euros as JSON numbers
 * only at the edge. Never add floats.
 */
export type Cents = number;

/** "1234.50" (numeric from SQL) or 1234.5 (JSON) to 123450 cents; null when not exact to the cent. */
export function toCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toString() : '') : value.trim();
  const match = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    // JSON numbers such as 1e3 or 0.1+0.2 noise: accept only if they are exact to the cent.
    if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e15) {
      const cents = Math.round(value * 100);
      return Math.abs(cents / 100 - value) < 1e-9 ? cents : null;
    }
    return null;
  }
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Cents to the SQL numeric text "1234.50". */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents to euros as a JSON number (at the edge only). */
export const centsToEuros = (cents: Cents): number => Number(centsToDecimal(cents));

/** SQL numeric text to euros for a response. */
export const decimalToEuros = (value: string | null): number | null =>
  value === null ? null : centsToEuros(toCents(value)!);

/** Share of an amount, rounded half up to the cent: amount × pct / 100. */
export function percentOf(cents: Cents, pct: number): Cents {
  // pct has at most 4 decimals: work in integers scaled by 10,000.
  const scaledPct = Math.round(pct * 10_000);
  return Math.floor((cents * scaledPct + 500_000) / 1_000_000);
}
