/**
 * The load generator, run in its own process (forked by bench/run.ts) so that autocannon's
 * own work never competes with the event loop of the server it measures.
 *
 * It receives one LoadJob over IPC, runs a warm-up then the measured run, answers with a
 * LoadOutcome and exits.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  requestsTotal: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /** CPU time the load generator itself used during the measured run, in microseconds. */
  loadCpuMicros: number;
}

/** Sent when the warm-up is over and the measured run starts. */
export interface LoadMeasuring {
  phase: 'measuring';
}

export type LoadOutcome = { ok: true; warmupOk: number; figures: LoadFigures } | { ok: false; error: string };

async function run(job: LoadJob): Promise<LoadOutcome> {
  const base = { url: job.url, headers: job.headers, connections: job.connections };
  let warmupOk = 0;
  if (job.warmupSeconds > 0) {
    const warm = await autocannon({ ...base, duration: job.warmupSeconds });
    warmupOk = warm['2xx'];
  }
  process.send!({ phase: 'measuring' } satisfies LoadMeasuring);
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ ...base, duration: job.durationSeconds });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    ok: true,
    warmupOk,
    figures: {
      requestsPerSecond: result.requests.average,
      requestsTotal: result.requests.total,
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      latencyMax: result.latency.max,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      durationSeconds: result.duration,
      loadCpuMicros: cpu.user + cpu.system,
    },
  };
}

// The benchmark stopped (interrupted or failed): no one is left to read the figures.
process.once('disconnect', () => process.exit(0));

process.once('message', (job: LoadJob) => {
  run(job)
    .catch((err: unknown): LoadOutcome => ({ ok: false, error: String((err as Error)?.stack ?? err) }))
    .then((outcome) => process.send!(outcome, () => process.exit(0)));
});
