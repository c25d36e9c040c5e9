/**
 * Readiness: whether this process should be sent calls. Built on its own, so any listener may
 * mount it (platform/http/readiness-route.ts); the service's composition root makes one per
 * process and the shutdown turns it off before the listener closes.
 */

export interface ReadinessCheck {
  /** The name an answer shows: never an address, a message or anything else of the inside. */
  name: string;
  /** Resolves when the dependency is as the code expects; rejects (or never settles) otherwise. */
  run(): Promise<void>;
  /**
   * The process still serves without it (Redis: rate limits then count in the database): when
   * it fails it is reported `degraded`, never a reason to answer not ready.
   */
  optional?: boolean;
}

export interface CheckResult {
  name: string;
  status: 'ok' | 'failing' | 'degraded';
}

export interface ReadinessReport {
  ready: boolean;
  checks: CheckResult[];
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  /** From now on the process is draining: readiness answers not ready, whatever the checks say. */
  drain(): void;
  readonly draining: boolean;
}

/** Each check's own bound: an unanswered database or Redis answers "failing", never a hang. */
export const CHECK_TIMEOUT_MS = 3_000;

function bounded(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'failing'>((resolve) => {
    timer = setTimeout(() => resolve('failing'), timeoutMs);
  });
  const run = check.run().then(
    () => 'ok' as const,
    () => 'failing' as const,
  );
  return Promise.race([run, timeout]).then((status) => {
    clearTimeout(timer);
    return { name: check.name, status: status === 'failing' && check.optional ? 'degraded' : status };
  });
}

export function createReadiness(
  checks: readonly ReadinessCheck[],
  options: { timeoutMs?: number } = {},
): Readiness {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  let draining = false;
  // Calls arriving while a round of checks runs share it: a load balancer polling often never
  // piles statements on a database that is slow to answer.
  let inFlight: Promise<CheckResult[]> | null = null;
  const runChecks = () => {
    inFlight ??= Promise.all(checks.map((check) => bounded(check, timeoutMs))).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  return {
    async check() {
      const results = await runChecks();
      const all = draining ? [...results, { name: 'draining', status: 'failing' as const }] : results;
      return { ready: all.every((result) => result.status !== 'failing'), checks: all };
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
