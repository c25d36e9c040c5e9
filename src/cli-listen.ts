import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Command, Option } from 'commander';
import {
  deliveryHeaders,
  isUsableSecret,
  MIN_SECRET_KEY_BYTES,
  newSigningSecret,
  SECRET_PREFIX,
} from './areas/webhooks/webhooks.module.ts';
import { CliError, EXIT_USAGE, printResult } from './cli-output.ts';

/** One event as `GET /v1/events` lists it: the very body a delivery of it carries. */
interface EventItem {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  data: Record<string, unknown>;
}

interface EventPage {
  events: EventItem[];
  next_cursor: string | null;
  poll_cursor: string | null;
}

interface ListenOptions {
  apiKey?: string;
  apiUrl: string;
  forwardTo: string;
  events?: string[];
  secret?: string;
  interval: string;
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

/** One line of the command's output: with `--json`, one JSON document per line. */
const line = (json: boolean, value: Record<string, unknown>, human: string) =>
  printResult(json, value, () => human, true);

/** A call to the API with the integrator's key; a refusal ends the command with the API's code. */
async function apiGet<T>(options: ListenOptions, url: URL): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(url, { headers: { authorization: `Bearer ${options.apiKey}` } });
  } catch (err) {
    throw new CliError(
      'api_unreachable',
      `The API at ${options.apiUrl} did not answer: ${(err as Error).message}`,
    );
  }
  const body = (await answer.json().catch(() => null)) as
    | (T & { error?: { code: string; message: string } })
    | null;
  if (!answer.ok || !body) {
    const error = body?.error ?? { code: 'api_error', message: `HTTP ${answer.status}` };
    throw new CliError(error.code, `GET ${url.pathname} answered ${answer.status}: ${error.message}`);
  }
  return body;
}

function eventsPage(options: ListenOptions, after: string | null): Promise<EventPage> {
  const url = new URL('/v1/events', options.apiUrl);
  url.searchParams.set('limit', '200');
  if (after) url.searchParams.set('after', after);
  return apiGet<EventPage>(options, url);
}

/**
 * `--events` names types the API emits: checked against the event types it lists
 * (`GET /v1/webhooks`), which are those of the version it runs, whatever this command's.
 */
async function checkEventTypes(options: ListenOptions): Promise<void> {
  if (!options.events?.length) return;
  const { event_types } = await apiGet<{ event_types: { type: string }[] }>(
    options,
    new URL('/v1/webhooks', options.apiUrl),
  );
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

/** Reads the log from `after` to its end; the events read and where to resume. */
async function readToEnd(options: ListenOptions, after: string | null) {
  const events: EventItem[] = [];
  let cursor = after;
  for (;;) {
    const page = await eventsPage(options, cursor);
    events.push(...page.events);
    cursor = page.poll_cursor;
    if (page.next_cursor === null) return { events, cursor };
  }
}

/** Posts one event to the local URL, signed with the local secret as a real delivery is. */
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
    'user-agent': 'funder-api-listen',
    ...deliveryHeaders({ body, at: new Date(), secrets: [secret], eventId: event.id, deliveryId }),
  };
  const outcome = { status: null as number | null, error: null as string | null };
  try {
    const answer = await fetch(options.forwardTo, { method: 'POST', headers, body, redirect: 'manual' });
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
 */
async function listen(options: ListenOptions): Promise<void> {
  checkOptions(options);
  await checkEventTypes(options);
  const json = options.json === true;
  const secret = options.secret ?? newSigningSecret();
  const wanted = new Set(options.events ?? []);
  // What happened before the start is not forwarded: only what comes from now on.
  let { cursor } = await readToEnd(options, null);
  // Stopping is set up before the start is printed: a Ctrl+C (or a SIGINT from a script that
  // waited for the start line) from then on ends the session cleanly, with exit code 0.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  line(
    json,
    { ready: true, forward_to: options.forwardTo, secret, events: [...wanted] },
    [
      `Ready. Forwarding your events to ${options.forwardTo}${wanted.size > 0 ? ` (${[...wanted].join(', ')})` : ''}.`,
      `Signing secret for this session: ${secret}`,
      'Stop with Ctrl+C.',
    ].join('\n'),
  );
  while (!stop.signal.aborted) {
    const read = await readToEnd(options, cursor);
    cursor = read.cursor;
    for (const event of read.events) {
      if (wanted.size > 0 && !wanted.has(event.type)) continue;
      const done = await forward(options, secret, event);
      line(
        json,
        { ...done },
        `${done.created_at}  ${done.type}  ${done.event_id}  -> ${done.status ?? `failed: ${done.error}`}`,
      );
    }
    await sleep(Number(options.interval) * 1000, undefined, { signal: stop.signal }).catch(() => {});
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
    .option('--json', 'one JSON document per line: the start, then each forward')
    .action(async (options: ListenOptions, command: Command) => {
      warnOfKeyInArguments(command);
      await listen(options);
    });
}
