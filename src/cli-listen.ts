import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Command, Option } from 'commander';
import {
  DELIVERY_USER_AGENT,
  deliveryHeaders,
  isUsableSecret,
  MIN_SECRET_KEY_BYTES,
  newSigningSecret,
  SECRET_PREFIX,
} from './areas/webhooks/webhooks.module.ts';
import { ApiRefusal, type ListenApi, listenApi, Stopped } from './cli-listen-api.ts';
import { DEFAULT_STATE_FILE, readState, sessionFingerprint, writeState } from './cli-listen-state.ts';
import { CliError, EXIT_USAGE, printResult } from './cli-output.ts';

/** One event as `GET /v1/events` lists it: the very body a delivery of it carries. */
interface EventItem {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  data: Record<string, unknown>;
  /** Where to resume after this event, when the log gives one per event (opaque). */
  cursor?: string;
  /** The trace context of the call that caused the event, which a forward continues as a delivery does. */
  traceparent?: string | null;
}

interface EventPage {
  events: EventItem[];
  next_cursor: string | null;
  poll_cursor: string | null;
  has_more?: boolean;
}

interface ListenOptions {
  apiKey?: string;
  apiUrl: string;
  forwardTo: string;
  events?: string[];
  secret?: string;
  interval: string;
  state: string;
  json?: boolean;
}

/** What one forward did, as `--json` prints it (one JSON document per line). */
interface Forwarded {
  forwarded: true;
  event_id: string;
  type: string;
  created_at: string;
  delivery_id: string;
  status: number | null;
  error: string | null;
}

/** A forward with no answer within this time is reported as failed, and the next one goes. */
const FORWARD_TIMEOUT_MS = 10_000;
/** Events asked for per page of the log. */
const PAGE_LIMIT = '200';

/**
 * An event `listen` never forwards: a `webhook.test` is asked for one registered endpoint
 * (its `data.webhook_id`) and is delivered to that endpoint alone.
 */
const forEndpointOnly = (event: EventItem) => event.type === 'webhook.test';

/** One line of the command's output: with `--json`, one JSON document per line. */
const line = (json: boolean, value: Record<string, unknown>, human: string) =>
  printResult(json, value, () => human, true);

function eventsPage(api: ListenApi, after: string | null): Promise<EventPage> {
  return api.get<EventPage>('/v1/events', after ? { limit: PAGE_LIMIT, after } : { limit: PAGE_LIMIT });
}

/**
 * `--events` names types the API emits: checked against the event types it lists
 * (`GET /v1/webhooks`), which are those of the version it runs, whatever this command's.
 */
async function checkEventTypes(api: ListenApi, options: ListenOptions): Promise<void> {
  if (!options.events?.length) return;
  const { event_types } = await api.get<{ event_types: { type: string }[] }>('/v1/webhooks');
  const known = new Set(event_types.map((entry) => entry.type));
  const unknown = options.events.filter((type) => !known.has(type));
  if (unknown.length > 0)
    throw new CliError(
      'event_type_unknown',
      `--events: not event types: ${unknown.join(', ')}.`,
      { events: unknown },
      EXIT_USAGE,
    );
}

/** Where the log ends now: a first start forwards only what comes after it. */
async function endOfLog(api: ListenApi): Promise<string | null> {
  let cursor: string | null = null;
  for (;;) {
    const page = await eventsPage(api, cursor);
    cursor = page.poll_cursor ?? cursor;
    if (!hasMore(page)) return cursor;
  }
}

const hasMore = (page: EventPage) => page.has_more ?? page.next_cursor !== null;

/**
 * The W3C `traceparent` of a forward: as a delivery's, a new span in the trace of the call that
 * caused the event (the log's `traceparent`), else of a new trace (random ids, sampled).
 */
function forwardTraceparent(caused: string | null | undefined): string {
  const id = (bytes: number) => {
    for (;;) {
      const hex = randomBytes(bytes).toString('hex');
      if (/[^0]/.test(hex)) return hex;
    }
  };
  const parent = /^00-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2})$/.exec(caused ?? '');
  return parent ? `00-${parent[1]}-${id(8)}-${parent[2]}` : `00-${id(16)}-${id(8)}-01`;
}

/** Posts one event to the local URL, signed with the local secret and headed as a real delivery is. */
async function forward(options: ListenOptions, secret: string, event: EventItem): Promise<Forwarded> {
  // The same members in the same order as a delivery's body.
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    api_version: event.api_version,
    data: event.data,
  });
  const deliveryId = randomUUID();
  const headers = {
    'content-type': 'application/json',
    'user-agent': DELIVERY_USER_AGENT,
    ...deliveryHeaders({ body, at: new Date(), secrets: [secret], eventId: event.id, deliveryId }),
    traceparent: forwardTraceparent(event.traceparent),
  };
  const outcome = { status: null as number | null, error: null as string | null };
  try {
    const answer = await fetch(options.forwardTo, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await answer.arrayBuffer();
    outcome.status = answer.status;
  } catch (err) {
    outcome.error = (err as Error).message;
  }
  return {
    forwarded: true,
    event_id: event.id,
    type: event.type,
    created_at: event.created_at,
    delivery_id: deliveryId,
    ...outcome,
  };
}

/** What `--secret` must be, as the help and the refusal say it. */
const SECRET_FORM = `${SECRET_PREFIX} then base64 (either alphabet) of at least ${MIN_SECRET_KEY_BYTES} bytes`;

function checkOptions(options: ListenOptions): void {
  if (!options.apiKey)
    throw new CliError('api_key_required', 'Set FUNDER_API_KEY to your API key.', {}, EXIT_USAGE);
  for (const [option, value] of [
    ['--forward-to', options.forwardTo],
    ['--api-url', options.apiUrl],
  ] as const) {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {}
    if (!url || !/^https?:$/.test(url.protocol))
      throw new CliError('url_invalid', `${option}: an http or https URL.`, { option }, EXIT_USAGE);
  }
  if (options.secret !== undefined && !isUsableSecret(options.secret))
    throw new CliError('secret_invalid', `--secret: ${SECRET_FORM}.`, {}, EXIT_USAGE);
  const interval = Number(options.interval);
  if (!Number.isFinite(interval) || interval < 0.2 || interval > 60)
    throw new CliError('interval_invalid', '--interval: seconds, 0.2 to 60.', {}, EXIT_USAGE);
}

/**
 * Follows the funder's event log and forwards each new event to a local URL, signed with a
 * local secret, so that a receiver on a laptop gets deliveries no public endpoint could reach.
 * A restart resumes after the last event handled, as the state file keeps it; a failing API is
 * waited out; a bad key ends it.
 */
async function listen(options: ListenOptions): Promise<void> {
  checkOptions(options);
  const json = options.json === true;
  // Stopping is set up before anything is called: a Ctrl+C (or a SIGINT from a script that
  // waited for the start line) ends the session cleanly, with exit code 0, once the page being
  // forwarded is done and its place kept.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const api = listenApi({
    apiUrl: options.apiUrl,
    apiKey: options.apiKey!,
    signal: stop.signal,
    log: (text) => process.stderr.write(`funder-api listen: ${text}\n`),
  });
  const state = resolve(options.state);
  const session = {
    apiUrl: options.apiUrl,
    fingerprint: sessionFingerprint(options.apiUrl, options.apiKey!),
  };
  try {
    await checkEventTypes(api, options);
    const kept = await readState(state, session.fingerprint);
    // A first start forwards only what comes from now on; a restart, everything after its place.
    const cursor = kept ? kept.cursor : await endOfLog(api);
    await writeState(state, session, cursor);
    await follow({ api, options, json, state, session, stop: stop.signal }, cursor, kept !== null);
  } catch (err) {
    if (err instanceof Stopped) return;
    if (err instanceof ApiRefusal && err.status === 400)
      throw new CliError(
        err.code,
        `${err.message} (the place kept in ${state} may be from another version of the API: remove the file to start from now)`,
        err.extra,
      );
    throw err;
  }
}

async function follow(
  run: {
    api: ListenApi;
    options: ListenOptions;
    json: boolean;
    state: string;
    session: { apiUrl: string; fingerprint: string };
    stop: AbortSignal;
  },
  from: string | null,
  resumed: boolean,
): Promise<void> {
  const { api, options, json, state, session, stop } = run;
  const secret = options.secret ?? newSigningSecret();
  const wanted = new Set(options.events ?? []);
  let cursor = from;
  const keep = async (next: string | null | undefined) => {
    if (!next || next === cursor) return;
    cursor = next;
    await writeState(state, session, next);
  };
  line(
    json,
    { ready: true, forward_to: options.forwardTo, secret, events: [...wanted], state, resumed },
    [
      `Ready. Forwarding your events to ${options.forwardTo}${wanted.size > 0 ? ` (${[...wanted].join(', ')})` : ''}.`,
      `Signing secret for this session: ${secret}`,
      resumed
        ? `Resuming after the last event handled, as kept in ${state}.`
        : `Starting from now; the place reached is kept in ${state} for the next start.`,
      'Stop with Ctrl+C.',
    ].join('\n'),
  );
  while (!stop.aborted) {
    const page = await eventsPage(api, cursor);
    for (const event of page.events) {
      if (!forEndpointOnly(event) && (wanted.size === 0 || wanted.has(event.type))) {
        const done = await forward(options, secret, event);
        line(
          json,
          { ...done },
          `${done.created_at}  ${done.type}  ${done.event_id}  -> ${done.status ?? `failed: ${done.error}`}`,
        );
      }
      await keep(event.cursor);
    }
    await keep(page.poll_cursor);
    if (!hasMore(page))
      await sleep(Number(options.interval) * 1000, undefined, { signal: stop }).catch(() => {});
  }
}

/**
 * A key typed as `--api-key` is in the command's arguments, which every user of the machine can
 * read in the process list as long as the command runs: it still works, with a warning.
 */
function warnOfKeyInArguments(command: Command): void {
  if (command.getOptionValueSource('apiKey') !== 'cli') return;
  process.stderr.write(
    'funder-api: warning: --api-key puts your key in the process list, where other users of this machine can read it (ps): set FUNDER_API_KEY instead.\n',
  );
}

export function addListenCommand(cli: Command): void {
  cli
    .command('listen')
    .description(
      'forward your events to a local URL, signed with a local secret (webhooks on a laptop); your API key is read from FUNDER_API_KEY',
    )
    .addOption(
      new Option(
        '--api-key <key>',
        'your API key; better in FUNDER_API_KEY, as other users can read --api-key in the process list',
      ).env('FUNDER_API_KEY'),
    )
    .addOption(
      new Option('--api-url <url>', 'the API').env('FUNDER_API_URL').default('http://localhost:8080'),
    )
    .requiredOption('--forward-to <url>', 'where to post each event, e.g. http://localhost:3000/hooks')
    .option('--events <types...>', 'only these event types (default: all)')
    .option(
      '--secret <whsec>',
      `sign with this secret instead of a new one (keeps your receiver set up): ${SECRET_FORM}`,
    )
    .option('--interval <seconds>', 'how often to look for new events', '2')
    .option(
      '--state <file>',
      'where the place reached is kept, so that a restart resumes after the last event handled',
      DEFAULT_STATE_FILE,
    )
    .option('--json', 'one JSON document per line: the start, then each forward')
    .action(async (options: ListenOptions, command: Command) => {
      warnOfKeyInArguments(command);
      await listen(options);
    });
}
