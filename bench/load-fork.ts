/**
 * Runs the load generator (bench/load.ts) in a child process of its own for one job, and
 * measures where the CPU time of the run went meanwhile (bench/cpu.ts). Shared by `npm run
 * bench` and bench/memory.ts.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuSnapshot, cpuSpent } from './cpu.ts';
import type { LoadFigures, LoadJob, LoadMeasuring, LoadOutcome } from './load.ts';

export interface Measured {
  figures: LoadFigures;
  warmupOk: number;
  /** CPU time per request of the serving process: the compiled server's, or this one's (with PGlite when embedded). */
  serverCpuMicrosPerRequest: number;
  /** Of PostgreSQL's processes, when it runs on this machine (Linux); else null. */
  postgresCpuMicrosPerRequest: number | null;
  loadCpuMicrosPerRequest: number;
  machineBusy: number;
  othersBusy: number;
}

/** The job for one step: its own connection count where it asks for fewer than the run's. */
export function stepJob(
  step: Pick<LoadJob, 'url' | 'headers' | 'mix'> & { connections?: number },
  settings: Omit<LoadJob, 'url' | 'headers' | 'mix'>,
): LoadJob {
  return {
    url: step.url,
    headers: step.headers,
    ...(step.mix ? { mix: step.mix } : {}),
    connections: Math.min(step.connections ?? settings.connections, settings.connections),
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  };
}

/** Forks bench/load.ts through the same TypeScript loader as `npm run bench`. */
export function load(job: LoadJob, withPostgres: boolean, serverPid: number | null): Promise<Measured> {
  const runner = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));
  const script = fileURLToPath(new URL('./load.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(runner, [script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let outcome: LoadOutcome | null = null;
    let atStart = cpuSnapshot(withPostgres, serverPid);
    let atEnd = atStart;
    child.on('message', (message: LoadOutcome | LoadMeasuring) => {
      if ('phase' in message) {
        atStart = cpuSnapshot(withPostgres, serverPid);
        return;
      }
      atEnd = cpuSnapshot(withPostgres, serverPid);
      outcome = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!outcome) return reject(new Error(`load generator exited with code ${code}`));
      if (!outcome.ok) return reject(new Error(outcome.error));
      const { figures } = outcome;
      const spent = cpuSpent(atStart, atEnd, figures.loadCpuMicros);
      const answered = Math.max(1, figures.requestsTotal);
      resolve({
        figures,
        warmupOk: outcome.warmupOk,
        // The compiled server's own process when it serves, else this one (servers in process).
        serverCpuMicrosPerRequest: (spent.serverMicros ?? spent.selfMicros) / answered,
        postgresCpuMicrosPerRequest: spent.postgresMicros === null ? null : spent.postgresMicros / answered,
        loadCpuMicrosPerRequest: figures.loadCpuMicros / answered,
        machineBusy: spent.machineBusy,
        othersBusy: spent.othersBusy,
      });
    });
    child.send(job);
  });
}
