import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real command line (bin/funder-api.mjs) in processes of their own: the environment a test
 * gives it, a free port, `serve` started until it says a line, and its stop.
 */
export const root = fileURLToPath(new URL('../..', import.meta.url));
export const bin = join(root, 'bin', 'funder-api.mjs');

/**
 * How long a process may take to start or finish before the test gives up: minutes, not
 * seconds, since starting Node and the embedded database is slow on a loaded machine.
 */
export const PROCESS_MINUTES = 5;

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
    'WEBHOOK_ALLOW_LOOPBACK',
    'WEBHOOK_SAFETY_WAKE_SECONDS',
    'PORT',
    'HOST',
    'PUBLIC_BASE_URL',
  ]) {
    delete env[name];
  }
  return { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
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

export interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `serve` (with `args` after it) and waits until `ready` appears on its standard output;
 * `started` is told of the child at once (so an afterAll can end it whatever happens).
 */
export async function startServer(
  dataDir: string,
  port: number,
  ready: string,
  extra: Record<string, string> = {},
  options: { args?: string[]; started?: (child: ChildProcess) => void } = {},
): Promise<Server> {
  const child = spawn(process.execPath, [bin, 'serve', ...(options.args ?? [])], {
    cwd: root,
    env: envFor(dataDir, { PORT: String(port), HOST: '127.0.0.1', ...extra }),
  });
  options.started?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + PROCESS_MINUTES * 60_000;
  while (!stdout.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`serve did not print "${ready}": ${stdout}${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: () => stdout, exited };
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
