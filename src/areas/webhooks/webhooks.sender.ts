import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, isLoopbackAddress, isPublicAddress } from './webhooks.url-guard.ts';

/** One resolved address, as `dns.lookup` answers with `all: true`. */
export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The `User-Agent` of every delivery (and of what `funder-api listen` forwards). */
export const DELIVERY_USER_AGENT = 'funder-api-webhooks/1';

/** A 2xx within this time is a success; anything slower is a failure. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read; the rest is dropped with the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendOutcome {
  /** The HTTP status, null when none came (refused target, network error, timeout). */
  code: number | null;
  /** null on a 2xx; else what went wrong, never with the URL's query or a secret. */
  error: string | null;
}

export interface Sender {
  send(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome>;
  close(): void;
}

/**
 * Posts a delivery. The URL is checked again (an endpoint registered before a rule changed
 * meets the rule of today), then every address its name resolves to is checked when the socket
 * connects: a name that now resolves inside is refused, whatever it resolved to before.
 * Redirects are never followed (a 3xx is a failure), time and answer size are bounded.
 */
export function createSender(options: {
  allowLoopback: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}): Sender {
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 256 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 256 }),
  };

  const guardedLookup =
    (loopback: boolean): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      resolve(hostname).then(
        (addresses) => {
          const allowed = (address: string) =>
            loopback ? isLoopbackAddress(address) : isPublicAddress(address);
          const refused = addresses.find((entry) => !allowed(entry.address));
          if (addresses.length === 0 || refused) {
            const err = new Error(
              refused
                ? `the host name resolved to an address the service does not post to (${refused.address})`
                : 'the host name did not resolve',
            ) as NodeJS.ErrnoException;
            err.code = 'ETARGETREFUSED';
            callback(err, '', 0);
            return;
          }
          if (lookupOptions.all) {
            (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, addresses);
          } else {
            callback(null, addresses[0]!.address, addresses[0]!.family);
          }
        },
        (err: NodeJS.ErrnoException) => callback(err, '', 0),
      );
    };

  return {
    send(rawUrl, body, headers) {
      const verdict = checkWebhookUrl(rawUrl, { allowLoopback: options.allowLoopback });
      if (!verdict.ok) return Promise.resolve({ code: null, error: `target refused: ${verdict.reason}` });
      const url = verdict.url;
      const secure = url.protocol === 'https:';
      return new Promise<SendOutcome>((done) => {
        let settled = false;
        const finish = (outcome: SendOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          done(outcome);
        };
        const request = (secure ? https : http).request(url, {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          lookup: guardedLookup(verdict.loopback),
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': DELIVERY_USER_AGENT,
            ...headers,
          },
        });
        const timer = setTimeout(() => {
          request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        request.on('response', (response) => {
          const code = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) {
              response.destroy();
              finish(outcomeOf(code));
            }
          });
          response.on('end', () => finish(outcomeOf(code)));
          response.on('error', () => finish(outcomeOf(code)));
          response.on('close', () => finish(outcomeOf(code)));
        });
        request.on('error', (err: NodeJS.ErrnoException) => {
          finish({ code: null, error: describe(err) });
        });
        request.end(body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function outcomeOf(code: number): SendOutcome {
  if (code >= 200 && code < 300) return { code, error: null };
  if (code >= 300 && code < 400) return { code, error: `answered ${code}: redirects are not followed` };
  return { code, error: `answered ${code}` };
}

function describe(err: NodeJS.ErrnoException): string {
  if (err.code === 'ETARGETREFUSED') return `target refused: ${err.message}`;
  const message = err.message.slice(0, 300);
  return err.code ? `${err.code}: ${message}` : message;
}
