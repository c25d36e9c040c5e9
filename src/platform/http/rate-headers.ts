import type { FastifyReply } from 'fastify';
import type { WindowCount } from '../rate-limit.ts';

/**
 * The rate-limit fields of every answer to a key's call, as the IETF draft
 * draft-ietf-httpapi-ratelimit-headers writes them, in two generations:
 *
 * - `RateLimit-Policy` and `RateLimit`, the fields of the current draft: structured-field Lists
 *   (RFC 9651) with one item per window of the key, named by `policyName`.
 *   `RateLimit-Policy: "minute";q=120;w=60, "hour";q=3000;w=3600` gives each window's quota (`q`,
 *   calls) and length (`w`, seconds); `RateLimit: "minute";r=117;t=42, "hour";r=2997;t=1842`
 *   gives the calls left in each (`r`) and the seconds until it starts again (`t`).
 * - `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, the draft's sixth revision:
 *   the same numbers for the window closest to its limit. Deprecated, sent for the deprecation
 *   period written in docs/decisions/platform.md.
 */

/** The name of a key's window in both fields: `minute` and `hour` (any other length, `<n>s`). */
export function policyName(seconds: number): string {
  if (seconds === 60) return 'minute';
  if (seconds === 3600) return 'hour';
  return `${seconds}s`;
}

const secondsLeft = (window: WindowCount, now: Date): number =>
  Math.max(0, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000));

const remaining = (window: WindowCount): number => Math.max(0, window.limit - window.hits);

/**
 * The names are sent as structured-field Strings (quoted): every revision that names its
 * policies accepts a String, the current one a Token too. They are plain ASCII letters and
 * digits, so nothing in them needs escaping.
 */
const item = (window: WindowCount) => `"${policyName(window.seconds)}"`;

/** `RateLimit-Policy`: each window's quota and length. */
export const policyField = (windows: readonly WindowCount[]): string =>
  windows.map((w) => `${item(w)};q=${w.limit};w=${w.seconds}`).join(', ');

/** `RateLimit`: what is left of each window and when it starts again. */
export const limitField = (windows: readonly WindowCount[], now: Date): string =>
  windows.map((w) => `${item(w)};r=${remaining(w)};t=${secondsLeft(w, now)}`).join(', ');

/**
 * The window the old three fields describe: the one with the fewest calls left; of two with as
 * many left, the one that starts again later (it is the one that holds the calls back longer).
 */
export function closestToLimit(windows: readonly WindowCount[]): WindowCount {
  return windows.reduce((a, b) => {
    const left = remaining(b) - remaining(a);
    return left < 0 || (left === 0 && b.resetAt > a.resetAt) ? b : a;
  });
}

/**
 * The window a refused call waits for, when one was gone over: of the windows with nothing left,
 * the one that starts again last (a call before then is refused as well, since every call counts),
 * so that `Retry-After` is never earlier than the `t` of a window with `r=0`. It is also the
 * window the old three fields describe.
 */
export function refusingWindow(windows: readonly WindowCount[]): WindowCount | undefined {
  return windows.some((w) => w.hits > w.limit) ? closestToLimit(windows) : undefined;
}

export function setRateHeaders(reply: FastifyReply, windows: readonly WindowCount[], now: Date): void {
  if (windows.length === 0) return;
  reply.header('ratelimit-policy', policyField(windows));
  reply.header('ratelimit', limitField(windows, now));
  // The sixth revision's three fields, for the window closest to its limit (deprecated).
  const tightest = closestToLimit(windows);
  reply.header('ratelimit-limit', String(tightest.limit));
  reply.header('ratelimit-remaining', String(remaining(tightest)));
  reply.header('ratelimit-reset', String(secondsLeft(tightest, now)));
}
