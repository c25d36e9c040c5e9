import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

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
