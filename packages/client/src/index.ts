/**
 * The funder API's typed client: the paths, bodies and answers come from the service's OpenAPI
 * document (`schema.ts`, generated), the calls go through openapi-fetch. On top of it:
 *
 * - the key is sent as a bearer token on every call;
 * - every POST and PUT carries an `Idempotency-Key` (a new UUID unless the caller gives one),
 *   kept the same across the retries of that call, so a retried write is never done twice;
 * - `429` and `5xx` answers, and calls that never got an answer, are retried a bounded number of
 *   times, waiting what `Retry-After` asks (or a short exponential backoff without it), never
 *   longer than `maxRetryDelayMs`: past that the answer is handed back as it is.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };

/** The one shape of every answer that is not 2xx. */
export interface ErrorBody {
  error: {
    /** Stable, machine-readable: branch on it. */
    code: string;
    /** For people; may change. */
    message: string;
    /** Quote it to support. */
    request_id?: string;
    [extra: string]: unknown;
  };
}

/** An answer that is not 2xx, as an exception: thrown by `unwrap`. */
export class FunderApiError extends Error {
  override readonly name = 'FunderApiError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(`${status} ${body.error.code}: ${body.error.message}`);
    this.status = status;
    this.code = body.error.code;
    this.requestId = body.error.request_id;
    this.body = body;
  }
}

export interface ClientOptions {
  /** For example `http://localhost:8080`. */
  baseUrl: string;
  /** `svc_fk_...`: a live or a sandbox key. */
  apiKey: string;
  /** How many times one call is retried after a 429, a 5xx or a lost connection. Default 2. */
  maxRetries?: number;
  /** The longest wait before one retry, in milliseconds. Default 30,000. */
  maxRetryDelayMs?: number;
  /** Makes the Idempotency-Key of a POST or PUT that has none. Default: a random UUID. */
  idempotencyKey?: () => string;
  /** The fetch to send with. Default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** How the client waits between attempts. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
}

export type FunderApiClient = Client<paths>;

const WRITES = new Set(['POST', 'PUT']);
const RETRIED = (status: number) => status === 429 || status >= 500;

export function createClient(options: ClientOptions): FunderApiClient {
  const maxRetries = options.maxRetries ?? 2;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const newKey = options.idempotencyKey ?? (() => crypto.randomUUID());
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new RangeError('maxRetries must be 0 or more');

  const sendWithRetries = async (original: Request): Promise<Response> => {
    let request = original;
    if (WRITES.has(request.method) && !request.headers.has('idempotency-key')) {
      const headers = new Headers(request.headers);
      headers.set('idempotency-key', newKey());
      request = new Request(request, { headers });
    }
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await send(request.clone());
      } catch (err) {
        // No answer at all: as safe to retry as a 5xx, since writes carry their key.
        const wait = backoff(attempt);
        if (attempt >= maxRetries || wait > maxDelay) throw err;
        await sleep(wait);
        continue;
      }
      if (!RETRIED(response.status) || attempt >= maxRetries) return response;
      const wait = retryAfter(response.headers.get('retry-after')) ?? backoff(attempt);
      if (wait > maxDelay) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };

  return createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: sendWithRetries,
  });
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), or undefined. */
export function retryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** 0.5 s, 1 s, 2 s, ... with a little jitter, when the server did not say how long to wait. */
function backoff(attempt: number): number {
  return Math.round(500 * 2 ** attempt * (0.8 + Math.random() * 0.4));
}

/**
 * The data of a call, or a `FunderApiError` thrown for its error answer:
 * `const { request } = unwrap(await client.GET('/v1/requests/{id}', { params: { path: { id } } }))`.
 */
export function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  result: R,
): Exclude<R['data'], undefined> {
  if (result.error !== undefined || !result.response.ok) {
    throw new FunderApiError(result.response.status, asErrorBody(result.error, result.response));
  }
  return result.data as Exclude<R['data'], undefined>;
}

function asErrorBody(error: unknown, response: Response): ErrorBody {
  if (
    error &&
    typeof error === 'object' &&
    'error' in error &&
    error.error &&
    typeof error.error === 'object' &&
    'code' in error.error
  ) {
    return error as ErrorBody;
  }
  return { error: { code: `http_${response.status}`, message: response.statusText || 'no error body' } };
}

export {
  type OnboardingReturnCheck,
  type VerifyReturnOptions,
  verifyOnboardingReturn,
} from './onboarding-return.js';
export {
  checkWebhookSignature,
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhook,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  WebhookSignatureError,
  type WebhookVerdict,
} from './webhooks.js';
