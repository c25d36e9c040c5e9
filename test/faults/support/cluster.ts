import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/cli.ts';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb and pg_ctl, on a free port of
 * loopback): the faults are made on it, never on the shared server. As root (as CI runs),
 * initdb refuses to run: the cluster then belongs to `nobody`, through runuser.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const tools = ['initdb', 'pg_ctl', 'pgrep'].every((tool) => spawnSync('which', [tool]).status === 0);
const asRoot = process.getuid?.() === 0;
const canDropPrivileges = !asRoot || spawnSync('runuser', ['-u', 'nobody', '--', 'true']).status === 0;

/** Why a test on a cluster of its own cannot run here, or null when it can. */
export const clusterSkipReason: string | null = !onPostgres
  ? 'PostgreSQL run only (TEST_DATABASE_URL unset)'
  : !tools
    ? 'initdb, pg_ctl and pgrep are not on PATH'
    : !canDropPrivileges
      ? 'running as root without runuser to start a cluster as another user'
      : null;

/** Runs a PostgreSQL tool as the cluster's owner, to its end. */
function pgTool(args: string[]): Promise<void> {
  const [command, ...rest] = asRoot ? ['runuser', '-u', 'nobody', '--', ...args] : args;
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[0]} exited ${code}: ${output}`)),
    );
  });
}

export interface Cluster {
  port: number;
  /** The superuser's URL (trust on loopback). */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop` in the given mode (fast: sessions ended; immediate: no shutdown checkpoint). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP to the postmaster and every process of the cluster: connections stay open, nothing answers. */
  freeze(): Promise<number[]>;
  /** SIGCONT to every process `freeze` stopped (safe to call when none is). */
  thaw(): void;
  /** Thaws, stops and removes the cluster. */
  remove(): Promise<void>;
}

export async function createCluster(): Promise<Cluster> {
  const dir = await mkdtemp(join(tmpdir(), 'funder-api-cluster-'));
  if (asRoot) await chown(dir, Number(spawnSync('id', ['-u', 'nobody']).stdout.toString().trim()), 0);
  const port = await freePort();
  const data = join(dir, 'data');
  await pgTool(['initdb', '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone already.
      }
    }
    frozen = [];
  };
  const cluster: Cluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      pgTool([
        'pg_ctl',
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]),
    stop: (mode = 'fast') => pgTool(['pg_ctl', '-D', data, '-m', mode, '-w', 'stop']),
    async freeze() {
      const postmaster = Number((await readFile(join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      // The postmaster first, so it starts no new process; then each of its children.
      process.kill(postmaster, 'SIGSTOP');
      frozen.push(postmaster);
      const children = spawnSync('pgrep', ['-P', String(postmaster)])
        .stdout.toString()
        .split('\n')
        .filter(Boolean)
        .map(Number);
      for (const pid of children) {
        try {
          process.kill(pid, 'SIGSTOP');
          frozen.push(pid);
        } catch {
          // Ended meanwhile.
        }
      }
      return [...frozen];
    },
    thaw,
    async remove() {
      thaw();
      await cluster.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
