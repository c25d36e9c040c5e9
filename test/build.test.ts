import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
/** Minutes, not seconds: compiling and starting Node are slow on a loaded machine. */
const TIMEOUT = 5 * 60_000;

/**
 * The compiled way to run the service (`npm run build`, README "Running on PostgreSQL, with several servers"):
 * the same command line, compiled to JavaScript, runs without the TypeScript loader and finds
 * its migrations where the sources keep them.
 */
describe('the compiled command line', () => {
  // The suite's set-up compiles the command line once, as `npm run build` does (scripts/build.mjs,
  // into a directory inside the project so the compiled modules resolve the packages in
  // node_modules): these tests read and run that build rather than compiling it again.
  const out = dirname(inject('cliEntry'));
  let dataDir: string;
  const env = () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    return env;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'funder-build-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'migrates an empty embedded database, then finds nothing left to apply',
    async () => {
      const cli = join(out, 'cli.mjs');
      const first = await run(process.execPath, [cli, 'migrate'], { cwd: root, env: env() });
      expect(first.stdout).toContain('Applied: 0001_foundation.sql');
      expect(first.stdout).toContain('0044_client_leaving.sql');
      const second = await run(process.execPath, [cli, 'migrate'], { cwd: root, env: env() });
      expect(second.stdout).toContain('Nothing to apply.');
    },
    TIMEOUT,
  );

  it(
    'lists the same commands as the sources run through the TypeScript loader (`npm run dev`)',
    async () => {
      const compiled = await run(process.execPath, [join(out, 'cli.mjs'), '--help'], {
        cwd: root,
        env: env(),
      });
      const loaded = await run(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli.ts'), '--help'], {
        cwd: root,
        env: env(),
      });
      expect(compiled.stdout).toBe(loaded.stdout);
      expect(compiled.stdout).toContain('migrate');
    },
    TIMEOUT,
  );

  it(
    'is what the bin runs, from dist/app/, and the bin says how to build it when it is missing',
    async () => {
      // A copy of the bin beside a build of its own: the checkout's dist/ is not the suite's.
      const dir = await mkdtemp(join(root, '.test-data', 'bin-'));
      try {
        await mkdir(join(dir, 'bin'));
        await copyFile(join(root, 'bin', 'funder-api.mjs'), join(dir, 'bin', 'funder-api.mjs'));
        const missing = await run(process.execPath, [join(dir, 'bin', 'funder-api.mjs'), '--help'], {
          cwd: root,
          env: env(),
        }).catch((failure: { code: number; stderr: string }) => failure);
        expect(missing).toMatchObject({
          code: 1,
          stderr: expect.stringContaining('run `npm run build` first'),
        });
        await cp(out, join(dir, 'dist', 'app'), { recursive: true });
        const help = await run(process.execPath, [join(dir, 'bin', 'funder-api.mjs'), '--help'], {
          cwd: root,
          env: env(),
        });
        const compiled = await run(process.execPath, [join(out, 'cli.mjs'), '--help'], {
          cwd: root,
          env: env(),
        });
        expect(help.stdout).toBe(compiled.stdout);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );

  it('is ASCII only, so V8 keeps the source of each module at one byte a character', async () => {
    // V8 keeps the source of every loaded module for the life of the process, in two bytes a
    // character when one character is beyond Latin-1: one euro sign in a regular expression
    // (which esbuild does not escape, as it does strings) doubled the resident 1.2 MB of
    // cli.mjs (bench/README.md, "Request reads", memory).
    const modules = (await readdir(out)).filter((name) => name.endsWith('.mjs'));
    expect(modules).toContain('cli.mjs');
    for (const name of modules) {
      const text = await readFile(join(out, name), 'utf8');
      const beyond = /[\u0080-\uffff]/.exec(text);
      expect(beyond && text.slice(Math.max(0, beyond.index - 60), beyond.index + 20), name).toBeNull();
    }
  });
});
