import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClockToMadrid, TEST_CLOCK_START } from '../../../test/support/clock.ts';
import { freshDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { type RequestsGiven, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { addDays, manualClock } from '../../platform/clock.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';

/**
 * Two workers, each its own runtime and connection pool on one PostgreSQL database, opening the
 * claims that fell due at the same moment: each request gets one claim, whoever opens it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two workers opening claims on one database', () => {
  let database: TestDatabase;
  let first: TestService;
  let second: Runtime;
  let given: RequestsGiven;

  beforeAll(async () => {
    database = await freshDatabase();
    first = await startService({ database });
    second = await createRuntime(first.runtime.config, {
      db: database.connect(),
      clock: manualClock(TEST_CLOCK_START),
      logger: pino({ level: 'silent' }),
      secrets: { opsToken: first.opsToken, secretsKey: randomBytes(32) },
    });
    given = requestsGiven(first);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('opens one claim per request, on its day and not the day before, whichever worker runs', async () => {
    const funder = await given.funder();
    const terms = await first.call(funder.key, 'PUT', '/v1/programme', {
      body: { terms: { recourse: 'with', recourse_days: 7 }, reason: 'Programme for the test' },
    });
    expect(terms.status).toBe(200);
    const requests: { id: string; invoices: { due_date: string | null }[] }[] = [];
    for (let i = 0; i < 6; i += 1) {
      requests.push(await given.fundedRequest({ funder, invoices: [{ dueInDays: 2, amount: 1000 + i }] }));
    }
    const claimDay = addDays(requests[0]!.invoices[0]!.due_date!, 7);
    const claims = async () =>
      (
        await first.db.query<{ request_id: string; n: number }>(
          `SELECT c.request_id, count(*)::int AS n FROM recourse_claims c
             JOIN funding_requests r ON r.id = c.request_id
            WHERE r.funder_of_record_id = $1 GROUP BY c.request_id`,
          [funder.bankId],
        )
      ).rows;
    const bothRun = async () => {
      await second.clock.sync(second.db);
      const system = { kind: 'system' as const, job: 'recourse.claims' };
      const [a, b] = await Promise.all([
        first.runtime.services.recourse.openDue(system),
        second.services.recourse.openDue(system),
      ]);
      return [...a, ...b].filter((c) => requests.some((r) => r.id === c.request_id));
    };

    await moveClockToMadrid(first, addDays(claimDay, -1), '23:30');
    expect(await bothRun()).toEqual([]);
    expect(await claims()).toEqual([]);

    await moveClockToMadrid(first, claimDay, '00:30');
    const opened = await bothRun();
    expect(opened.map((c) => c.request_id).sort()).toEqual(requests.map((r) => r.id).sort());
    const rows = await claims();
    expect(rows).toHaveLength(requests.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);

    // The job on both workers' queues finds nothing more to open.
    await first.runtime.scheduleMaintenance();
    await Promise.all([first.runtime.createWorker().runOnce(), second.createWorker().runOnce()]);
    expect((await claims()).every((r) => r.n === 1)).toBe(true);
    expect(await bothRun()).toEqual([]);
  });
});
