import { describe, expect, it } from 'vitest';
import { addMadridDays, madridDate, madridInstant, madridMidnight } from './clock.ts';

describe('Madrid calendar dates', () => {
  it.each([
    ['2026-11-23T23:30:00Z', '2026-11-24'],
    ['2026-11-24T11:30:00Z', '2026-11-24'],
    ['2026-11-24T22:30:00Z', '2026-11-24'],
    ['2027-06-14T22:30:00Z', '2027-06-15'],
    ['2027-06-15T21:30:00Z', '2027-06-15'],
    ['2027-06-15T22:30:00Z', '2027-06-16'],
  ])('the instant %s falls on %s in Madrid', (instant, date) => {
    expect(madridDate(new Date(instant))).toBe(date);
  });

  it.each([
    ['2026-11-24', '00:30', '2026-11-23T23:30:00.000Z'],
    ['2026-11-24', '12:30', '2026-11-24T11:30:00.000Z'],
    ['2026-11-24', '23:30', '2026-11-24T22:30:00.000Z'],
    ['2027-03-28', '00:30', '2027-03-27T23:30:00.000Z'],
    // 02:30 does not exist on the night of the spring change: it is read as 03:30.
    ['2027-03-28', '02:30', '2027-03-28T01:30:00.000Z'],
    ['2027-03-28', '23:30', '2027-03-28T21:30:00.000Z'],
    ['2027-10-31', '00:30', '2027-10-30T22:30:00.000Z'],
    ['2027-10-31', '23:30', '2027-10-31T22:30:00.000Z'],
  ])('%s at %s in Madrid is the instant %s', (date, time, instant) => {
    expect(madridInstant(date, time).toISOString()).toBe(instant);
  });

  it('a Madrid day begins at 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(madridMidnight('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(madridMidnight('2027-07-01').toISOString()).toBe('2027-06-30T22:00:00.000Z');
  });

  it.each([
    ['2027-03-25T23:30:00Z', 7, '2027-04-01T22:30:00.000Z'],
    ['2027-10-27T22:30:00Z', 7, '2027-11-03T23:30:00.000Z'],
    ['2026-11-23T23:30:00Z', 1, '2026-11-24T23:30:00.000Z'],
    ['2027-03-27T11:30:00Z', 1, '2027-03-28T10:30:00.000Z'],
  ])('%s plus %i Madrid days keeps the Madrid time: %s', (from, days, to) => {
    expect(addMadridDays(new Date(from), days).toISOString()).toBe(to);
  });
});
