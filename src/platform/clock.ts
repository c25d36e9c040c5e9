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
      return new Date(current.getTime());
    },
  };
}
