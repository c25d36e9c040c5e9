import { EventEmitter } from 'node:events';
import type { Queryable } from './db/db.ts';

/**
 * The one source of "now". Domain code never reads the system time: it asks the clock, so
 * tests and demonstrations can move time (FUNDER_API_CLOCK=manual) instead of sleeping.
 */
export interface Clock {
  readonly manual: boolean;
  now(): Date;
  /** Manual clocks read the shared instant from the database, so every process agrees. */
  sync(db: Queryable): Promise<void>;
  advance(db: Queryable, seconds: number): Promise<Date>;
}

export function systemClock(): Clock {
  return {
    manual: false,
    now: () => new Date(),
    async sync() {},
    async advance() {
      throw new Error('the system clock cannot be moved');
    },
  };
}

const MANUAL_CLOCK_STATE = 'manual_clock';

/**
 * A manual clock that moves may make work due at once (a webhook retry, a job): the move is
 * announced on this channel (NOTIFY, to processes that LISTEN) and by `clockMoves` in this
 * process, so that waiting dispatchers look again instead of sleeping until their safety wake.
 */
export const CLOCK_CHANNEL = 'funder_api_clock';
export const clockMoves = new EventEmitter();
clockMoves.setMaxListeners(0);

/**
 * A stopped clock that moves only when told to. It starts at the real time when first read
 * and keeps its instant in `service_state`, so API servers and workers share it.
 */
export function manualClock(start: Date = new Date()): Clock {
  let current = new Date(Math.floor(start.getTime() / 1000) * 1000);
  return {
    manual: true,
    now: () => new Date(current.getTime()),
    async sync(db) {
      const { rows } = await db.query<{ value: { now: string } }>(
        'SELECT value FROM service_state WHERE name = $1',
        [MANUAL_CLOCK_STATE],
      );
      if (rows[0]) current = new Date(rows[0].value.now);
    },
    async advance(db, seconds) {
      const { rows } = await db.query<{ value: { now: string } }>(
        `INSERT INTO service_state (name, value, updated_at)
         VALUES ($1, jsonb_build_object('now', $2::text), now())
         ON CONFLICT (name) DO UPDATE SET
           value = jsonb_build_object('now', (service_state.value->>'now')::timestamptz + make_interval(secs => $3)),
           updated_at = now()
         RETURNING value`,
        [MANUAL_CLOCK_STATE, new Date(current.getTime() + seconds * 1000).toISOString(), seconds],
      );
      current = new Date(rows[0]!.value.now);
      // Its own statement, after the move has committed: a listener woken by it reads the new instant.
      await db.query(`SELECT pg_notify('${CLOCK_CHANNEL}', '')`);
      clockMoves.emit('moved');
      return new Date(current.getTime());
    },
  };
}

const madridFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Madrid at an instant, as YYYY-MM-DD: the date business rules use. */
export const madridDate = (at: Date): string => madridFormat.format(at);

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Madrid's offset from UTC at an instant, in milliseconds (one hour in winter, two in summer). */
function madridOffsetMs(at: Date): number {
  const parts = Object.fromEntries(madridParts.formatToParts(at).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a Madrid wall-clock time happens: `madridInstant('2026-03-29', '12:30')`. A time
 * the spring change skips is read as the hour after; one the autumn change repeats, the second.
 */
export function madridInstant(date: string, time = '00:00:00'): Date {
  const local = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  const first = local - madridOffsetMs(new Date(local));
  const second = local - madridOffsetMs(new Date(first));
  return new Date(madridOffsetMs(new Date(second)) === local - second ? second : Math.max(first, second));
}

/** When a Madrid calendar date begins. */
export const madridMidnight = (date: string): Date => madridInstant(date);

/**
 * The same Madrid wall-clock time a number of calendar days later: a period of days that
 * crosses a daylight-saving change keeps its hour instead of drifting by one.
 */
export function addMadridDays(at: Date, days: number): Date {
  const local = new Date(at.getTime() + madridOffsetMs(at));
  const date = addDays(local.toISOString().slice(0, 10), 0);
  return madridInstant(addDays(date, days), local.toISOString().slice(11, 23));
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const isIsoDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
