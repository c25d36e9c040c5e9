import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { bin } from './cli.ts';

const root = join(import.meta.dirname, '../..');

/**
 * Webhook dispatchers in processes of their own (test/support/webhook-dispatcher-process.ts),
 * on the test's PostgreSQL database and secrets key, on the manual clock. `start` resolves once
 * the process says it is ready; `killAll` ends every one still running (an afterAll's job).
 */
export function dispatcherProcesses(settings: () => { databaseUrl: string; secretsKey: Buffer }) {
  const children: ChildProcess[] = [];
  return {
    async start(): Promise<ChildProcess> {
      const { databaseUrl, secretsKey } = settings();
      const child = spawn(
        process.execPath,
        [join(root, 'bin/run-ts.mjs'), join(root, 'test/support/webhook-dispatcher-process.ts')],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            SECRETS_KEY: secretsKey.toString('base64'),
            OPS_TOKEN: `ops_${randomBytes(24).toString('hex')}`,
            FUNDER_API_CLOCK: 'manual',
            WEBHOOK_ALLOW_LOOPBACK: 'true',
            LOG_LEVEL: 'silent',
            NODE_ENV: 'test',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      await new Promise<void>((ready, failed) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) ready();
        });
        child.once('exit', (code) =>
          failed(new Error(`the dispatcher process ended (${code}) before it was ready`)),
        );
      });
      return child;
    },
    killAll(): void {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * The real `work` command, compiled (support/cli.ts, `bin`), on the test's PostgreSQL database and
 * secrets key, on the manual clock, with more environment if asked. Resolves once it says its
 * background jobs run, which it says after its webhook dispatcher listens; `stop` ends it.
 */
export async function startWorkCommand(settings: {
  databaseUrl: string;
  secretsKey: Buffer;
  env?: Record<string, string>;
}): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [bin, 'work'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: settings.databaseUrl,
      SECRETS_KEY: settings.secretsKey.toString('base64'),
      OPS_TOKEN: `ops_${randomBytes(24).toString('hex')}`,
      FUNDER_API_CLOCK: 'manual',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((ready, failed) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('background jobs running')) ready();
    });
    child.once('exit', (code) => failed(new Error(`work ended (${code}) before it was ready: ${output}`)));
  });
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
