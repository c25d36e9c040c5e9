import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestsGiven } from '../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../test/support/service.ts';

/**
 * Throughput of `POST /v1/requests/{id}/decision` with an offer, through the whole app
 * (authentication, body validation, the offer's transaction) but without a network: calls are
 * injected, CONCURRENCY at a time, each on its own request in terms_sent, for SECONDS seconds.
 * Prints one line (offers per second and CPU milliseconds per offer), and appends it to
 * $BENCH_OUT when set. See bench/README.md.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = 4;

let service: TestService;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.close());

it('offer decisions per second', async () => {
  const given = requestsGiven(service);
  const account = await service.given.funderAccount({ environment: 'live' });
  // A key whose rate limit the run cannot reach.
  const key = await service.given.key({ bankId: account.bank_id, perMinute: 1_000_000, perHour: 1_000_000 });
  const funder = { bankId: account.bank_id, key: key.secret, keyId: key.id };
  const requests = [];
  for (let i = 0; i < CONCURRENCY; i++) requests.push(await given.offeredRequest({ funder }));
  const body = { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60, notes: 'Standard terms' };
  let done = 0;
  let failed = 0;
  // CPU time of this process (the app and the embedded database both run in it): per offer it
  // depends far less on what else the machine runs than offers per second do.
  const cpuBefore = process.cpuUsage();
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    requests.map(async (request) => {
      while (Date.now() < end) {
        const answer = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
          body,
        });
        if (answer.status === 201) done++;
        else failed++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerOffer = (cpu.user + cpu.system) / 1000 / Math.max(done, 1);
  const line = `${process.env.BENCH_LABEL ?? 'run'}: ${(done / SECONDS).toFixed(1)} offers/s, ${cpuMsPerOffer.toFixed(2)} ms CPU per offer (${done} in ${SECONDS} s, ${failed} refused)`;
  console.log(line);
  if (process.env.BENCH_OUT) appendFileSync(process.env.BENCH_OUT, `${line}\n`);
  expect(failed).toBe(0);
});
