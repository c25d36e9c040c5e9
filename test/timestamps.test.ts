import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from '../src/platform/db/timestamps.ts';

// The service reads PostgreSQL's timestamps by position (src/platform/db/timestamps.ts); pg's
// own parser is the reference, for the UTC form the connections answer in and for any other.
const reference = (text: string) => (pg.types.getTypeParser(1184) as (t: string) => Date)(text);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** How PostgreSQL writes a timestamptz in UTC with the ISO style: trailing zeros of the fraction dropped. */
function pgText(date: Date, micros: number): string {
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)} ` +
    `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  const fraction = pad(date.getUTCMilliseconds() * 1000 + micros, 6).replace(/0+$/, '');
  return `${base}${fraction ? `.${fraction}` : ''}+00`;
}

describe('reading timestamptz text', () => {
  it('gives the instant pg’s own parser gives, for any UTC timestamp from year 1000 to 9999', () => {
    // pg's parser was the one in use before: it is the reference here, not a copy of it.
    expect(reference('2026-11-27 02:31:14.966+00').toISOString()).toBe('2026-11-27T02:31:14.966Z');
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        (date, micros) => {
          const text = pgText(date, micros);
          expect(parseTimestamptz(text).getTime()).toBe(reference(text).getTime());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('hands every other form to pg’s own parser', () => {
    for (const text of [
      '2026-11-27 03:31:14.966+01',
      '2026-11-27 02:31:14+05:30',
      '0099-01-01 00:00:00+00',
      '2000-01-01 00:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      '2026-11-27 02:31:14.1234567+00',
      '2026-11-27T02:31:14+00',
    ]) {
      expect(parseTimestamptz(text), text).toEqual(reference(text));
    }
    expect(parseTimestamptz('infinity')).toBe(reference('infinity'));
  });
});
