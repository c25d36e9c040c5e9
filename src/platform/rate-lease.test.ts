import { describe, expect, it } from 'vitest';
import { MAX_UNITS, rateLeases } from './rate-lease.ts';

// Window starts in seconds: a minute inside an hour, and the next minute of the same hour.
const HOUR = 1_800_000_000 - (1_800_000_000 % 3600);
const minute = (n: number) => [HOUR + n * 60, HOUR];
const limits = [100_000, 1_000_000];

/** Counts as the shared row would: each count adds its units to both windows. */
function sharedRow() {
  let total = 0;
  return {
    add(units: number) {
      total += units;
      return [total, total];
    },
  };
}

describe('calls counted ahead', () => {
  it('reserve one call, then twice as many each count, up to the cap', () => {
    const leases = rateLeases();
    const row = sharedRow();
    const sizes: number[] = [];
    for (let count = 0; count < 9; count++) {
      const { units } = leases.nextCount('k', minute(0));
      sizes.push(units);
      leases.counted('k', { starts: minute(0), limits }, units, row.add(units));
      while (leases.take('k', minute(0))) {}
    }
    expect(sizes).toEqual([1, 2, 4, 8, 16, 32, MAX_UNITS, MAX_UNITS, MAX_UNITS]);
  });

  it('never reserve more than a 64th of what the tightest window has left', () => {
    const leases = rateLeases();
    const tight = [640, 1_000_000];
    leases.counted('k', { starts: minute(0), limits: tight }, 1, [520, 520]);
    // 120 left: under 128, so one call at a time.
    expect(leases.nextCount('k', minute(0)).units).toBe(1);
  });

  it('hand out the calls reserved in order, each in its own place of the count', () => {
    const leases = rateLeases();
    expect(leases.counted('k', { starts: minute(0), limits }, 4, [14, 40])).toEqual([11, 37]);
    expect([1, 2, 3].map(() => leases.take('k', minute(0))?.hits)).toEqual([
      [12, 38],
      [13, 39],
      [14, 40],
    ]);
    expect(leases.take('k', minute(0))).toBeNull();
  });

  it('give the calls a minute left unused back to the same hour, not to the next', () => {
    const leases = rateLeases();
    leases.counted('k', { starts: minute(0), limits }, 8, [8, 8]);
    leases.take('k', minute(0));
    // Six of the eight were never made: the next minute's first count takes them off the hour.
    expect(leases.take('k', minute(1))).toBeNull();
    expect(leases.nextCount('k', minute(1))).toEqual({ units: 1, giveBack: 6 });
    expect(leases.nextCount('k', minute(1))).toEqual({ units: 1, giveBack: 0 });

    leases.counted('k', { starts: minute(1), limits }, 8, [8, 10]);
    const nextHour = [HOUR + 3600, HOUR + 3600];
    expect(leases.nextCount('k', nextHour)).toEqual({ units: 1, giveBack: 0 });
  });

  it('keep nothing from a count that returns after the server moved on to a later minute', () => {
    const leases = rateLeases();
    leases.counted('k', { starts: minute(1), limits }, 1, [1, 30]);
    // A count made in the minute before, answered late: its call is placed, its other calls unused.
    expect(leases.counted('k', { starts: minute(0), limits }, 8, [20, 31])).toEqual([13, 24]);
    expect(leases.take('k', minute(1))).toBeNull();
    expect(leases.nextCount('k', minute(1)).giveBack).toBe(7);
  });
});
