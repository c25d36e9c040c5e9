import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from './cli-output.ts';

/**
 * The calls `funder-api listen` makes to the API, as a process left running makes them: a 429,
 * a 5xx, an answer that is not JSON or no answer at all is waited out and tried again, with a
 * bounded exponential back-off and jitter (or the wait the API's `Retry-After` names); only a
 * refusal that trying again cannot change (a bad key, 401 or 403, or another 4xx) ends it.
 */

/** The first wait after a failure, doubled at each failure in a row up to the cap. */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** A `Retry-After` longer than this is waited for this long only, then the call is tried again. */
export const RETRY_AFTER_CAP_MS = 10 * 60_000;
/** The least wait before a retry, whatever `Retry-After` says: a `0` never makes a busy loop. */
export const RETRY_FLOOR_MS = 250;
/** A call with no answer within this time counts as a network error. */
export const CALL_TIMEOUT_MS = 30_000;

/** The wait before retry number `retry` (1 for the first): half the ceiling, plus up to as much again at random. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.min(retry - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `Retry-After` as seconds or as an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(RETRY_AFTER_CAP_MS, Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, at - now));
}

/** The command was stopped (Ctrl+C) while it waited to try again. */
export class Stopped extends Error {}

/** A failure worth trying again, with the wait the API asked for if it did. */
interface Transient {
  reason: string;
  waitMs: number | null;
}

/** A refusal from the API that ends the command, with its HTTP status. */
export class ApiRefusal extends CliError {
  constructor(
    code: string,
    message: string,
    readonly status: number,
  ) {
    super(code, message, { status });
  }
}

export interface ListenApi {
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
}

/**
 * GETs with the key as a bearer token, tried again until they succeed, the command is stopped
 * (`Stopped`) or the API refuses for good (`ApiRefusal`). Each retry writes one line on standard
 * error: what failed and how long until the next try. The key is never written.
 */
export function listenApi(options: {
  apiUrl: string;
  apiKey: string;
  signal: AbortSignal;
  log: (text: string) => void;
}): ListenApi {
  async function once<T>(url: URL): Promise<{ body: T } | Transient> {
    let answer: Response;
    try {
      answer = await fetch(url, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
      });
    } catch (err) {
      if (options.signal.aborted) throw new Stopped();
      const cause = (err as Error & { cause?: Error }).cause;
      return { reason: `no answer (${cause?.message ?? (err as Error).message})`, waitMs: null };
    }
    const text = await answer.text().catch(() => null);
    let body: (T & { error?: { code: string; message: string } }) | null = null;
    try {
      body = text === null ? null : JSON.parse(text);
    } catch {}
    if (answer.status === 429 || answer.status >= 500) {
      return {
        reason: `answered ${answer.status}`,
        waitMs: retryAfterMs(answer.headers.get('retry-after'), Date.now()),
      };
    }
    if (!answer.ok) {
      const error = body?.error ?? { code: 'api_error', message: `HTTP ${answer.status}` };
      throw new ApiRefusal(
        error.code,
        `GET ${url.pathname} answered ${answer.status}: ${error.message}`,
        answer.status,
      );
    }
    if (body === null || typeof body !== 'object') return { reason: 'answered with no JSON', waitMs: null };
    return { body };
  }

  return {
    async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
      const url = new URL(path, options.apiUrl);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      for (let retry = 1; ; retry++) {
        const outcome = await once<T>(url);
        if ('body' in outcome) return outcome.body;
        const waitMs = Math.max(RETRY_FLOOR_MS, outcome.waitMs ?? backoffMs(retry));
        options.log(
          `GET ${url.pathname} ${outcome.reason}; trying again in ${(waitMs / 1000).toFixed(1)} s (retry ${retry})`,
        );
        try {
          await sleep(waitMs, undefined, { signal: options.signal });
        } catch {
          throw new Stopped();
        }
      }
    },
  };
}
