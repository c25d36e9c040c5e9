import { type BareItem, type List, parseList, serializeList } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpRedis,
  type OwnRedis,
  ownRedis,
  redisServerInstalled,
} from '../../../test/faults/support/redis.ts';
import { type Answer, type StartOptions, startGiven } from '../../../test/support/service.ts';
import { DEFAULT_PER_HOUR, DEFAULT_PER_MINUTE } from './auth.ts';

/**
 * The rate-limit fields read as a client of the current IETF draft reads them: `RateLimit-Policy`
 * and `RateLimit` parsed with a structured-field parser (RFC 9651), each item's name a String
 * (`minute`, `hour`), compared with the sixth revision's three fields sent beside them and with
 * the limits the key was given. Counted in the database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and in a Redis of the test's own.
 */

interface Policy {
  q: number;
  w: number;
}
interface Limit {
  r: number;
  t: number;
}

/** A List of named items: each name a String, each parameter an Integer; the field canonical. */
function namedItems(field: string | string[] | number | undefined): Map<string, Map<string, BareItem>> {
  expect(typeof field).toBe('string');
  const list: List = parseList(field as string);
  // What the server sends is the List's canonical serialization (no stray spaces or forms).
  expect(serializeList(list)).toBe(field);
  const out = new Map<string, Map<string, BareItem>>();
  for (const [value, params] of list) {
    expect(Array.isArray(value), 'an item, not an inner list').toBe(false);
    expect(typeof value, 'the name is a String').toBe('string');
    for (const v of params.values()) expect(Number.isInteger(v)).toBe(true);
    expect(out.has(value as string), 'each name once').toBe(false);
    out.set(value as string, params);
  }
  return out;
}

function policies(answer: Answer): Record<string, Policy> {
  const items = namedItems(answer.headers['ratelimit-policy']);
  return Object.fromEntries(
    [...items].map(([name, p]) => {
      expect([...p.keys()]).toEqual(['q', 'w']);
      return [name, { q: p.get('q') as number, w: p.get('w') as number }];
    }),
  );
}

function limits(answer: Answer): Record<string, Limit> {
  const items = namedItems(answer.headers.ratelimit);
  return Object.fromEntries(
    [...items].map(([name, p]) => {
      expect([...p.keys()]).toEqual(['r', 't']);
      return [name, { r: p.get('r') as number, t: p.get('t') as number }];
    }),
  );
}

/**
 * Both generations agree: the old three fields are the new fields' values for the window with the
 * fewest calls left (of two with as many left, the one that starts again later).
 */
function expectOldFieldsAgree(answer: Answer): void {
  const policy = policies(answer);
  const limit = limits(answer);
  expect(Object.keys(limit)).toEqual(Object.keys(policy));
  const tightest = Object.keys(limit).reduce((a, b) =>
    limit[b]!.r < limit[a]!.r || (limit[b]!.r === limit[a]!.r && limit[b]!.t > limit[a]!.t) ? b : a,
  );
  expect({
    limit: answer.headers['ratelimit-limit'],
    remaining: answer.headers['ratelimit-remaining'],
    reset: answer.headers['ratelimit-reset'],
  }).toEqual({
    limit: String(policy[tightest]!.q),
    remaining: String(limit[tightest]!.r),
    reset: String(limit[tightest]!.t),
  });
}

/**
 * A 429 of a key's limits: `Retry-After` is the latest `t` of the windows with nothing left (never
 * earlier than a reset that would still refuse), and the old fields describe that window.
 */
function expectRefusal(answer: Answer): void {
  expect(answer.status).toBe(429);
  const empty = Object.values(limits(answer)).filter((l) => l.r === 0);
  expect(empty.length).toBeGreaterThan(0);
  const waits = String(Math.max(...empty.map((l) => l.t)));
  expect(answer.headers['retry-after']).toBe(waits);
  expect(answer.body).toMatchObject({ error: { code: 'rate_limited', retry_after_seconds: Number(waits) } });
  expect(answer.headers['ratelimit-remaining']).toBe('0');
  expect(answer.headers['ratelimit-reset']).toBe(waits);
  expectOldFieldsAgree(answer);
}

function fieldsOfTheDraft(counting: string, options: () => StartOptions | Promise<StartOptions>) {
  describe(`the draft's RateLimit-Policy and RateLimit fields, counted ${counting}`, () => {
    const { service } = startGiven(options);
    const me = (key: string) => service.call(key, 'GET', '/v1/me');

    async function startOfNextWindow(seconds: number): Promise<void> {
      const clock = await service.ops<{ now: string }>('GET', '/ops/v1/clock');
      const now = Math.floor(new Date(clock.body.now).getTime() / 1000);
      await service.advanceClock(seconds - (now % seconds));
    }

    it('name both windows of a key with their quota and length, and count each down', async () => {
      await startOfNextWindow(3600);
      const { key } = await service.given.funderWithKey();
      const first = await me(key);
      expect(first.status).toBe(200);
      expect(policies(first)).toEqual({
        minute: { q: DEFAULT_PER_MINUTE, w: 60 },
        hour: { q: DEFAULT_PER_HOUR, w: 3600 },
      });
      expect(limits(first)).toEqual({
        minute: { r: DEFAULT_PER_MINUTE - 1, t: 60 },
        hour: { r: DEFAULT_PER_HOUR - 1, t: 3600 },
      });
      expectOldFieldsAgree(first);

      await service.advanceClock(20);
      const second = await me(key);
      expect(limits(second)).toEqual({
        minute: { r: DEFAULT_PER_MINUTE - 2, t: 40 },
        hour: { r: DEFAULT_PER_HOUR - 2, t: 3580 },
      });
      expectOldFieldsAgree(second);
      // The policy stays the same from one answer to the next.
      expect(second.headers['ratelimit-policy']).toBe(first.headers['ratelimit-policy']);
    });

    it('say the limits the operations team set for a key, and nothing left once they are used up', async () => {
      await startOfNextWindow(3600);
      const funder = await service.given.funderAccount();
      const key = await service.given.key({ bankId: funder.bank_id, perMinute: 3 });

      for (let i = 1; i <= 3; i++) {
        const answer = await me(key.secret);
        expect(answer.status, `call ${i}`).toBe(200);
        expect(policies(answer)).toEqual({ minute: { q: 3, w: 60 }, hour: { q: DEFAULT_PER_HOUR, w: 3600 } });
        expect(limits(answer).minute).toEqual({ r: 3 - i, t: 60 });
        expectOldFieldsAgree(answer);
      }

      // Refused: the minute has nothing left and starts again when Retry-After says.
      const refused = await me(key.secret);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(limits(refused)).toEqual({
        minute: { r: 0, t: 60 },
        // Every call counts in the hour, the refused one too.
        hour: { r: DEFAULT_PER_HOUR - 4, t: 3600 },
      });
      expect(policies(refused).minute).toEqual({ q: 3, w: 60 });
      expectRefusal(refused);

      // Retry-After counts down with the minute's reset, never before it.
      await service.advanceClock(45);
      const later = await me(key.secret);
      expect(later.status).toBe(429);
      expect(later.headers['retry-after']).toBe('15');
      expect(limits(later).minute).toEqual({ r: 0, t: 15 });
      expectRefusal(later);

      // Sent again after Retry-After: a new minute, one call into it.
      await service.advanceClock(15);
      const again = await me(key.secret);
      expect(again.status).toBe(200);
      expect(limits(again)).toEqual({
        minute: { r: 2, t: 60 },
        hour: { r: DEFAULT_PER_HOUR - 6, t: 3540 },
      });
      expectOldFieldsAgree(again);
    });

    it('point at the hour when the hour is used up, its reset the Retry-After of the refusal', async () => {
      await startOfNextWindow(3600);
      const funder = await service.given.funderAccount();
      const key = await service.given.key({ bankId: funder.bank_id, perHour: 4 });
      for (let i = 1; i <= 4; i++) {
        const answer = await me(key.secret);
        expect(answer.status, `call ${i}`).toBe(200);
        expect(limits(answer).hour).toEqual({ r: 4 - i, t: 3600 });
        // The hour is now the window closest to its limit: the old fields follow it.
        expect(answer.headers['ratelimit-limit']).toBe('4');
        expectOldFieldsAgree(answer);
      }

      await service.advanceClock(60);
      const refused = await me(key.secret);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('3540');
      expect(policies(refused)).toEqual({
        minute: { q: DEFAULT_PER_MINUTE, w: 60 },
        hour: { q: 4, w: 3600 },
      });
      // A new minute with room in it; the hour, with nothing left, is what Retry-After waits for.
      expect(limits(refused)).toEqual({
        minute: { r: DEFAULT_PER_MINUTE - 1, t: 60 },
        hour: { r: 0, t: 3540 },
      });
      expectRefusal(refused);

      await service.advanceClock(3540);
      const again = await me(key.secret);
      expect(again.status).toBe(200);
      expect(limits(again).hour).toEqual({ r: 3, t: 3600 });
    });

    it('a refusal waits for the last window with nothing left, not only the one it went over', async () => {
      await startOfNextWindow(3600);
      const funder = await service.given.funderAccount();
      const key = await service.given.key({ bankId: funder.bank_id, perMinute: 2, perHour: 3 });
      expect((await me(key.secret)).status).toBe(200);
      expect((await me(key.secret)).status).toBe(200);
      // Over the minute, and the call used the hour's last one: a call next minute would be refused.
      const overMinute = await me(key.secret);
      expect(limits(overMinute)).toEqual({ minute: { r: 0, t: 60 }, hour: { r: 0, t: 3600 } });
      expectRefusal(overMinute);
      expect(overMinute.headers['retry-after']).toBe('3600');
      expect(overMinute.body).toMatchObject({ error: { limit: 3, window_seconds: 3600 } });

      // Next minute: over the hour alone, then over both. Both wait for the hour.
      await service.advanceClock(60);
      const overHour = await me(key.secret);
      expect(limits(overHour)).toEqual({ minute: { r: 1, t: 60 }, hour: { r: 0, t: 3540 } });
      expectRefusal(overHour);
      expect(overHour.headers['retry-after']).toBe('3540');
      const overBoth = await me(key.secret);
      expect(limits(overBoth)).toEqual({ minute: { r: 0, t: 60 }, hour: { r: 0, t: 3540 } });
      expectRefusal(overBoth);
      expect(overBoth.body).toMatchObject({
        error: { retry_after_seconds: 3540, limit: 3, window_seconds: 3600 },
      });
    });

    it('are not sent where no key is counted: GET /v1/health and refused bad keys', async () => {
      const health = await service.call(null, 'GET', '/v1/health');
      expect(health.status).toBe(200);
      const badKey = `svc_fk_${'0'.repeat(64)}`;
      let last: Answer | undefined;
      for (let i = 1; i <= 30 && last?.status !== 429; i++) last = await me(badKey);
      expect(last?.status).toBe(429);
      expect(last?.headers['retry-after']).toMatch(/^\d+$/);
      for (const answer of [health, last!]) {
        for (const name of [
          'ratelimit',
          'ratelimit-policy',
          'ratelimit-limit',
          'ratelimit-remaining',
          'ratelimit-reset',
        ]) {
          expect(answer.headers[name], name).toBeUndefined();
        }
      }
    });
  });
}

fieldsOfTheDraft('in the database', () => ({}));

describe.skipIf(!redisServerInstalled)(
  `with REDIS_URL (${redisServerInstalled ? 'a Redis of its own' : 'redis-server is not on PATH'})`,
  () => {
    let redis: OwnRedis;
    beforeAll(async () => {
      redis = await ownRedis();
      await redis.start();
    });
    afterAll(cleanUpRedis);
    fieldsOfTheDraft('in Redis', () => ({ config: { redisUrl: redis.url } }));
    it('counted the keys in that Redis', async () => {
      expect(
        (await redis.rateKeys()).filter((k) => k.startsWith('funder-api:rate:key:')).length,
      ).toBeGreaterThan(0);
    });
  },
);
