import { describe, expect, it } from 'vitest';
import { amountCents, MAX_AMOUNT_CENTS, MAX_AMOUNT_EUROS, percentOf, toCents } from './money.ts';

describe('amounts are exact or refused', () => {
  it('reads euros as exact integer cents, from SQL text and from JSON numbers', () => {
    expect(toCents('1234.50')).toBe(123_450);
    expect(toCents(1234.5)).toBe(123_450);
    expect(toCents('9999999999999999.99')).toBeNull(); // numeric(18,2) holds it, exact cents do not
    expect(toCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toCents('90071992547409.92')).toBeNull();
    expect(toCents(2 ** 53)).toBeNull();
    expect(toCents(10.005)).toBeNull();
  });

  it('takes from a caller no amount above one trillion euros, none negative, none finer than a cent', () => {
    expect(MAX_AMOUNT_CENTS).toBe(MAX_AMOUNT_EUROS * 100);
    expect(amountCents(MAX_AMOUNT_EUROS)).toBe(MAX_AMOUNT_CENTS);
    expect(amountCents(MAX_AMOUNT_EUROS + 0.01)).toBeNull();
    expect(amountCents('1000000000000.01')).toBeNull();
    expect(amountCents(-1)).toBeNull();
    expect(amountCents(0)).toBe(0);
    expect(amountCents(0, { positive: true })).toBeNull();
    expect(amountCents(0.001)).toBeNull();
    expect(amountCents(null)).toBeNull();
    expect(amountCents(true)).toBeNull();
    // Ninety maximum amounts added together are still exact integer cents.
    expect(Number.isSafeInteger(90 * MAX_AMOUNT_CENTS)).toBe(true);
  });
});

describe('percentages of amounts are exact', () => {
  it('rounds half up to the cent', () => {
    expect(percentOf(10_001, 50)).toBe(5_001); // 50.005 -> 50.01
    expect(percentOf(999, 33.3333)).toBe(333);
    expect(percentOf(100_000, 12.3456)).toBe(12_346);
  });

  it('stays exact on the largest amount, where cents × percentage is past 2^53', () => {
    // 100,000,000,000,000 cents × 87.6543 × 10,000 is far past 2^53: a float product loses cents.
    expect(percentOf(MAX_AMOUNT_CENTS, 87.6543)).toBe(87_654_300_000_000);
    expect(percentOf(MAX_AMOUNT_CENTS - 1, 87.6543)).toBe(87_654_299_999_999);
    expect(percentOf(99_999_999_999_999, 0.0001)).toBe(100_000_000);
    expect(percentOf(MAX_AMOUNT_CENTS - 7, 33.3333)).toBe(33_333_299_999_998);
    // Where a float product rounds the wrong way (it gave one cent more for each of these).
    expect(percentOf(81_830_716_017_217, 49.2275)).toBe(40_283_215_727_375);
    expect(percentOf(35_038_583_805_320, 92.6898)).toBe(32_477_193_251_983);
    expect(percentOf(82_788_823_980_420, 81.9995)).toBe(67_886_421_719_824);
  });
});
