import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../../test/support/clock.ts';
import { freshDatabase, type TestDatabase } from '../../test/support/database.ts';
import { untilWithin } from '../../test/support/webhook-receiver.ts';
import { type Clock, manualClock } from './clock.ts';
import { boundTo, GATE } from './db/actor.ts';
import type { Db } from './db/db.ts';
import { CLAIM_SECONDS, createWorker, enqueueJob, type JobHandler, type Worker } from './jobs.ts';

/**
 * One job's trouble never stops the worker's loop: a handler that throws, an outcome the database
 * refuses, a claim statement that fails. The faults are made for real, by triggers on the test's
 * own database; waits are on conditions with long bounds, never on durations.
 */

let database: TestDatabase;
let db: Db;
let clock: Clock;
const lines: { msg: string }[] = [];
const logger = pino(
  { level: 'info' },
  { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) },
);
const until = untilWithin(60_000);

beforeAll(async () => {
  database = await freshDatabase();
  db = boundTo(database.superuser(), GATE);
  clock = manualClock(TEST_CLOCK_START);
  await clock.advance(db, 1);
  await db.query('CREATE TABLE test_runs (job_id text NOT NULL, kind text NOT NULL)');
  await db.query(
    'GRANT SELECT, INSERT ON test_runs TO funder_api_funder, funder_api_sandbox, funder_api_operator',
  );
  // The faults: a job whose payload asks for it cannot be released (finished, failed or rerun),
  // and while `test_claims_refused` has a row no claim is written at all.
  await db.query('CREATE TABLE test_claims_refused (on_purpose boolean)');
  await db.query(`CREATE FUNCTION test_refuse_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.locked_by IS NOT NULL AND OLD.locked_by IS DISTINCT FROM NEW.locked_by
         AND EXISTS (SELECT 1 FROM test_claims_refused) THEN
        RAISE EXCEPTION 'claims refused by the test';
      END IF;
      IF NEW.locked_by IS NULL AND OLD.locked_by IS NOT NULL AND (OLD.payload->>'refuse_outcome')::boolean THEN
        RAISE EXCEPTION 'outcome refused by the test';
      END IF;
      RETURN NEW;
    END $$`);
  await db.query(
    'CREATE TRIGGER test_refuse_jobs BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION test_refuse_jobs()',
  );
});
afterAll(async () => database?.drop());
beforeEach(async () => {
  await db.query('TRUNCATE jobs, test_runs, test_claims_refused');
  lines.length = 0;
});
const started: Worker[] = [];
afterEach(async () => {
  for (const worker of started.splice(0)) await worker.stop();
});

const recording: JobHandler = async ({ db: workerDb, job }) => {
  if (job.payload.throws) throw new Error('the handler failed on purpose');
  await workerDb.query('INSERT INTO test_runs (job_id, kind) VALUES ($1, $2)', [job.id, job.kind]);
  return undefined;
};

async function ran(kind: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_runs WHERE kind = $1', [
    kind,
  ]);
  return rows[0]!.n;
}

async function job(kind: string) {
  const { rows } = await db.query<{
    attempts: number;
    locked_by: string | null;
    last_error: string | null;
    run_at: Date;
    finished_at: Date | null;
  }>('SELECT attempts, locked_by, last_error, run_at, finished_at FROM jobs WHERE kind = $1', [kind]);
  return rows[0]!;
}

function startWorker(): Worker {
  const worker = createWorker({
    db,
    clock,
    logger,
    pollMs: 10,
    workerId: 'bulkhead',
    handlers: { 'test.first': recording, 'test.second': recording, 'test.later': recording },
  });
  worker.start();
  started.push(worker);
  return worker;
}

describe('the job loop, when one job goes wrong', () => {
  it('a handler that throws fails alone: the next job runs, the failed one keeps its back-off', async () => {
    await enqueueJob(db, { kind: 'test.first', payload: { throws: true }, runAt: clock.now() });
    await enqueueJob(db, { kind: 'test.second', runAt: clock.now() });
    startWorker();
    await until(async () => (await ran('test.second')) === 1, 'the job after the failing one');
    const failed = await job('test.first');
    expect(failed).toMatchObject({
      attempts: 1,
      locked_by: null,
      last_error: 'the handler failed on purpose',
    });
    expect(failed.run_at.getTime()).toBeGreaterThan(clock.now().getTime());
    // The loop goes on: a job enqueued later runs too.
    await enqueueJob(db, { kind: 'test.later', runAt: clock.now() });
    await until(async () => (await ran('test.later')) === 1, 'a later job');
  });

  it('an outcome the database refuses fails alone: the next job runs, the refused one runs again once its claim ends', async () => {
    await enqueueJob(db, { kind: 'test.first', payload: { refuse_outcome: true }, runAt: clock.now() });
    await enqueueJob(db, { kind: 'test.second', runAt: clock.now() });
    startWorker();
    await until(async () => (await ran('test.second')) === 1, 'the job after the refused outcome');
    expect(lines.some((line) => line.msg.startsWith('job outcome not recorded'))).toBe(true);
    // Still claimed (its outcome was never written): at least once, it runs again after the claim.
    expect(await job('test.first')).toMatchObject({ attempts: 1, locked_by: 'bulkhead', finished_at: null });
    expect(await ran('test.first')).toBe(1);
    await db.query(`UPDATE jobs SET payload = '{}' WHERE kind = 'test.first'`);
    await clock.advance(db, CLAIM_SECONDS + 1);
    await until(async () => (await job('test.first')).finished_at !== null, 'the refused job run again');
    expect(await job('test.first')).toMatchObject({ attempts: 2, locked_by: null });
    expect(await ran('test.first')).toBe(2);
  });

  it('a claim statement that fails is tried again: the loop runs the job once claims are written', async () => {
    await db.query('INSERT INTO test_claims_refused VALUES (true)');
    await enqueueJob(db, { kind: 'test.first', runAt: clock.now() });
    startWorker();
    await until(
      () => lines.filter((line) => line.msg === 'worker poll failed').length >= 2,
      'the claim refused twice',
    );
    expect(await job('test.first')).toMatchObject({ attempts: 0, locked_by: null });
    await db.query('TRUNCATE test_claims_refused');
    await until(async () => (await ran('test.first')) === 1, 'the job once claims are written');
  });
});
