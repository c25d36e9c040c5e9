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
  /** Writes among the reads: one after every `everyReads` answers, the bodies taken in turn. */
  mix?: LoadMix;
}

export interface LoadMix {
  everyReads: number;
  method: 'PUT' | 'POST';
  url: string;
  headers: Record<string, string>;
  bodies: string[];
}

/** The writes of a mixed run: how many answered 2xx, how many did not, and their latency. */
export interface WriteFigures {
  ok: number;
  failed: number;
  latencyP50: number;
  latencyP99: number;
  firstFailure: string | null;
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
  /** A mixed run's writes (not counted in the figures above, which are the reads'). */
  writes?: WriteFigures;
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
  const writer = job.mix ? mixedWriter(job.mix) : null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...base, duration: job.durationSeconds }, (err, done) =>
      err ? reject(err) : resolve(done),
    );
    if (writer) instance.on('response', writer.onRead);
  });
  const writes = writer ? await writer.finish() : undefined;
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
      ...(writes ? { writes } : {}),
    },
  };
}

/**
 * The writes of a mixed run: after every `everyReads` read answers one write is sent (a few at
 * most in flight; one due while they are is sent when one returns), each body in turn, so every
 * write changes what the funder's reads show and no kept answer survives it for long.
 */
function mixedWriter(mix: LoadMix) {
  const MAX_IN_FLIGHT = 4;
  let reads = 0;
  let due = 0;
  let inFlight = 0;
  let turn = 0;
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  const pending = new Set<Promise<void>>();
  const send = () => {
    while (due > 0 && inFlight < MAX_IN_FLIGHT) {
      due--;
      inFlight++;
      const body = mix.bodies[turn++ % mix.bodies.length]!;
      const started = performance.now();
      const sent: Promise<void> = fetch(mix.url, { method: mix.method, headers: mix.headers, body })
        .then(async (answer) => {
          const text = await answer.text();
          if (answer.ok) latencies.push(performance.now() - started);
          else {
            failed++;
            firstFailure ??= `${answer.status} ${text.slice(0, 300)}`;
          }
        })
        .catch((err: Error) => {
          failed++;
          firstFailure ??= err.message;
        })
        .finally(() => {
          inFlight--;
          pending.delete(sent);
          send();
        });
      pending.add(sent);
    }
  };
  return {
    onRead: () => {
      reads++;
      if (reads % mix.everyReads === 0) {
        due++;
        send();
      }
    },
    async finish(): Promise<WriteFigures> {
      due = 0;
      while (pending.size > 0) await Promise.allSettled([...pending]);
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        latencies.length === 0
          ? 0
          : latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
      return { ok: latencies.length, failed, latencyP50: at(0.5), latencyP99: at(0.99), firstFailure };
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
