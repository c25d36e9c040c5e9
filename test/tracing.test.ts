import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { SamplingDecision, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createLogger } from '../src/runtime.ts';
import {
  cleanUpProcesses,
  freePort,
  funderKeyOver,
  httpCaller,
  migratedDataDir,
  NO_DEMO,
  PROCESS_MINUTES,
  SUITE_TIMEOUT,
  startServer,
  stop,
} from './support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './support/otlp-receiver.ts';
import { startService, type TestService } from './support/service.ts';
import { untilWithin } from './support/webhook-receiver.ts';

/**
 * Tracing (docs/decisions/operations.md, "Tracing"): a call's W3C trace context is continued or
 * started, named in every log line of the call and in its answer, stored with the outbox events
 * it writes and continued by their webhook deliveries; with an OTLP endpoint, the server span,
 * its statements' spans and the deliveries' spans reach the collector.
 */

type Line = Record<string, unknown>;
const TRACE_ID = /^[0-9a-f]{32}$/;
const until = untilWithin(PROCESS_MINUTES * 60_000);

function memoryLogger() {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'info' }, sink), lines };
}

/** A caller's trace: a trace id and a span id of its own, sampled. */
function callerTrace() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-01` };
}

function parsed(traceparent: unknown) {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(String(traceparent));
  expect(match, `traceparent ${String(traceparent)}`).not.toBeNull();
  return { traceId: match![1]!, spanId: match![2]!, flags: match![3]! };
}

/** A webhook receiver keeping the headers of what it is sent. */
async function startHookReceiver() {
  const hits: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ path: req.url ?? '/', headers: req.headers });
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('the tracing settings', () => {
  it('export over OTLP/HTTP only when an endpoint is set, to <endpoint>/v1/traces or the traces endpoint as given', () => {
    expect(loadConfig({})).toMatchObject({ otlpTracesUrl: null, otelServiceName: 'funder-api' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).otlpTracesUrl).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp/spans',
        OTEL_SERVICE_NAME: 'funder-api-eu',
      }),
    ).toMatchObject({ otlpTracesUrl: 'https://traces.example/otlp/spans', otelServiceName: 'funder-api-eu' });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })
        .otlpTracesUrl,
    ).toBeNull();
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      }).otlpTracesUrl,
    ).toBe('http://c:4318/v1/traces');
  });

  it("read the sampler and its ratio, and follow a caller's sampled flag only when OTEL_TRUST_INCOMING_TRACE=true", () => {
    expect(loadConfig({})).toMatchObject({
      otelTracesSampler: { name: 'parentbased_always_on', ratio: 1 },
      otelTrustIncomingTrace: false,
    });
    expect(
      loadConfig({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
        OTEL_TRUST_INCOMING_TRACE: 'true',
      }),
    ).toMatchObject({
      otelTracesSampler: { name: 'parentbased_traceidratio', ratio: 0.1 },
      otelTrustIncomingTrace: true,
    });
    expect(loadConfig({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' })).toMatchObject({
      otelTracesSampler: { name: 'traceidratio', ratio: 0 },
    });
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(
      /OTEL_TRACES_SAMPLER must be one of/,
    );
    for (const arg of ['1.5', '-0.1', 'half'])
      expect(() =>
        loadConfig({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: arg }),
      ).toThrow(/OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1/);
    expect(() => loadConfig({ OTEL_TRUST_INCOMING_TRACE: 'maybe' })).toThrow(ConfigError);
  });

  it('read the batch from OTEL_BSP_*, which the SDK no longer reads, with the standard defaults', () => {
    expect(loadConfig({}).otelBatch).toEqual({
      scheduledDelayMillis: 5_000,
      exportTimeoutMillis: 30_000,
      maxQueueSize: 2_048,
      maxExportBatchSize: 512,
    });
    expect(
      loadConfig({
        OTEL_BSP_SCHEDULE_DELAY: '250',
        OTEL_BSP_EXPORT_TIMEOUT: '1000',
        OTEL_BSP_MAX_QUEUE_SIZE: '100',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '10',
      }).otelBatch,
    ).toEqual({
      scheduledDelayMillis: 250,
      exportTimeoutMillis: 1_000,
      maxQueueSize: 100,
      maxExportBatchSize: 10,
    });
    expect(() => loadConfig({ OTEL_BSP_MAX_QUEUE_SIZE: '10', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '20' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ OTEL_BSP_SCHEDULE_DELAY: 'soon' })).toThrow(ConfigError);
  });

  it('refuse an endpoint that is not an http(s) URL, and gRPC', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(ConfigError);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://collector/v1/traces' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http/,
    );
    expect(() =>
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/OTLP\/HTTP only/);
  });
});

describe('the trace of a call, with no exporter', () => {
  let service: TestService;
  let lines: Line[];
  beforeAll(async () => {
    const memory = memoryLogger();
    lines = memory.lines;
    service = await startService({ logger: memory.logger });
  });
  afterAll(async () => service?.close());

  it('continues a traceparent: the same trace id in the answer and in every line of the call, a span id of its own', async () => {
    const { key } = await service.given.funderWithKey();
    const sent = callerTrace();
    const answer = await service.call(key, 'GET', '/v1/me', { headers: { traceparent: sent.header } });
    expect(answer.status).toBe(200);
    const back = parsed(answer.headers.traceparent);
    expect(back.traceId).toBe(sent.traceId);
    expect(back.spanId).not.toBe(sent.spanId);
    // Nothing recorded here: the caller's sampling decision is handed on as it came.
    expect(back.flags).toBe('01');
    const logged = lines.filter((line) => line.request_id === answer.headers['request-id']);
    expect(logged).toEqual([expect.objectContaining({ msg: 'call', trace_id: sent.traceId })]);
  });

  it('starts a trace when there is none, or when the traceparent is malformed, and answers as usual', async () => {
    const { key } = await service.given.funderWithKey();
    const other = callerTrace();
    const malformed = [
      'garbage',
      other.header.toUpperCase(),
      `00-${'0'.repeat(32)}-${other.spanId}-01`,
      `00-${other.traceId}-${'0'.repeat(16)}-01`,
      `ff-${other.traceId}-${other.spanId}-01`,
      `${other.header}-extra`,
      `00-${other.traceId.slice(1)}-${other.spanId}-01`,
    ];
    const seen = new Set<string>();
    for (const traceparent of [null, ...malformed]) {
      const answer = await service.call(
        key,
        'GET',
        '/v1/me',
        traceparent ? { headers: { traceparent } } : {},
      );
      expect(answer.status, String(traceparent)).toBe(200);
      const back = parsed(answer.headers.traceparent);
      expect(back.traceId).toMatch(TRACE_ID);
      expect(back.traceId).not.toBe(other.traceId);
      expect(back.flags).toBe('00');
      seen.add(back.traceId);
      const logged = lines.filter((line) => line.request_id === answer.headers['request-id']);
      expect(logged).toEqual([expect.objectContaining({ trace_id: back.traceId })]);
    }
    expect(seen.size).toBe(malformed.length + 1);
  });

  it('names the trace on refused calls, unknown paths and paths that cannot be read', async () => {
    const sent = callerTrace();
    const headers = { traceparent: sent.header };
    for (const path of ['/v1/me', '/v1/nothing-here', '/v1/requests/%zz']) {
      const answer = await service.call(null, 'GET', path, { headers });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(parsed(answer.headers.traceparent).traceId, path).toBe(sent.traceId);
    }
  });
});

/**
 * On the database of the run (embedded or PostgreSQL), in this process: spans exported to a
 * receiver of the test's own, and the outbox carrying the trace into a delivery.
 */
describe('spans exported, and the trace carried through the outbox', () => {
  let database: TestDatabase;
  let service: TestService;
  let otlp: OtlpReceiver;
  let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
  let lines: Line[];
  let closed = false;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    hooks = await startHookReceiver();
    database = await freshDatabase();
    const memory = memoryLogger();
    lines = memory.lines;
    service = await startService({
      database,
      logger: memory.logger,
      config: {
        webhookAllowLoopback: true,
        databaseUrl: database.url,
        otlpTracesUrl: `${otlp.endpoint}/v1/traces`,
        otelServiceName: 'funder-api-under-test',
      },
    });
  });
  afterAll(async () => {
    if (!closed) await service?.close();
    await database?.drop();
    await otlp?.close();
    await hooks?.close();
  });

  it('stores the trace with the events a call writes; the delivery continues it, logs it and sends it; the spans reach the collector when the service stops', async () => {
    const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
    const made = await service.call<{ webhook: { id: string } }>(key, 'POST', '/v1/webhooks', {
      body: { url: `${hooks.base}/traced` },
    });
    expect(made.status).toBe(201);
    const webhookId = made.body.webhook.id;
    const sent = callerTrace();
    const gatewayId = '7c6b5a49-3827-4160-9f5e-4d3c2b1a0f9e';
    const test = await service.call(key, 'POST', `/v1/webhooks/${webhookId}/test`, {
      // A body, read after the hooks ran: the handler still runs inside the call's trace.
      body: {},
      headers: { traceparent: sent.header, 'x-request-id': gatewayId },
    });
    expect(test.status).toBe(202);
    const server = parsed(test.headers.traceparent);
    expect(server.traceId).toBe(sent.traceId);

    // The event row names the call's trace and its server span.
    const { rows } = await service.db.query<{ traceparent: string | null }>(
      `SELECT traceparent FROM outbox_events WHERE funder_id = $1 AND type = 'webhook.test'`,
      [bankId],
    );
    expect(rows).toEqual([{ traceparent: `00-${sent.traceId}-${server.spanId}-01` }]);

    // The delivery: its log line names the trace; the receiver is sent a traceparent continuing it.
    const dispatcher = service.runtime.createDispatcher({ logger: service.runtime.logger });
    expect(await dispatcher.drain()).toBe(1);
    await dispatcher.stop();
    expect(hooks.hits).toHaveLength(1);
    const delivered = parsed(hooks.hits[0]!.headers.traceparent);
    expect(delivered.traceId).toBe(sent.traceId);
    expect(delivered.spanId).not.toBe(server.spanId);
    const attempt = lines.filter((line) => line.msg === 'webhook delivery attempt');
    expect(attempt).toEqual([
      expect.objectContaining({
        trace_id: sent.traceId,
        delivery_id: hooks.hits[0]!.headers['service-delivery-id'],
        event_id: hooks.hits[0]!.headers['service-event-id'],
        outcome: 'delivered',
        response_code: 200,
      }),
    ]);
    expect(JSON.stringify(attempt)).not.toContain('/traced');

    // The default sampler records every call: a caller's unsampled flag does not keep it out.
    const unsampled = callerTrace();
    const quiet = await service.call(key, 'GET', '/v1/me', {
      headers: { traceparent: unsampled.header.replace(/-01$/, '-00') },
    });
    expect(parsed(quiet.headers.traceparent)).toMatchObject({ traceId: unsampled.traceId, flags: '01' });

    // Stopping the service sends the spans still batched.
    closed = true;
    await service.close();
    expect(otlp.spans.filter((span) => span.traceId === unsampled.traceId && span.kind === 2)).toEqual([
      expect.objectContaining({ name: 'GET /v1/me', parentSpanId: unsampled.spanId }),
    ]);
    const ofTrace = otlp.spans.filter((span) => span.traceId === sent.traceId);
    const serverSpan = ofTrace.find((span) => span.spanId === server.spanId);
    expect(serverSpan).toMatchObject({
      name: 'POST /v1/webhooks/:id/test',
      kind: 2,
      parentSpanId: sent.spanId,
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/v1/webhooks/:id/test',
        'http.response.status_code': 202,
        'funder_api.request_id': test.headers['request-id'],
        'funder_api.client_request_id': gatewayId,
        'funder_api.funder_id': bankId,
      },
      resource: { 'service.name': 'funder-api-under-test' },
    });
    const statements = ofTrace.filter(
      (span) => span.parentSpanId === server.spanId && span.name !== 'webhook delivery',
    );
    expect(statements.length).toBeGreaterThan(1);
    for (const span of statements) {
      expect(span).toMatchObject({ kind: 3, attributes: { 'db.system.name': 'postgresql' } });
    }
    expect(statements.map((span) => span.name)).toContain('INSERT outbox_events');
    const deliverySpan = ofTrace.find((span) => span.spanId === delivered.spanId);
    expect(deliverySpan).toMatchObject({ name: 'webhook delivery', kind: 3, parentSpanId: server.spanId });
    // Names and words of statements, never their values: neither the key nor the webhook's id.
    const exported = JSON.stringify(otlp.spans);
    expect(exported).not.toContain(key);
    expect(exported).not.toContain(hooks.base);
    expect(otlp.refused).toEqual([]);
  });
});

/**
 * Who decides what is exported: with a ratio of 0, a caller's sampled `traceparent` exports
 * nothing unless OTEL_TRUST_INCOMING_TRACE says to follow it; the same call to a service that
 * trusts it shows the receiver would have been sent the spans, under the caller's trace id.
 */
describe("the sampling decision, the service's own unless incoming traces are trusted", () => {
  const sampler = { name: 'parentbased_traceidratio', ratio: 0 } as const;
  const started: { service: TestService; otlp: OtlpReceiver }[] = [];
  afterAll(async () => {
    for (const { service, otlp } of started) {
      await service.close().catch(() => undefined);
      await otlp.close();
    }
  });

  async function serviceExporting(trust: boolean) {
    const otlp = await startOtlpReceiver();
    const service = await startService({
      config: {
        otlpTracesUrl: `${otlp.endpoint}/v1/traces`,
        otelTracesSampler: sampler,
        otelTrustIncomingTrace: trust,
      },
    });
    started.push({ service, otlp });
    return { service, otlp };
  }

  it('exports nothing at a ratio of 0 when a caller sends a sampled traceparent, yet continues its trace id', async () => {
    const { service, otlp } = await serviceExporting(false);
    const { key } = await service.given.funderWithKey();
    const sent = callerTrace();
    const answer = await service.call(key, 'GET', '/v1/me', { headers: { traceparent: sent.header } });
    expect(answer.status).toBe(200);
    const back = parsed(answer.headers.traceparent);
    expect(back.traceId).toBe(sent.traceId);
    expect(back.spanId).not.toBe(sent.spanId);
    // Our decision, not the caller's: not sampled.
    expect(back.flags).toBe('00');
    const fresh = await service.call(key, 'GET', '/v1/me');
    expect(parsed(fresh.headers.traceparent).flags).toBe('00');
    // A stop sends whatever is batched: nothing was.
    await service.close();
    expect(otlp.spans).toEqual([]);
    expect(otlp.refused).toEqual([]);
  });

  it('sends its spans in batches no larger than OTEL_BSP_MAX_EXPORT_BATCH_SIZE says', async () => {
    const otlp = await startOtlpReceiver();
    const service = await startService({
      config: {
        otlpTracesUrl: `${otlp.endpoint}/v1/traces`,
        otelBatch: {
          scheduledDelayMillis: 5_000,
          exportTimeoutMillis: 30_000,
          maxQueueSize: 2_048,
          maxExportBatchSize: 1,
        },
      },
    });
    started.push({ service, otlp });
    const { key } = await service.given.funderWithKey();
    for (let call = 0; call < 3; call += 1)
      expect((await service.call(key, 'GET', '/v1/me')).status).toBe(200);
    await service.close();
    // Each call has its server span and its statements' spans: more than one export, one span each.
    expect(otlp.spans.length).toBeGreaterThanOrEqual(3);
    expect(otlp.exports).toEqual(otlp.spans.map(() => 1));
  });

  it("decides on a caller's trace by a draw of its own, not by the trace id the caller chose", async () => {
    // A trace id the SDK's ratio sampler keeps at any ratio above 0 (its bits fold to 1).
    const chosen = `${'0'.repeat(31)}1`;
    const tiny = 1e-9;
    const byTraceId = new TraceIdRatioBasedSampler(tiny).shouldSample(ROOT_CONTEXT, chosen);
    expect(byTraceId.decision).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    const otlp = await startOtlpReceiver();
    const service = await startService({
      config: {
        otlpTracesUrl: `${otlp.endpoint}/v1/traces`,
        otelTracesSampler: { name: 'parentbased_traceidratio', ratio: tiny },
      },
    });
    started.push({ service, otlp });
    const { key } = await service.given.funderWithKey();
    for (const flags of ['01', '00']) {
      const answer = await service.call(key, 'GET', '/v1/me', {
        headers: { traceparent: `00-${chosen}-${randomBytes(8).toString('hex')}-${flags}` },
      });
      expect(parsed(answer.headers.traceparent)).toMatchObject({ traceId: chosen, flags: '00' });
    }
    await service.close();
    expect(otlp.spans).toEqual([]);
  });

  it("exports the same call, under the caller's trace id, when OTEL_TRUST_INCOMING_TRACE=true", async () => {
    const { service, otlp } = await serviceExporting(true);
    const { key } = await service.given.funderWithKey();
    const sent = callerTrace();
    const answer = await service.call(key, 'GET', '/v1/me', { headers: { traceparent: sent.header } });
    expect(answer.status).toBe(200);
    const back = parsed(answer.headers.traceparent);
    expect(back).toMatchObject({ traceId: sent.traceId, flags: '01' });
    // A call naming no trace is still ours to decide: a ratio of 0 keeps none.
    const fresh = await service.call(key, 'GET', '/v1/me');
    const freshTrace = parsed(fresh.headers.traceparent);
    expect(freshTrace.flags).toBe('00');
    await service.close();
    expect(otlp.spans.find((span) => span.spanId === back.spanId)).toMatchObject({
      traceId: sent.traceId,
      parentSpanId: sent.spanId,
      kind: 2,
      name: 'GET /v1/me',
    });
    expect(otlp.spans.filter((span) => span.traceId !== sent.traceId)).toEqual([]);
  });
});

/**
 * The service as an operator runs it: `serve` with OTEL_EXPORTER_OTLP_ENDPOINT, on the embedded
 * database. The PostgreSQL run would repeat it unchanged (the spans of statements on PostgreSQL
 * are shown in this process above), so it runs on the embedded run only.
 */
describe.skipIf(onPostgres())('a server process exporting its spans', { timeout: SUITE_TIMEOUT }, () => {
  let otlp: OtlpReceiver;
  let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    hooks = await startHookReceiver();
  });
  afterAll(async () => {
    await cleanUpProcesses();
    await otlp?.close();
    await hooks?.close();
  });

  it('answers and logs the trace id of a traceparent, exports the server span and its statements, and names the trace in the delivery it caused', async () => {
    const port = await freePort();
    const opsToken = `ops_${randomBytes(24).toString('hex')}`;
    const server = await startServer(await migratedDataDir(), port, 'background jobs', {
      NODE_ENV: 'test',
      ...NO_DEMO,
      OPS_TOKEN: opsToken,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    });
    const call = httpCaller(port);
    // A funder's key, issued over the operations API before the traced call.
    const { key: funderKey } = await funderKeyOver(call, opsToken, { scopes: ['webhooks:write'] });
    const made = await call<{ webhook: { id: string } }>(funderKey, 'POST', '/v1/webhooks', {
      url: `${hooks.base}/from-process`,
    });
    expect(made.status).toBe(201);

    const sent = callerTrace();
    const answer = await fetch(`http://127.0.0.1:${port}/v1/webhooks/${made.body.webhook.id}/test`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${funderKey}`,
        traceparent: sent.header,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(answer.status).toBe(202);
    const back = parsed(answer.headers.get('traceparent'));
    expect(back.traceId).toBe(sent.traceId);
    const requestId = answer.headers.get('request-id');

    const logLines = () =>
      server
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Line);
    await until(
      () =>
        logLines().some((line) => line.msg === 'webhook delivery attempt' && line.trace_id === sent.traceId),
      'the delivery, logged with the trace id of the call that caused it',
    );
    expect(logLines().filter((line) => line.request_id === requestId)).toEqual([
      expect.objectContaining({ msg: 'call', trace_id: sent.traceId, status: 202 }),
    ]);
    expect(parsed(hooks.hits.find((hit) => hit.path === '/from-process')?.headers.traceparent).traceId).toBe(
      sent.traceId,
    );

    // A stop flushes what is batched.
    expect(await stop(server)).toBe(0);
    const ofTrace = otlp.spans.filter((span) => span.traceId === sent.traceId);
    const serverSpan = ofTrace.find((span) => span.spanId === back.spanId);
    expect(serverSpan).toMatchObject({
      kind: 2,
      name: 'POST /v1/webhooks/:id/test',
      parentSpanId: sent.spanId,
      attributes: { 'http.route': '/v1/webhooks/:id/test', 'http.response.status_code': 202 },
      resource: { 'service.name': 'funder-api' },
    });
    const statements = ofTrace.filter(
      (span: ReceivedSpan) => span.parentSpanId === back.spanId && span.name !== 'webhook delivery',
    );
    expect(statements.length).toBeGreaterThan(1);
    expect(statements.every((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    expect(JSON.stringify(otlp.spans)).not.toContain(funderKey);
  });
});
