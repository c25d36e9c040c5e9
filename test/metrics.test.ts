import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueJobs } from '../src/platform/jobs.store.ts';
import { SCRAPE_KEEP_MS } from '../src/platform/metrics-scrape.ts';
import { onPostgres } from './support/database.ts';
import { drainJobs } from './support/exports.ts';
import { moved, parse, type Sample, sampleValue } from './support/prometheus.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * `GET /metrics` of a running service, over HTTP: the text is Prometheus's exposition format,
 * and the counters and gauges move with the calls, deliveries, jobs and days the test makes.
 * Every check compares two scrapes of this service (or reads a gauge of its own database), so
 * nothing depends on what another test did before. The figures a scrape reads from the database
 * are kept for a second of the service's monotonic clock, which this test moves by hand: each
 * scrape here moves it past that second first, so every one reads the database afresh (the
 * kept second itself is test/metrics-scrape.test.ts's subject).
 */

let service: TestService;
let base: string;
let receiver: Server;
let receiverBase: string;
let dataDir: string;
let monotonicMs = 0;

beforeAll(async () => {
  // Webhook deliveries land here: /ok answers 200, anything else 500.
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(req.url === '/ok' ? 200 : 500);
      res.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'metrics-data-'));
  service = await startService({
    config: { webhookAllowLoopback: true, dataDir },
    monotonicNow: () => monotonicMs,
  });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await service?.close();
  await new Promise((done) => receiver?.close(done));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call(key: string | null, method: string, path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function scrapeText(at = base): Promise<{ status: number; type: string | null; text: string }> {
  monotonicMs += SCRAPE_KEEP_MS;
  const response = await fetch(`${at}/metrics`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function scrape(at = base): Promise<Sample[]> {
  const answer = await scrapeText(at);
  expect(answer.status).toBe(200);
  return parse(answer.text);
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format without a key, and is not in the OpenAPI document', async () => {
    const answer = await scrapeText();
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parse(answer.text);
    const ours = new Set(samples.map((s) => s.name).filter((name) => name.startsWith('funder_api_')));
    for (const name of [
      'funder_api_metrics_source_up',
      'funder_api_jobs_queued',
      'funder_api_jobs_running',
      'funder_api_jobs_oldest_queued_seconds',
      'funder_api_webhook_oldest_due_seconds',
      'funder_api_evidence_unsealed_days',
    ])
      expect(ours, name).toContain(name);
    for (const source of ['jobs', 'webhooks', 'evidence'])
      expect(sampleValue(samples, 'funder_api_metrics_source_up', { source })).toBe(1);
    // The process's own metrics, under prom-client's usual names.
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    // The pool: PostgreSQL's, from its driver; the embedded database has none.
    if (onPostgres()) {
      expect(sampleValue(samples, 'funder_api_db_pool_max')).toBe(10);
      expect(sampleValue(samples, 'funder_api_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'funder_api_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    } else {
      expect(samples.some((s) => s.name.startsWith('funder_api_db_pool_'))).toBe(false);
    }

    const document = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('counts calls by route pattern, method and status, with their latency, and the rate limits’ refusals', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const limited = await service.given.funderWithKey({ environment: 'live', perMinute: 1 });
    const unknownId = randomUUID();
    const before = await scrape();

    expect(await call(key, 'GET', '/v1/me')).toBe(200);
    expect(await call(key, 'GET', `/v1/requests/${unknownId}`)).toBe(404);
    expect(await call(key, 'GET', `/v1/nothing-here/${unknownId}`)).toBe(404);
    // A path Fastify cannot route (bad percent-encoding) is answered by its own handler.
    expect(await call(key, 'GET', '/v1/requests/%zz')).toBe(400);
    expect(await call(limited.key, 'GET', '/v1/me')).toBe(200);
    expect(await call(limited.key, 'GET', '/v1/me')).toBe(429);
    // Bad credentials from one address: 429 past 20 a minute (a key of the right shape, unknown).
    const unknownKey = `svc_fk_${'0'.repeat(64)}`;
    const refused: number[] = [];
    for (let i = 0; i < 21; i++) refused.push(await call(unknownKey, 'GET', '/v1/me'));
    expect(refused.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(refused[20]).toBe(429);

    const afterText = (await scrapeText()).text;
    const after = parse(afterText);
    const calls = 'funder_api_http_requests_total';
    expect(moved(before, after, calls, { route: '/v1/me', method: 'GET', status: '200' })).toBe(2);
    expect(moved(before, after, calls, { route: '/v1/me', method: 'GET', status: '429' })).toBe(2);
    expect(moved(before, after, calls, { route: '/v1/me', method: 'GET', status: '401' })).toBe(20);
    expect(moved(before, after, calls, { route: '/v1/requests/:id', method: 'GET', status: '404' })).toBe(1);
    expect(moved(before, after, calls, { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(moved(before, after, calls, { route: 'unmatched', method: 'GET', status: '400' })).toBe(1);
    // The scrape before this one is counted too, under its own route.
    expect(moved(before, after, calls, { route: '/metrics', method: 'GET', status: '200' })).toBe(1);
    // Never a raw path: the id is in no label.
    expect(afterText).not.toContain(unknownId);

    const latency = 'funder_api_http_request_duration_seconds';
    expect(moved(before, after, `${latency}_count`, { route: '/v1/me', method: 'GET' })).toBe(24);
    expect(moved(before, after, `${latency}_bucket`, { route: '/v1/me', method: 'GET', le: '+Inf' })).toBe(
      24,
    );
    expect(moved(before, after, `${latency}_sum`, { route: '/v1/me', method: 'GET' })).toBeGreaterThan(0);

    const refusals = 'funder_api_rate_limit_refusals_total';
    expect(moved(before, after, refusals, { limit: 'key', window_seconds: '60' })).toBe(1);
    expect(moved(before, after, refusals, { limit: 'bad_credential', window_seconds: '60' })).toBe(1);
  });

  it('counts webhook attempts by outcome and shows how long the oldest due delivery has waited', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const endpoint = async (path: string) => {
      const made = await fetch(`${base}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiverBase}${path}` }),
      });
      expect(made.status).toBe(201);
      return ((await made.json()) as { webhook: { id: string } }).webhook.id;
    };
    const ok = await endpoint('/ok');
    const failing = await endpoint('/fail');
    const before = await scrape();
    expect(await call(key, 'POST', `/v1/webhooks/${ok}/test`)).toBe(202);
    expect(await call(key, 'POST', `/v1/webhooks/${failing}/test`)).toBe(202);
    const dispatcher = service.runtime.createDispatcher();
    try {
      await dispatcher.drain();
    } finally {
      await dispatcher.stop();
    }

    const sent = await scrape();
    const attempts = 'funder_api_webhook_delivery_attempts_total';
    expect(moved(before, sent, attempts, { outcome: 'delivered' })).toBe(1);
    expect(moved(before, sent, attempts, { outcome: 'retrying' })).toBe(1);
    expect(moved(before, sent, attempts, { outcome: 'failed' })).toBe(0);
    // The failed one is tried again 5 seconds after it failed: not due yet.
    expect(sampleValue(sent, 'funder_api_webhook_oldest_due_seconds')).toBe(0);

    await service.advanceClock(65);
    const waiting = await scrape();
    expect(sampleValue(waiting, 'funder_api_webhook_oldest_due_seconds')).toBe(60);
  });

  it('shows jobs queued, running and the oldest one’s wait by kind, and counts an export’s build', async () => {
    const live = await service.given.funderWithKey({ environment: 'live' });
    const before = await scrape();
    // Every kind this code runs is reported, 0 when none waits.
    expect(sampleValue(before, 'funder_api_jobs_queued', { kind: 'export.build' })).toBe(0);
    expect(sampleValue(before, 'funder_api_jobs_running', { kind: 'maintenance.rate_counters' })).toBe(0);

    expect(await call(live.key, 'POST', '/v1/exports', {})).toBe(202);
    await service.runtime.scheduleMaintenance();
    await service.advanceClock(30);
    const queued = await scrape();
    expect(sampleValue(queued, 'funder_api_jobs_queued', { kind: 'export.build' })).toBe(1);
    expect(sampleValue(queued, 'funder_api_jobs_oldest_queued_seconds', { kind: 'export.build' })).toBe(30);
    expect(sampleValue(queued, 'funder_api_jobs_queued', { kind: 'maintenance.rate_counters' })).toBe(1);

    // A worker holds one job: running, no longer queued.
    const now = service.runtime.clock.now();
    const held = await claimDueJobs(
      service.db,
      { workerId: 'metrics-test', now, seconds: 300 },
      ['maintenance.rate_counters'],
      1,
    );
    expect(held).toHaveLength(1);
    const holding = await scrape();
    expect(sampleValue(holding, 'funder_api_jobs_running', { kind: 'maintenance.rate_counters' })).toBe(1);
    expect(sampleValue(holding, 'funder_api_jobs_queued', { kind: 'maintenance.rate_counters' })).toBe(0);

    await drainJobs(service);
    const built = await scrape();
    expect(sampleValue(built, 'funder_api_jobs_queued', { kind: 'export.build' })).toBe(0);
    expect(sampleValue(built, 'funder_api_jobs_oldest_queued_seconds', { kind: 'export.build' })).toBe(0);
    // Its files' deletion waits 24 hours: scheduled, not queued.
    expect(sampleValue(built, 'funder_api_jobs_queued', { kind: 'export.delete_files' })).toBe(0);
    const builds = 'funder_api_export_build_duration_seconds';
    expect(moved(before, built, `${builds}_count`, { outcome: 'ready' })).toBe(1);
    expect(moved(before, built, `${builds}_count`, { outcome: 'failed' })).toBe(0);
    expect(moved(before, built, `${builds}_bucket`, { outcome: 'ready', le: '+Inf' })).toBe(1);
  });

  it('counts the evidence chain’s ended days not sealed yet, until the upkeep seals them', async () => {
    // Writes of today (funders made above) are in the chain; today is never counted.
    expect(sampleValue(await scrape(), 'funder_api_evidence_unsealed_days')).toBe(0);
    await service.given.funderAccount();
    await service.advanceClock(24 * 3600);
    expect(sampleValue(await scrape(), 'funder_api_evidence_unsealed_days')).toBe(1);
    await service.given.funderAccount();
    await service.advanceClock(24 * 3600);
    expect(sampleValue(await scrape(), 'funder_api_evidence_unsealed_days')).toBe(2);
    // The upkeep job seals every ended day.
    await service.runtime.scheduleMaintenance();
    await drainJobs(service);
    expect(sampleValue(await scrape(), 'funder_api_evidence_unsealed_days')).toBe(0);
  });

  it('answers 200 with what it can while the scrape’s statement does not answer, and recovers', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    expect(await call(key, 'GET', '/v1/me')).toBe(200);
    // A transaction holding the job table: on PostgreSQL the scrape's statement waits for it
    // (and is stopped at the bound); the embedded database runs one transaction at a time.
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = service.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE');
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isLocked;
    let during: Sample[];
    try {
      during = await scrape();
    } finally {
      release();
      await holding;
    }
    expect(sampleValue(during, 'funder_api_metrics_source_up', { source: 'jobs' })).toBe(0);
    // Left out, never a stale or made-up value.
    expect(during.some((s) => s.name === 'funder_api_jobs_queued')).toBe(false);
    // What needs no statement is still there.
    expect(
      sampleValue(during, 'funder_api_http_requests_total', {
        route: '/v1/me',
        method: 'GET',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    // One statement reads every source: all of them are left out together.
    for (const source of ['webhooks', 'evidence'])
      expect(sampleValue(during, 'funder_api_metrics_source_up', { source })).toBe(0);
    expect(during.some((s) => s.name === 'funder_api_webhook_oldest_due_seconds')).toBe(false);
    expect(during.some((s) => s.name === 'funder_api_evidence_unsealed_days')).toBe(false);
    // The held transaction keeps a connection of the pool.
    if (onPostgres()) expect(sampleValue(during, 'funder_api_db_pool_in_use')).toBeGreaterThanOrEqual(1);

    const after = await scrape();
    for (const source of ['jobs', 'webhooks', 'evidence'])
      expect(sampleValue(after, 'funder_api_metrics_source_up', { source })).toBe(1);
    expect(sampleValue(after, 'funder_api_jobs_queued', { kind: 'export.build' })).toBe(0);
  });

  it('keeps one registry per service: another service in the same process counts only its own calls', async () => {
    const other = await startService({ database: service.database, config: { dataDir } });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const route = { route: '/v1/health', method: 'GET', status: '200' };
      const before = await scrape(otherBase);
      expect(await call(null, 'GET', '/v1/health')).toBe(200);
      const mine = await scrape();
      const theirs = await scrape(otherBase);
      expect(sampleValue(mine, 'funder_api_http_requests_total', route)).toBeGreaterThanOrEqual(1);
      expect(moved(before, theirs, 'funder_api_http_requests_total', route)).toBe(0);
    } finally {
      // Its listener only: closing its runtime would close the database both services share.
      await other.app.close();
    }
  });
});
