import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { SCOPES } from '../../src/platform/http/scopes.ts';

/**
 * The real command line as a child process: one-off commands run to their end, servers started
 * and stopped by signal, each on a data directory of its own.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * How long a process may take to start or finish before the test gives up: minutes, not
 * seconds, since starting Node and the embedded database is slow on a loaded machine.
 */
export const PROCESS_MINUTES = 5;
export const SUITE_TIMEOUT = 3 * PROCESS_MINUTES * 60_000;
/**
 * The command line as `npm run build` compiles it, made once for the run by the global set-up:
 * what bin/funder-api.mjs and `npm start` run (build.test.ts checks it lists the same commands as
 * the sources).
 */
export const bin = inject('cliEntry');
/**
 * V8 compiles the embedded database's WebAssembly with its baseline compiler alone: a process
 * here lives seconds, and the optimising compiler's background pass costs it about a second
 * of a core at every start, paid back only by a long-running server.
 */
const nodeFlags = ['--liftoff-only'];
/**
 * The children share V8's compile cache, beside the compiled command line (and gone with it):
 * the first start compiles the modules, every later one reads their code from the cache, a
 * fifth of a second of a core at each start. The service itself leaves the cache off, Node's
 * default: where it would go is an operator's choice (NODE_COMPILE_CACHE).
 */
const compileCache = join(dirname(bin), 'compile-cache');

/** The child's environment: only what the test sets, nothing of the machine's own settings. */
export function envFor(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'REDIS_URL',
    'OPS_TOKEN',
    'SECRETS_KEY',
    'FUNDER_API_CLOCK',
    'FUNDER_API_DEMO',
    'FUNDER_API_INLINE_WORKER',
    'PORT',
    'HOST',
    'OPS_PORT',
    'OPS_HOST',
    'PUBLIC_BASE_URL',
    'NODE_ENV',
    'EXPORT_STORAGE_URL',
    'WEBHOOK_ALLOW_LOOPBACK',
    'WEBHOOK_SAFETY_WAKE_SECONDS',
  ]) {
    delete env[name];
  }
  // No drain grace unless a test is about draining: a stopped server exits at once.
  return {
    ...env,
    NODE_COMPILE_CACHE: compileCache,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_SECONDS: '0',
    ...extra,
  };
}

export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI to its end. */
export function cli(dataDir: string, ...args: string[]): Promise<Outcome> {
  return cliWithEnv(dataDir, {}, ...args);
}

/** Runs the real CLI to its end with more environment variables. */
export function cliWithEnv(
  dataDir: string,
  extra: Record<string, string>,
  ...args: string[]
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, bin, ...args], {
      cwd: root,
      env: envFor(dataDir, extra),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    // Only a guard against a command that hangs: generous, as the machine may be busy.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`funder-api ${args.join(' ')} did not finish in time`));
    }, PROCESS_MINUTES * 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const tempDirs: string[] = [];
/** A fresh data directory (mode 0700, as mkdtemp makes it), removed by `cleanUpProcesses`. */
export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'funder-api-cli-'));
  tempDirs.push(dir);
  return dir;
}

/**
 * A fresh data directory whose embedded database is already migrated (a copy of the one the
 * global set-up migrated), nothing else in it: for a test whose subject is not migrating, a
 * first start included, which depends on what the database holds, not on its schema's age.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = await tempDataDir();
  await cp(inject('migratedDatabase'), join(dir, 'pglite'), { recursive: true, preserveTimestamps: true });
  return dir;
}

const children: ChildProcess[] = [];

/** Kills every server a test file started and still running, and removes its data directories. */
export async function cleanUpProcesses(): Promise<void> {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A first start without the demonstration plane, for a test whose subject is not that plane:
 * building it is some four seconds of a core in a process this short-lived. Such a start prints
 * no first-start message, so the test waits for the jobs' log line (`SERVING`) instead.
 */
export const NO_DEMO = { FUNDER_API_DEMO: 'false', LOG_LEVEL: 'info' } as const;
export const SERVING = 'background jobs running';

export interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `serve` (with `args` after it) and waits until `ready` appears on its standard output;
 * `cleanUpProcesses` ends it whatever happens.
 */
export async function startServer(
  dataDir: string,
  port: number,
  ready: string,
  extra: Record<string, string> = {},
  args: string[] = [],
): Promise<Server> {
  const child = spawn(process.execPath, [...nodeFlags, bin, 'serve', ...args], {
    cwd: root,
    env: envFor(dataDir, { PORT: String(port), HOST: '127.0.0.1', ...extra }),
  });
  children.push(child);
  const { stdout, stderr } = outputOf(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + PROCESS_MINUTES * 60_000;
  while (!stdout().includes(ready)) {
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr()}`);
    if (Date.now() > deadline) throw new Error(`serve did not print "${ready}": ${stdout()}${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: stdout, exited };
}

/** What a started process has written so far on its standard output and error. */
export function outputOf(child: ChildProcess): { stdout(): string; stderr(): string } {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return { stdout: () => stdout, stderr: () => stderr };
}

/** Sends SIGTERM and answers the exit code, or 'timeout' if it did not exit within a few minutes. */
export async function stop(server: Server): Promise<number | null | 'timeout'> {
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    server.exited,
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), PROCESS_MINUTES * 60_000);
    }),
  ]);
  clearTimeout(timer);
  return outcome;
}

/**
 * Calls a server process over HTTP as a client would: the public API on `port`, everything under
 * `/ops/` on `opsPort` (its own listener, as in production), with a bearer token or none and any
 * other headers. Answers the status, the request id the server gave the call, and the body as text.
 */
export function listenersCaller(port: number, opsPort: number) {
  return async (
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const at = path.startsWith('/ops/') ? opsPort : port;
    const response = await fetch(`http://127.0.0.1:${at}${path}`, {
      method,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      requestId: response.headers.get('request-id'),
      text: await response.text(),
    };
  };
}

/** Calls a server process on `port` over HTTP with a bearer token (an API key or the operator token). */
/** A caller of a server's API with a token, as `httpCaller` makes one. */
export type TokenCaller = <T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
) => Promise<{
  status: number;
  body: T;
}>;

/**
 * A live funder and a key of it with `scopes` (every scope unless told), made over the operations
 * API of the server `call` reaches, with the operator token `opsToken`: a server started without
 * the demonstration plane has no key to print.
 */
export async function funderKeyOver(
  call: TokenCaller,
  opsToken: string,
  options: { name?: string; scopes?: readonly string[] } = {},
): Promise<{ bankId: string; key: string }> {
  const funder = await call<{ funder: { bank_id: string } }>(opsToken, 'POST', '/ops/v1/funders', {
    name: options.name ?? 'Test Funder',
    environment: 'live',
  });
  if (funder.status !== 201) throw new Error(`funder: ${funder.status} ${JSON.stringify(funder.body)}`);
  const bankId = funder.body.funder.bank_id;
  const issued = await call<{ secret: string }>(opsToken, 'POST', '/ops/v1/keys', {
    bank_id: bankId,
    name: 'test key',
    scopes: [...(options.scopes ?? SCOPES)],
  });
  if (issued.status !== 201) throw new Error(`key: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { bankId, key: issued.body.secret };
}

export function httpCaller(port: number) {
  return async <T>(token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}
