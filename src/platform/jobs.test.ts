import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../../test/support/clock.ts';
import { freshDatabase, onPostgres, type TestDatabase } from '../../test/support/database.ts';
import { type Clock, manualClock } from './clock.ts';
import { boundTo, GATE } from './db/actor.ts';
import type { Db } from './db/db.ts';
import { CLAIM_SECONDS, createWorker, enqueueJob, type JobHandler } from './jobs.ts';

interface StoredJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  job_key: string | null;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  finished_at: Date | null;
  failed_at: Date | null;
}

const logger = pino({ level: 'silent' });

let database: TestDatabase;
let db: Db;
let clock: Clock;
beforeAll(async () => {
  database = await freshDatabase();
  // The test arranges its own tables and runs the queue as the superuser (the service's worker
  // runs as the operator role: runtime.ts), on a pool of its own.
  db = boundTo(database.superuser(), GATE);
  clock = manualClock(TEST_CLOCK_START);
  await clock.advance(db, 1);
  await db.query('CREATE TABLE test_runs (job_id text NOT NULL, worker text NOT NULL)');
  // The rights the migrations' default privileges give the policy roles on the owner's tables
  // (a handler runs under one of them): a table the superuser makes gets none by itself.
  await db.query(
    'GRANT SELECT, INSERT ON test_runs TO funder_api_funder, funder_api_sandbox, funder_api_operator',
  );
});
afterAll(async () => database?.drop());
beforeEach(async () => {
  await db.query('TRUNCATE jobs, test_runs');
});

const inSeconds = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);

async function jobs(): Promise<StoredJob[]> {
  return (await db.query<StoredJob>('SELECT *, id::text AS id FROM jobs ORDER BY jobs.id')).rows;
}

async function runs(): Promise<{ job_id: string; worker: string }[]> {
  return (await db.query<{ job_id: string; worker: string }>('SELECT job_id, worker FROM test_runs')).rows;
}

/** A handler that records each run in test_runs, on the database the worker uses. */
const recording =
  (worker: string): JobHandler =>
  async ({ db: workerDb, job }) => {
    await workerDb.query('INSERT INTO test_runs (job_id, worker) VALUES ($1, $2)', [job.id, worker]);
    return undefined;
  };

describe('enqueueJob', () => {
  it('keeps one job per job_key: enqueueing the same key again changes nothing', async () => {
    await enqueueJob(db, { kind: 'test.keyed', payload: { n: 1 }, runAt: clock.now(), jobKey: 'same' });
    await enqueueJob(db, { kind: 'test.keyed', payload: { n: 2 }, runAt: inSeconds(60), jobKey: 'same' });
    await enqueueJob(db, { kind: 'test.keyed', payload: { n: 3 }, runAt: clock.now(), jobKey: 'other' });
    await enqueueJob(db, { kind: 'test.plain', runAt: clock.now() });
    await enqueueJob(db, { kind: 'test.plain', runAt: clock.now() });
    const rows = await jobs();
    expect(rows.map((row) => [row.kind, row.job_key, row.payload])).toEqual([
      ['test.keyed', 'same', { n: 1 }],
      ['test.keyed', 'other', { n: 3 }],
      ['test.plain', null, {}],
      ['test.plain', null, {}],
    ]);
    expect(rows[0]!.run_at.getTime()).toBe(clock.now().getTime());
    expect(rows[0]).toMatchObject({ attempts: 0, max_attempts: 10, finished_at: null, failed_at: null });
  });
});

describe('createWorker', () => {
  it('runs the jobs that are due, and a later one only once the clock reaches it', async () => {
    await enqueueJob(db, { kind: 'test.run', payload: { when: 'now' }, runAt: clock.now() });
    await enqueueJob(db, { kind: 'test.run', payload: { when: 'later' }, runAt: inSeconds(60) });
    const seen: unknown[] = [];
    const worker = createWorker({
      db,
      clock,
      logger,
      handlers: {
        'test.run': async ({ job }) => {
          seen.push(job.payload.when);
          return undefined;
        },
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(seen).toEqual(['now']);
    expect(await worker.runOnce()).toBe(0);

    await clock.advance(db, 59);
    expect(await worker.runOnce()).toBe(0);
    await clock.advance(db, 1);
    expect(await worker.runOnce()).toBe(1);
    expect(seen).toEqual(['now', 'later']);

    const rows = await jobs();
    expect(rows.every((row) => row.finished_at?.getTime() !== undefined && row.locked_by === null)).toBe(
      true,
    );
    expect(rows[1]!.finished_at!.getTime()).toBe(clock.now().getTime());
    expect(await worker.runOnce()).toBe(0);
  });

  it('leaves alone the kinds it has no handler for', async () => {
    await enqueueJob(db, { kind: 'test.someone_else', runAt: clock.now() });
    const worker = createWorker({ db, clock, logger, handlers: { 'test.run': recording('w') } });
    expect(await worker.runOnce()).toBe(0);
    expect(await jobs()).toMatchObject([{ kind: 'test.someone_else', attempts: 0, finished_at: null }]);
  });

  it('retries a failing job with a growing delay, keeps the error, and gives up after max_attempts', async () => {
    await enqueueJob(db, { kind: 'test.flaky', runAt: clock.now(), maxAttempts: 3 });
    let calls = 0;
    const worker = createWorker({
      db,
      clock,
      logger,
      handlers: {
        'test.flaky': async () => {
          calls += 1;
          throw new Error(`boom ${calls}`);
        },
      },
    });

    const delays: number[] = [];
    for (const attempt of [1, 2]) {
      expect(await worker.runOnce()).toBe(1);
      const [job] = await jobs();
      expect(job).toMatchObject({
        attempts: attempt,
        last_error: `boom ${attempt}`,
        failed_at: null,
        finished_at: null,
        locked_by: null,
        locked_until: null,
      });
      const delay = (job!.run_at.getTime() - clock.now().getTime()) / 1000;
      delays.push(delay);
      // Not due before its new run_at.
      expect(await worker.runOnce()).toBe(0);
      await clock.advance(db, Math.ceil(delay));
    }
    expect(delays[0]).toBeCloseTo(Math.E, 2);
    expect(delays[1]).toBeCloseTo(Math.E ** 2, 2);

    expect(await worker.runOnce()).toBe(1);
    const [failed] = await jobs();
    expect(failed).toMatchObject({ attempts: 3, last_error: 'boom 3', finished_at: null });
    expect(failed!.failed_at?.getTime()).toBe(clock.now().getTime());

    await clock.advance(db, 3600);
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(3);
  });

  it('reschedules a job whose handler answers rerunAt', async () => {
    await enqueueJob(db, { kind: 'test.recurring', runAt: clock.now(), jobKey: 'recurring' });
    let calls = 0;
    const worker = createWorker({
      db,
      clock,
      logger,
      handlers: {
        'test.recurring': async ({ clock: jobClock }) => {
          calls += 1;
          return { rerunAt: new Date(jobClock.now().getTime() + 600_000) };
        },
      },
    });
    expect(await worker.runOnce()).toBe(1);
    const [job] = await jobs();
    expect(job).toMatchObject({
      attempts: 0,
      finished_at: null,
      failed_at: null,
      locked_by: null,
      last_error: null,
    });
    expect(job!.run_at.getTime()).toBe(inSeconds(600).getTime());

    await clock.advance(db, 599);
    expect(await worker.runOnce()).toBe(0);
    await clock.advance(db, 1);
    expect(await worker.runOnce()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobs()).toHaveLength(1);
  });

  it(`runs each of 50 jobs exactly once with two workers on one database${onPostgres() ? ' (two pools racing)' : ''}`, async () => {
    for (let n = 0; n < 50; n += 1)
      await enqueueJob(db, { kind: 'test.once', payload: { n }, runAt: clock.now() });
    // On PostgreSQL each worker has its own pool, as two processes would: the claims really race.
    // One job per claim keeps the two workers claiming at the same moments as often as possible.
    const otherDb = onPostgres() ? database.superuser() : db;
    const workers = [
      createWorker({
        db,
        clock,
        logger,
        batchSize: 1,
        handlers: { 'test.once': recording('a') },
        workerId: 'a',
      }),
      createWorker({
        db: otherDb,
        clock: manualClock(TEST_CLOCK_START),
        logger,
        batchSize: 1,
        handlers: { 'test.once': recording('b') },
        workerId: 'b',
      }),
    ];
    const drain = async (worker: (typeof workers)[number]) => {
      let total = 0;
      for (;;) {
        const ran = await worker.runOnce();
        if (ran === 0) return total;
        total += ran;
      }
    };
    const [a, b] = await Promise.all(workers.map(drain));
    expect(a! + b!).toBe(50);

    const executed = await runs();
    expect(executed).toHaveLength(50);
    expect(new Set(executed.map((run) => run.job_id)).size).toBe(50);
    const rows = await jobs();
    expect(rows.every((row) => row.finished_at !== null && row.attempts === 1)).toBe(true);
    if (onPostgres()) {
      // Both took part: the race was real.
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
  });

  it('takes over a job whose worker crashed once its claim has run out', async () => {
    await enqueueJob(db, { kind: 'test.crash', runAt: clock.now() });
    let releaseCrashed: () => void = () => undefined;
    let startedCrashed: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      startedCrashed = resolve;
    });
    // Worker "crashed" claims the job and then never gets anywhere (a process that died).
    const crashed = createWorker({
      db,
      clock,
      logger,
      workerId: 'crashed',
      // A dead process renews nothing: this one's renewal never comes within the test.
      heartbeatMs: 3_600_000,
      handlers: {
        'test.crash': async () => {
          startedCrashed();
          await new Promise<void>((resolve) => {
            releaseCrashed = resolve;
          });
          return undefined;
        },
      },
    });
    const stuck = crashed.runOnce();
    await started;
    expect(await jobs()).toMatchObject([{ locked_by: 'crashed', attempts: 1, finished_at: null }]);

    const survivor = createWorker({
      db,
      clock,
      logger,
      workerId: 'survivor',
      handlers: { 'test.crash': recording('survivor') },
    });
    // The claim still holds.
    expect(await survivor.runOnce()).toBe(0);
    await clock.advance(db, CLAIM_SECONDS - 1);
    expect(await survivor.runOnce()).toBe(0);
    await clock.advance(db, 2);
    expect(await survivor.runOnce()).toBe(1);
    expect(await runs()).toEqual([{ job_id: (await jobs())[0]!.id, worker: 'survivor' }]);
    const [job] = await jobs();
    expect(job).toMatchObject({ attempts: 2, locked_by: null });
    expect(job!.finished_at?.getTime()).toBe(clock.now().getTime());

    // Should the crashed worker wake up after all, its late outcome changes nothing.
    await clock.advance(db, 60);
    releaseCrashed();
    expect(await stuck).toBe(1);
    expect((await jobs())[0]!.finished_at?.getTime()).toBe(job!.finished_at!.getTime());
    expect(await survivor.runOnce()).toBe(0);
  });

  it(`keeps a job that runs longer than its claim, and holds no job waiting its turn${onPostgres() ? ' (two pools)' : ''}`, async () => {
    await enqueueJob(db, { kind: 'test.long', runAt: clock.now() });
    await enqueueJob(db, { kind: 'test.long', payload: { second: true }, runAt: clock.now() });
    const otherDb = onPostgres() ? database.superuser() : db;
    const claimEnd = async (id: string) =>
      (await db.query<{ t: Date }>('SELECT locked_until AS t FROM jobs WHERE id = $1', [id])).rows[0]!.t;
    /** Waits (polling, without a deadline of its own) until the claim reaches past `after`. */
    const renewedPast = async (id: string, after: Date) => {
      while ((await claimEnd(id)).getTime() < after.getTime() + CLAIM_SECONDS * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const takenByOther: unknown[] = [];
    const other = createWorker({
      db: otherDb,
      clock: manualClock(TEST_CLOCK_START),
      logger,
      workerId: 'other',
      handlers: {
        'test.long': async ({ job }) => {
          takenByOther.push(job.payload);
          return undefined;
        },
      },
    });
    const signals: AbortSignal[] = [];
    const found: number[] = [];
    const long = createWorker({
      db,
      clock,
      logger,
      workerId: 'long',
      heartbeatMs: 10,
      batchSize: 2,
      handlers: {
        'test.long': async ({ job, signal }) => {
          signals.push(signal);
          if (job.payload.second) return undefined;
          // Twice the claim's length of work, in steps of two thirds of it; after each step the
          // other worker looks for due jobs: never this one, which stays claimed.
          for (let step = 0; step < 3; step += 1) {
            await clock.advance(db, (CLAIM_SECONDS * 2) / 3);
            await renewedPast(job.id, clock.now());
            found.push(await other.runOnce());
          }
          await db.query('INSERT INTO test_runs (job_id, worker) VALUES ($1, $2)', [job.id, 'long']);
          return undefined;
        },
      },
    });
    expect(await long.runOnce()).toBe(1);
    // The job waiting its turn was never this worker's: the other one ran it at its first look.
    expect(found).toEqual([1, 0, 0]);
    expect(takenByOther).toEqual([{ second: true }]);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    const rows = await jobs();
    expect(rows.map((row) => [row.attempts, row.locked_by, row.finished_at !== null])).toEqual([
      [1, null, true],
      [1, null, true],
    ]);
    expect(await runs()).toHaveLength(1);
    expect(await other.runOnce()).toBe(0);
  });

  it('tells a running job, through its signal, that another worker took it over', async () => {
    await enqueueJob(db, { kind: 'test.stalled', runAt: clock.now() });
    let release: () => void = () => undefined;
    let seenSignal: AbortSignal | null = null;
    const stalled = createWorker({
      db,
      clock,
      logger,
      workerId: 'stalled',
      heartbeatMs: 10,
      handlers: {
        'test.stalled': async ({ signal }) => {
          seenSignal = signal;
          // Someone takes the job over behind this worker's back (as after a stall past the claim).
          await db.query("UPDATE jobs SET locked_by = 'thief'");
          await new Promise<void>((resolve) => {
            release = resolve;
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
          return undefined;
        },
      },
    });
    expect(await stalled.runOnce()).toBe(1);
    release();
    expect((seenSignal as AbortSignal | null)?.aborted).toBe(true);
    // Its outcome is not written over the other worker's claim.
    expect(await jobs()).toMatchObject([{ locked_by: 'thief', finished_at: null }]);
  });

  it('when stopped mid-run, finishes the job it is running; the others, never claimed, are due for another worker', async () => {
    for (let i = 0; i < 3; i += 1) await enqueueJob(db, { kind: 'test.batch', runAt: clock.now() });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => undefined;
    const worker = createWorker({
      db,
      clock,
      logger,
      workerId: 'stopping',
      handlers: {
        'test.batch': async ({ db: workerDb, job }) => {
          started();
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          await workerDb.query('INSERT INTO test_runs (job_id, worker) VALUES ($1, $2)', [
            job.id,
            'stopping',
          ]);
          return undefined;
        },
      },
    });
    worker.start();
    await running;
    const stopped = worker.stop();
    finish();
    await stopped;
    // The batch's order is the claim's, not necessarily the ids': the one run is the one finished.
    const rows = await jobs();
    const finished = rows.filter((row) => row.finished_at !== null);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ attempts: 1, locked_by: null });
    expect(await runs()).toEqual([{ job_id: finished[0]!.id, worker: 'stopping' }]);
    for (const row of rows.filter((each) => each.finished_at === null))
      expect(row).toMatchObject({ attempts: 0, locked_by: null, locked_until: null });
    // Another worker takes them at once.
    const other = createWorker({
      db,
      clock,
      logger,
      workerId: 'other',
      handlers: { 'test.batch': recording('other') },
    });
    expect(await other.runOnce()).toBe(2);
  });
});
