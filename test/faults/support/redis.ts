import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../../support/cli.ts';

/**
 * A Redis server of the test's own, on loopback and a free port, with nothing kept on disk: it
 * can be killed, started again empty on the same port, or frozen with SIGSTOP (the connection
 * stays open, nothing answers) and thawed. Never the machine's shared Redis.
 */

export const redisServerInstalled = spawnSync('which', ['redis-server']).status === 0;

export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  /** Starts it (again, empty) and waits until it answers PING. */
  start(): Promise<void>;
  /** SIGKILL: gone at once, its counts with it. */
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing is answered. */
  freeze(): void;
  /** SIGCONT after a freeze. */
  thaw(): void;
  /** The rate-limit keys it holds now. */
  rateKeys(): Promise<string[]>;
  /** Drops every key, as an eviction or a restart between two probes would. */
  flushAll(): Promise<void>;
  /** Thaws and kills it, whatever state it is in. */
  cleanUp(): Promise<void>;
}

const started: OwnRedis[] = [];

/** Ends every Redis the test file started (for afterAll). */
export async function cleanUpRedis(): Promise<void> {
  for (const redis of started.splice(0)) await redis.cleanUp();
}

async function until(condition: () => Promise<boolean>, what: string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let frozen = false;
  const client = () => {
    const redis = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    return redis;
  };
  const answers = async () => {
    const redis = client();
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      redis.disconnect();
    }
  };
  const own: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      frozen = false;
      await until(answers, `Redis answering on ${port}`);
    },
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      if (frozen) running.kill('SIGCONT');
      frozen = false;
      running.kill('SIGKILL');
      await exited;
    },
    freeze() {
      if (!child) throw new Error('no Redis to freeze');
      child.kill('SIGSTOP');
      frozen = true;
    },
    thaw() {
      if (child && frozen) child.kill('SIGCONT');
      frozen = false;
    },
    async rateKeys() {
      const redis = client();
      try {
        await redis.connect();
        return await redis.keys('funder-api:rate:*');
      } finally {
        redis.disconnect();
      }
    },
    async flushAll() {
      const redis = client();
      try {
        await redis.connect();
        await redis.flushall();
      } finally {
        redis.disconnect();
      }
    },
    async cleanUp() {
      await own.kill();
    },
  };
  started.push(own);
  return own;
}
