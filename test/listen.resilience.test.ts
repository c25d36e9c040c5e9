import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_TIMEOUT } from './support/cli.ts';
import { killListeners, startListen, startReceiver, stateFile, until } from './support/listen.ts';

/**
 * `funder-api listen` left running: against a stand-in for the API that answers as the test
 * tells it (a 429 with `Retry-After`, a 503, no answer at all while it is down, a 401), the
 * command waits and tries again, forwards every event once, never a `webhook.test`, and resumes
 * after a restart from the place its state file kept. The events carry their own `cursor`, as
 * the log gives them; the real service's log is followed in test/listen.test.ts.
 */

const KEY = `svc_fk_${'ab'.repeat(32)}`;

interface LogEvent {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  data: Record<string, unknown>;
  cursor: string;
}

/** The stand-in's log, what it will answer next instead of a page, and the calls it got. */
const log: LogEvent[] = [];
const refusals: ((response: ServerResponse) => unknown)[] = [];
const calls: { after: string | null; authorization: string | undefined }[] = [];
let api: Server;
let port: number;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

function answer(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://x');
  const after = url.searchParams.get('after');
  calls.push({ after, authorization: request.headers.authorization });
  const next = refusals.shift();
  if (next) {
    next(response);
    return;
  }
  const json = (status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const from = after === null ? 0 : log.findIndex((event) => event.cursor === after) + 1;
  if (url.pathname !== '/v1/events') json(404, { error: { code: 'not_found', message: 'no' } });
  else if (after !== null && from === 0)
    json(400, { error: { code: 'cursor_invalid', message: 'unknown cursor' } });
  else page(from, after, json);
}

function page(from: number, after: string | null, json: (status: number, body: unknown) => void): void {
  const events = log.slice(from);
  json(200, {
    count: events.length,
    events,
    has_more: false,
    next_cursor: null,
    poll_cursor: events.at(-1)?.cursor ?? after,
  });
}

async function startApi(): Promise<void> {
  api = createServer(answer);
  await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
  port = (api.address() as AddressInfo).port;
}
async function stopApi(): Promise<void> {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
}

let made = 0;
function event(type: string, data: Record<string, unknown> = {}): LogEvent {
  made += 1;
  const entry = {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    type,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, made)).toISOString(),
    api_version: 'v1',
    data,
    cursor: `opaque-${made}-${'x'.repeat(made % 3)}`,
  };
  log.push(entry);
  return entry;
}

const forwardedIds = () => receiver.received.map((hit) => JSON.parse(hit.body).id as string);
const keptCursor = async (path: string) => JSON.parse(await readFile(path, 'utf8')).cursor as string | null;

beforeAll(async () => {
  port = 0;
  await startApi();
  receiver = await startReceiver();
}, SUITE_TIMEOUT);

afterAll(async () => {
  killListeners();
  await stopApi().catch(() => {});
  await receiver?.close();
});

describe('funder-api listen, left running', { timeout: SUITE_TIMEOUT }, () => {
  it('waits out a 429 (as long as Retry-After says), a 503 and the API going away, forwards each event once, skips webhook.test, and resumes after a restart', async () => {
    const state = await stateFile();
    const args = ['--api-url', `http://127.0.0.1:${port}`, '--forward-to', receiver.url];
    const more = ['--interval', '0.2', '--state', state, '--json'];
    const first = await startListen([...args, ...more], { FUNDER_API_KEY: KEY });
    expect(first.start).toMatchObject({ ready: true, state, resumed: false });
    // The log was empty at the start: the place kept is its beginning.
    expect(await keptCursor(state)).toBeNull();

    // A 429 with Retry-After, then a 503, then the page.
    refusals.push(
      (response) => response.writeHead(429, { 'retry-after': '1' }).end('{}'),
      (response) => response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>'),
    );
    const one = event('request.funded', { request_id: 'r1' });
    await until(async () => forwardedIds().includes(one.id), 'the first event forwarded');
    expect(first.stderr()).toMatch(/GET \/v1\/events answered 429; trying again in 1\.0 s \(retry 1\)/);
    expect(first.stderr()).toMatch(/GET \/v1\/events answered 503; trying again in \d+\.\d s \(retry 2\)/);
    await until(async () => (await keptCursor(state)) === one.cursor, 'the place kept after it');

    // The API goes away: no answer, tried again until it is back.
    await stopApi();
    await until(
      async () => /GET \/v1\/events no answer \(.*\); trying again in/.test(first.stderr()),
      'a retry after no answer',
    );
    const test = event('webhook.test', { webhook_id: 'for-a-registered-endpoint' });
    const two = event('claim.opened', { claim_id: 'c1' });
    await startApi();
    await until(async () => forwardedIds().includes(two.id), 'the event made while it was away');
    expect(first.child.exitCode).toBeNull();
    // The test event was for one endpoint: not forwarded, but passed over in the kept place.
    expect(forwardedIds()).not.toContain(test.id);
    await until(async () => (await keptCursor(state)) === two.cursor, 'the place after the second');

    // Stopped, an event comes meanwhile; the next start resumes after the last one handled.
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const three = event('request.funded', { request_id: 'r3' });
    calls.length = 0;
    const second = await startListen([...args, ...more], { FUNDER_API_KEY: KEY });
    expect(second.start).toMatchObject({ ready: true, state, resumed: true });
    await until(async () => forwardedIds().includes(three.id), 'the event made while it was stopped');
    expect(calls[0]!.after).toBe(two.cursor);
    // Each event once, in the log's order, the test event never.
    expect(forwardedIds()).toEqual([one.id, two.id, three.id]);

    // The key came from FUNDER_API_KEY on every call, and is in nothing it wrote.
    expect(new Set(calls.map((call) => call.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    expect(first.stderr() + second.stderr()).not.toContain(KEY);
    expect(JSON.stringify(first.lines()) + JSON.stringify(second.lines())).not.toContain(KEY);
    expect(await readFile(state, 'utf8')).not.toContain(KEY);

    // A key the API refuses ends it: exit code 1, with the API's code.
    refusals.push((response) =>
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'unauthorized', message: 'The API key is not valid.' } })),
    );
    expect(await second.exited).toBe(1);
    // The failure, as every command prints it with --json: a JSON document after the forwards.
    const out = second.stdout().split('\n');
    const failure = JSON.parse(out.slice(out.indexOf('{')).join('\n'));
    expect(failure.error.code).toBe('unauthorized');
  });
});
