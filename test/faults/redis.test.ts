import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort,
  migratedDataDir,
  type Server,
  SUITE_TIMEOUT,
  startServer,
  stop,
} from '../support/cli.ts';
import { cleanUpRedis, type OwnRedis, ownRedis, redisServerInstalled } from './support/redis.ts';

/**
 * Redis faults made for real, under load, through the compiled server: a Redis of the test's own
 * frozen with SIGSTOP (the connection stays open, nothing answers) and one killed and started
 * again empty. Every call must be answered within a few seconds, readiness must stay 200 and name
 * Redis degraded, one warning line per change of state, and no key may get more calls than its
 * limit in one window. The manual clock keeps every call in one window.
 */

const DOWN_LINE = 'Redis does not answer';
const BACK_LINE = 'Redis answers again';
/** A generous bound about hangs, not a measure of speed: one Redis command bound is 250 ms. */
const ANSWER_BOUND_MS = 3_000;

interface Answer {
  status: number;
  ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

afterAll(async () => {
  await cleanUpRedis();
  await cleanUpProcesses();
});

describe.skipIf(!redisServerInstalled)(
  `a Redis that stalls or dies (${redisServerInstalled ? 'runs' : 'redis-server is not on PATH'})`,
  () => {
    let redis: OwnRedis;
    let server: Server;
    let base: string;
    const opsToken = `ops_${randomBytes(24).toString('hex')}`;
    let bankId: string;

    const call = async (token: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, text: await response.text() };
    };
    /** A key of its own, limited to `perMinute` calls a minute (its hour never binds here). */
    const keyLimitedTo = async (perMinute: number) => {
      const issued = await call(opsToken, 'POST', '/ops/v1/keys', {
        bank_id: bankId,
        name: `fault ${perMinute}`,
        scopes: [],
        rate_limit: { per_minute: perMinute, per_hour: 100_000 },
      });
      expect(issued.status).toBe(201);
      return (JSON.parse(issued.text) as { secret: string }).secret;
    };
    const me = async (key: string): Promise<Answer> => {
      const started = performance.now();
      const { status } = await call(key, 'GET', '/v1/me');
      return { status, ms: performance.now() - started };
    };
    /** `clients` callers at once, each making `calls` calls one after the other. */
    const burst = async (key: string, clients: number, calls: number): Promise<Answer[]> => {
      const each = await Promise.all(
        Array.from({ length: clients }, async () => {
          const answers: Answer[] = [];
          for (let i = 0; i < calls; i++) answers.push(await me(key));
          return answers;
        }),
      );
      return each.flat();
    };
    const readiness = async () => {
      const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(20_000) });
      const body = (await response.json()) as {
        checks?: { name: string; status: string }[];
        error?: { checks: { name: string; status: string }[] };
      };
      const checks = body.checks ?? body.error?.checks ?? [];
      return { status: response.status, redis: checks.find((check) => check.name === 'redis')?.status };
    };
    const redisGauge = async () => {
      const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(20_000) })).text();
      return /^funder_api_dependency_up\{dependency="redis"\} (\d)$/m.exec(text)?.[1];
    };
    const until = async (condition: () => Promise<boolean>, what: string) => {
      const deadline = Date.now() + 30_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error(`never: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const linesSince = (from: number, text: string) =>
      server
        .output()
        .slice(from)
        .split('\n')
        .filter((line) => line.includes(text));
    /**
     * One warning per change of state, never one per call: the lines alternate, down first and
     * back last. (A loaded machine may see Redis's first answers after the thaw late and go
     * down once more: each such change still gets exactly one line.)
     */
    const expectOneLinePerChange = (from: number) => {
      const changes = linesSince(from, 'Redis ').filter(
        (line) => line.includes(DOWN_LINE) || line.includes(BACK_LINE),
      );
      expect(changes.length % 2, changes.join('\n')).toBe(0);
      expect(changes.length).toBeGreaterThanOrEqual(2);
      expect(changes.length).toBeLessThanOrEqual(6);
      for (const [i, line] of changes.entries()) expect(line).toContain(i % 2 === 0 ? DOWN_LINE : BACK_LINE);
      expect(changes[0]).toContain('"level":40');
    };
    const codes = (answers: Answer[]) =>
      answers.reduce<Record<number, number>>((all, { status }) => {
        all[status] = (all[status] ?? 0) + 1;
        return all;
      }, {});

    beforeAll(async () => {
      redis = await ownRedis();
      await redis.start();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = await startServer(await migratedDataDir(), port, 'API reference', {
        REDIS_URL: redis.url,
        FUNDER_API_CLOCK: 'manual',
        OPS_TOKEN: opsToken,
        LOG_LEVEL: 'warn',
      });
      const funders = await call(opsToken, 'GET', '/ops/v1/funders');
      expect(funders.status).toBe(200);
      bankId = (JSON.parse(funders.text) as { funders: { bank_id: string }[] }).funders[0]!.bank_id;
    }, SUITE_TIMEOUT);

    afterAll(async () => {
      if (server) await stop(server);
      await redis?.cleanUp();
    }, SUITE_TIMEOUT);

    it('frozen for 8 s under load: every call answered within the bound, a limit held across both switches, readiness 200 naming Redis degraded, one warning each way', async () => {
      // The load's key never reaches its limit: every call of it must be a 200.
      const loadKey = await keyLimitedTo(100_000);
      const limitedKey = await keyLimitedTo(10);
      expect((await readiness()).redis).toBe('ok');
      const from = server.output().length;

      // Four clients call without pause until told to stop; at most 5,000 calls each.
      let running = true;
      const load = Promise.all(
        Array.from({ length: 4 }, async () => {
          const answers: Answer[] = [];
          while (running && answers.length < 5_000) answers.push(await me(loadKey));
          return answers;
        }),
      );
      const probes: { status: number; redis: string | undefined }[] = [];
      let probing = true;
      const prober = (async () => {
        while (probing && probes.length < 1_000) {
          probes.push(await readiness());
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      await pause(1_000);
      // The limited key: 4 calls counted in Redis, 4 while it is frozen, the rest once it is back.
      const before = await burst(limitedKey, 4, 1);
      redis.freeze();
      await pause(4_000);
      const gaugeWhileFrozen = await redisGauge();
      const during = await burst(limitedKey, 4, 1);
      await pause(4_000);
      redis.thaw();
      await until(async () => (await readiness()).redis === 'ok', 'Redis ok again in readiness');
      const after = await burst(limitedKey, 4, 5);
      await pause(1_000);
      running = false;
      probing = false;
      const answers = (await load).flat();
      await prober;
      const gaugeAfter = await redisGauge();

      const ok = (list: Answer[]) => list.filter((answer) => answer.status === 200).length;
      const limited = [...before, ...during, ...after];
      const times = [...answers, ...limited].map((answer) => answer.ms);
      const figures = {
        load_calls: answers.length,
        load_codes: codes(answers),
        limited_codes: codes(limited),
        limited_ok: [ok(before), ok(during), ok(after)],
        over_limit: Math.max(0, ok(limited) - 10),
        p99_ms: Math.round(percentile(times, 99)),
        longest_ms: Math.round(Math.max(...times)),
        readiness: codes(probes.map((probe) => ({ status: probe.status, ms: 0 }))),
        degraded_probes: probes.filter((probe) => probe.redis === 'degraded').length,
      };
      console.log('Redis frozen 8 s under 4 clients:', JSON.stringify(figures));

      // Every call answered, none hung.
      expect(figures.load_codes).toEqual({ 200: answers.length });
      expect(figures.longest_ms).toBeLessThan(ANSWER_BOUND_MS);
      expect(figures.p99_ms).toBeLessThan(ANSWER_BOUND_MS);
      // The limited key: 10 calls in its window, not more, whichever store counted them.
      expect(figures.limited_ok).toEqual([4, 4, 2]);
      expect(figures.limited_codes).toEqual({ 200: 10, 429: 18 });
      // Readiness never left 200, and named Redis degraded while it was frozen.
      expect(probes.every((probe) => probe.status === 200)).toBe(true);
      expect(figures.degraded_probes).toBeGreaterThan(0);
      expect(gaugeWhileFrozen).toBe('0');
      expect(gaugeAfter).toBe('1');
      expectOneLinePerChange(from);
    }, 60_000);

    it('killed and started again empty: a key limited to 10 calls a minute makes 10 in its window, not more, across both switches', async () => {
      const key = await keyLimitedTo(10);
      const from = server.output().length;

      // Counted in Redis.
      const before = await burst(key, 4, 1);
      await redis.kill();
      await until(async () => (await readiness()).redis === 'degraded', 'Redis degraded in readiness');
      const readyWhileDown = await readiness();
      // Counted in the database, from where Redis was.
      const during = await burst(key, 4, 1);
      await redis.start();
      expect(await redis.rateKeys()).toEqual([]);
      await until(async () => (await readiness()).redis === 'ok', 'Redis ok again in readiness');
      // Counted in Redis again, from where the database was.
      const after = await burst(key, 4, 5);

      const all = [...before, ...during, ...after];
      const ok = (answers: Answer[]) => answers.filter((answer) => answer.status === 200).length;
      const times = all.map((answer) => answer.ms);
      const figures = {
        calls: all.length,
        codes: codes(all),
        ok_in_redis_before: ok(before),
        ok_in_database: ok(during),
        ok_in_redis_after: ok(after),
        over_limit: Math.max(0, ok(all) - 10),
        p99_ms: Math.round(percentile(times, 99)),
        longest_ms: Math.round(Math.max(...times)),
      };
      console.log('Redis killed and restarted, key limited to 10 a minute:', JSON.stringify(figures));

      expect(readyWhileDown).toEqual({ status: 200, redis: 'degraded' });
      expect(figures.ok_in_redis_before).toBe(4);
      expect(figures.ok_in_database).toBe(4);
      expect(figures.ok_in_redis_after).toBe(2);
      expect(ok(all)).toBe(10);
      expect(Object.keys(figures.codes).sort()).toEqual(['200', '429']);
      expect(figures.longest_ms).toBeLessThan(ANSWER_BOUND_MS);
      // Counting is in Redis again (the restarted one holds the key's windows).
      expect((await redis.rateKeys()).length).toBeGreaterThan(0);
      expectOneLinePerChange(from);
    }, 60_000);
  },
);
