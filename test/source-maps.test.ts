import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, envFor, freePort, PROCESS_MINUTES, root, tempDataDir } from './support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';
import { parseDockerfile } from './support/dockerfile.ts';

/**
 * The compiled service's stack traces name the sources: `npm start` and the image's CMD run node
 * with `--enable-source-maps`, and a real error logged by the running compiled `work` command
 * (its webhook dispatcher's query failing on a column renamed away) carries a stack whose frames
 * are files under src/, where without the flag they are the compiled chunks. On PostgreSQL only:
 * the error is then raised where the service's own code awaited it; the embedded database's
 * errors carry only frames of its engine, whatever the flag.
 */
const children: ChildProcess[] = [];
let database: TestDatabase | null = null;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
});

/** `url` (the test database's, as the login role) as the user of TEST_DATABASE_URL. */
function superuserUrl(url: string): string {
  const server = new URL(process.env.TEST_DATABASE_URL!);
  const own = new URL(url);
  own.username = server.username;
  own.password = server.password;
  return own.toString();
}

/** The `stack` of the first error line `work` logs for its dispatcher's failed cycle. */
async function loggedStack(flags: string[], databaseUrl: string): Promise<string> {
  const env = envFor(await tempDataDir(), {
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    OPS_TOKEN: `ops_${randomBytes(24).toString('hex')}`,
    OPS_PORT: String(await freePort()),
    LOG_LEVEL: 'error',
  });
  const child = spawn(process.execPath, [...flags, bin, 'work'], { cwd: root, env });
  children.push(child);
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no failed cycle logged: ${output}`)),
      PROCESS_MINUTES * 60_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const line of output.split('\n')) {
        if (!line.includes('webhook dispatcher cycle failed')) continue;
        clearTimeout(timer);
        child.kill('SIGTERM');
        resolve((JSON.parse(line) as { err: { stack: string } }).err.stack);
        return;
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`work ended (${code}) before logging a failed cycle: ${output}`));
    });
  });
}

describe('stack traces of the compiled service', () => {
  it('are mapped to the sources where the service runs compiled: npm start and the image', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toMatch(/^node --enable-source-maps .*dist\/app\/cli\.mjs serve$/);
    const dockerfile = parseDockerfile(await readFile(join(root, 'Dockerfile'), 'utf8'));
    const cmd = JSON.parse(dockerfile.filter((step) => step.keyword === 'CMD').at(-1)!.args) as string[];
    expect(cmd.slice(0, 2)).toEqual(['node', '--enable-source-maps']);
  });

  it.skipIf(!onPostgres())(
    'name a src/ file in a logged error with --enable-source-maps, a compiled chunk without',
    async () => {
      database = await freshDatabase();
      // As the server's superuser, on a plain connection (the service's adapter runs as a role).
      const admin = new pg.Client({ connectionString: superuserUrl(database.url!) });
      await admin.connect();
      try {
        await admin.query('ALTER TABLE webhook_deliveries RENAME COLUMN locked_until TO locked_until_gone');
      } finally {
        await admin.end();
      }
      const [mapped, unmapped] = await Promise.all([
        loggedStack(['--enable-source-maps'], database.url!),
        loggedStack([], database.url!),
      ]);
      expect(mapped).toContain('locked_until does not exist');
      expect(mapped).toMatch(/\/src\/areas\/webhooks\/[\w.-]+\.ts:\d+:\d+/);
      expect(unmapped).not.toMatch(/\/src\/[\w/.-]+\.ts:\d+/);
      expect(unmapped).toMatch(/\.mjs:\d+:\d+/);
    },
    2 * PROCESS_MINUTES * 60_000,
  );
  if (!onPostgres()) console.info('source-maps.test.ts: the logged stack is checked on PostgreSQL only');
});
