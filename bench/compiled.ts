/**
 * The service as an operator runs it, for the PostgreSQL runs of `npm run bench`: compiled to
 * JavaScript (scripts/build.mjs), started with `serve` and the image's `node` flags in its own
 * process at the `info` log level (one access line per call, written to a discarded stdout), on the benchmark's database.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseDockerfile } from '../test/support/dockerfile.ts';

export interface CompiledServer {
  url: string;
  /** Its operations listener (readiness, metrics): in production never on the public port. */
  opsUrl: string;
  pid: number;
  /** Resident memory of the server process now, in bytes (Linux: /proc), or null. */
  rss(): Promise<number | null>;
  /** Its resident memory split: anonymous (heaps, buffers) and file-backed (the node binary, libraries). */
  residency(): Promise<Residency | null>;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited with code ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/v1/health`);
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the compiled server did not answer /v1/health within 60 s');
}

export interface Residency {
  rss: number;
  anon: number;
  file: number;
  /** The most it was resident at any time so far. */
  peak: number;
}

async function readResidency(pid: number): Promise<Residency | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const bytes = (field: string) =>
      Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
    const rss = bytes('VmRSS');
    if (Number.isNaN(rss)) return null;
    return { rss, anon: bytes('RssAnon'), file: bytes('RssFile'), peak: bytes('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * The `node` flags the image starts the server with: those between `node` and the module in the
 * Dockerfile's CMD. The benchmark runs the server as the image does, so a flag changed there is
 * measured here.
 */
export async function imageNodeFlags(): Promise<string[]> {
  const cmd = parseDockerfile(await readFile(join(root, 'Dockerfile'), 'utf8'))
    .filter((instruction) => instruction.keyword === 'CMD')
    .at(-1);
  const args = cmd ? (JSON.parse(cmd.args) as string[]) : [];
  const module = args.findIndex((arg) => arg.endsWith('.mjs'));
  if (args[0] !== 'node' || module < 1)
    throw new Error(`the Dockerfile's CMD is not node with a module: ${cmd?.args}`);
  return args.slice(1, module);
}

/**
 * Builds the command line into a temporary folder and serves from it on `databaseUrl`;
 * `nodeFlags` go to `node` before the module (the image's by default; bench/memory.ts compares
 * V8 settings with them), `env` is added to its environment.
 */
export async function startCompiledServer(
  databaseUrl: string,
  poolMax: number,
  nodeFlags?: readonly string[],
  env: Record<string, string> = {},
): Promise<CompiledServer> {
  const flags = nodeFlags ?? (await imageNodeFlags());
  // Inside the project: the compiled modules find their packages in its node_modules.
  await mkdir(join(root, 'dist'), { recursive: true });
  const outdir = await mkdtemp(join(root, 'dist', 'bench-serve-'));
  await promisify(execFile)(process.execPath, [join(root, 'scripts/build.mjs'), 'src/cli.ts', outdir], {
    cwd: root,
  });
  const port = await freePort();
  const opsPort = await freePort();
  const child = spawn(process.execPath, [...flags, join(outdir, 'cli.mjs'), 'serve'], {
    cwd: root,
    // The access lines are written as in production, to a pipe nobody reads back: discarded.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'info',
      DB_POOL_MAX: String(poolMax),
      OPS_TOKEN: `ops_${randomBytes(24).toString('hex')}`,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      FUNDER_API_INLINE_WORKER: 'false',
      ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(outdir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    opsUrl: `http://127.0.0.1:${opsPort}`,
    pid: child.pid!,
    rss: async () => (await readResidency(child.pid!))?.rss ?? null,
    residency: () => readResidency(child.pid!),
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(outdir, { recursive: true, force: true });
    },
  };
}
