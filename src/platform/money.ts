/**
 * Money is exact: numeric(18,2) in SQL, integer cents in TypeScript, euros as JSON numbers
 * only at the edge. Never add floats.
 */
export type Cents = number;

/**
 * The largest amount the service takes in, in euros. numeric(18,2) could hold 16 integer digits,
 * but cents must stay exact integers in JavaScript (below 2^53, about 90 trillion euros) even
 * when a request or an exposure adds many amounts together: one trillion euros leaves room for
 * ninety of them at the maximum. Every amount parsed from a caller goes through `amountCents`,
 * and the schemas that carry amounts state the same `maximum`.
 */
export const MAX_AMOUNT_EUROS = 1_000_000_000_000;
export const MAX_AMOUNT_CENTS: Cents = MAX_AMOUNT_EUROS * 100;

/**
 * "1234.50" (numeric from SQL) or 1234.5 (JSON) to 123450 cents; null when not exact to the cent
 * or too large to be held as exact integer cents.
 */
export function toCents(value: string | number): Cents | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toString() : '') : value.trim();
  const match = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    // JSON numbers such as 1e3 or 0.1+0.2 noise: accept only if they are exact to the cent.
    if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e13) {
      const cents = Math.round(value * 100);
      return Math.abs(cents / 100 - value) < 1e-9 ? cents : null;
    }
    return null;
  }
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  // Past 2^53 the sum above is no longer exact: refuse rather than round silently.
  if (
    !Number.isSafeInteger(cents) ||
    BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0')) !== BigInt(cents)
  )
    return null;
  return sign === '-' ? -cents : cents;
}

/**
 * An amount a caller sent (JSON number, or decimal text where an area accepts it) to cents:
 * exact to the cent, not negative (above 0 with `positive`) and at most MAX_AMOUNT_EUROS.
 * Null for anything else; the caller answers with its field's own code.
 */
export function amountCents(value: unknown, options: { positive?: boolean } = {}): Cents | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const cents = toCents(value);
  if (cents === null || cents > MAX_AMOUNT_CENTS) return null;
  if (options.positive ? cents <= 0 : cents < 0) return null;
  return cents;
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

/** A percentage with at most 4 decimals as an exact integer of ten-thousandths of a percent. */
function scaledPercent(pct: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(pct.toString());
  if (!match) throw new RangeError(`percentage ${pct} has more than 4 decimals`);
  const [, sign, whole, fraction = ''] = match;
  const scaled = BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return sign === '-' ? -scaled : scaled;
}

/**
 * Share of an amount, rounded half up to the cent: amount × pct / 100, computed in exact
 * integers (no float ever holds the product, however large the amount).
 */
export function percentOf(cents: Cents, pct: number): Cents {
  const product = BigInt(cents) * scaledPercent(pct); // cents × pct × 10,000
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs + 500_000n) / 1_000_000n;
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError('percentage of an amount past exact integer cents');
  return result;
}
