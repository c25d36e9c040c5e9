import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_SECONDS } from '../src/areas/webhooks/webhooks.dispatcher.ts';
import {
  cleanUpProcesses,
  freePort,
  funderKeyOver,
  httpCaller,
  NO_DEMO,
  PROCESS_MINUTES,
  startServer,
  stop,
} from './support/cli.ts';
import { freshDatabase, onPostgres } from './support/database.ts';
import { startWorkCommand } from './support/dispatcher-processes.ts';
import { untilWithin } from './support/webhook-receiver.ts';

/**
 * Whether `serve` runs the background jobs: the command line's flag when one is given, else
 * FUNDER_API_INLINE_WORKER, else the default (on the embedded database only). Shown through
 * the real command line, with a webhook as the job: nothing but a running worker sends it.
 */
const TEST_TIMEOUT = 4 * PROCESS_MINUTES * 60_000;
const OPS_TOKEN = `ops_${'3'.repeat(48)}`;

/** Each request received; the first one of each path is answered 500, the next ones 200. */
const hits: { path: string; headers: IncomingHttpHeaders }[] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const path = req.url ?? '/';
    hits.push({ path, headers: req.headers });
    res.writeHead(hits.filter((hit) => hit.path === path).length === 1 ? 500 : 200);
    res.end();
  });
});
let receiverBase: string;
let dataDir: string;

beforeAll(async () => {
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'funder-api-worker-'));
});
afterAll(async () => {
  await cleanUpProcesses();
  await new Promise((done) => receiver.close(done));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const until = untilWithin(PROCESS_MINUTES * 60_000);

/**
 * `serve` on the test's data folder (or the database `more` names), ready once it has said
 * whether it runs the jobs.
 */
async function serve(inlineWorker: 'true' | 'false', args: string[] = [], more: Record<string, string> = {}) {
  const port = await freePort();
  const server = await startServer(
    dataDir,
    port,
    'background jobs',
    {
      FUNDER_API_INLINE_WORKER: inlineWorker,
      FUNDER_API_CLOCK: 'manual',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      // The safety wake an hour away: what the worker sends, it sends because it was woken.
      WEBHOOK_SAFETY_WAKE_SECONDS: '3600',
      OPS_TOKEN,
      ...NO_DEMO,
      NODE_ENV: 'test',
      ...more,
    },
    args,
  );
  const runsJobs = server.output().includes('background jobs running');
  const runsNone = server.output().includes('background jobs not run in this process');
  expect(runsJobs !== runsNone, server.output()).toBe(true);
  const call = httpCaller(port);
  return { server, runsJobs, call };
}

describe('which `serve` runs the background jobs', { timeout: TEST_TIMEOUT }, () => {
  it('serve with FUNDER_API_INLINE_WORKER=false runs no job; served with --worker the job that waited is run; --no-worker beats FUNDER_API_INLINE_WORKER=true', async () => {
    const first = await serve('false');
    expect(first.runsJobs).toBe(false);
    const funderKey = (await funderKeyOver(first.call, OPS_TOKEN)).key;
    const made = await first.call<{ webhook: { id: string } }>(funderKey, 'POST', '/v1/webhooks', {
      url: `${receiverBase}/queued`,
    });
    expect(made.status).toBe(201);
    const webhookId = made.body.webhook.id;
    // The job: a test event, due at once, that only a worker's dispatcher sends.
    expect((await first.call(funderKey, 'POST', `/v1/webhooks/${webhookId}/test`)).status).toBe(202);
    expect(await stop(first.server)).toBe(0);
    expect(hits.filter((hit) => hit.path === '/queued')).toEqual([]);

    // The flag beats the environment: this server runs the jobs, and sends what waited.
    const second = await serve('false', ['--worker']);
    expect(second.runsJobs).toBe(true);
    const log = async () => {
      const answer = await second.call<{ deliveries: { status: string; response_code: number | null }[] }>(
        funderKey,
        'GET',
        `/v1/webhooks/${webhookId}/deliveries`,
      );
      // Polled slowly; an answer of the rate limiter is only "not yet".
      await new Promise((resolve) => setTimeout(resolve, 250));
      return answer.status === 200 ? answer.body.deliveries[0] : undefined;
    };
    await until(async () => (await log())?.response_code === 500, 'the queued event, sent and failed once');
    expect(hits.filter((hit) => hit.path === '/queued')).toHaveLength(1);

    // Moving the manual clock wakes this server's dispatcher: the retry it made due is sent.
    const moved = await second.call(OPS_TOKEN, 'POST', '/ops/v1/clock', {
      advance_seconds: RETRY_SCHEDULE_SECONDS[0],
    });
    expect(moved.status).toBe(200);
    await until(async () => (await log())?.status === 'delivered', 'the retry the clock move made due');
    const sent = hits.filter((hit) => hit.path === '/queued');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['service-event-id']).toBe(sent[0]!.headers['service-event-id']);
    expect(await stop(second.server)).toBe(0);

    // And the other way round: --no-worker beats FUNDER_API_INLINE_WORKER=true.
    const third = await serve('true', ['--no-worker']);
    expect(third.runsJobs).toBe(false);
    expect(await stop(third.server)).toBe(0);
  });

  it.skipIf(!onPostgres())(
    'on PostgreSQL, serve with FUNDER_API_INLINE_WORKER=false leaves the jobs to a `work` process',
    async () => {
      const database = await freshDatabase();
      const secretsKey = randomBytes(32);
      try {
        const api = await serve('false', [], {
          DATABASE_URL: database.url ?? '',
          SECRETS_KEY: secretsKey.toString('base64'),
        });
        expect(api.runsJobs).toBe(false);
        const funderKey = (await funderKeyOver(api.call, OPS_TOKEN)).key;
        const made = await api.call<{ webhook: { id: string } }>(funderKey, 'POST', '/v1/webhooks', {
          url: `${receiverBase}/left-to-work`,
        });
        expect(made.status).toBe(201);
        const webhookId = made.body.webhook.id;
        expect((await api.call(funderKey, 'POST', `/v1/webhooks/${webhookId}/test`)).status).toBe(202);
        const log = async () => {
          const answer = await api.call<{ deliveries: { status: string }[] }>(
            funderKey,
            'GET',
            `/v1/webhooks/${webhookId}/deliveries`,
          );
          return answer.body.deliveries;
        };
        // The server runs no job: nothing fanned the event out, nothing was sent.
        expect(await log()).toEqual([]);
        expect(hits.filter((hit) => hit.path === '/left-to-work')).toEqual([]);

        const work = await startWorkCommand({ databaseUrl: database.url ?? '', secretsKey });
        try {
          await until(
            () => hits.some((hit) => hit.path === '/left-to-work'),
            'the test event, sent by the work process',
          );
        } finally {
          await work.stop();
        }
        expect(await stop(api.server)).toBe(0);
      } finally {
        await database.drop();
      }
    },
  );
});
