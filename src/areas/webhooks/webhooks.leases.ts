import type { Logger } from 'pino';
import type { Db } from '../../platform/db/db.ts';
import { renewLeasesForOps } from './webhooks.dispatch.store.ts';

/**
 * Keeps this dispatcher's leases on the attempts it is sending: every `everyMs` (real time) each
 * one's end moves to now + the lease. The lease is short, so a dispatcher that dies frees what it
 * held within one lease, sent or not; renewing is what lets an attempt run longer than that (a
 * slow receiver, up to the sender's time-out). A renewal that fails is logged and tried at the
 * next turn: the lease outlasts several turns.
 */
export function createLeaseKeeper(deps: {
  db: () => Db;
  now: () => Promise<Date>;
  logger: Logger;
  workerId: string;
  leaseSeconds: number;
  everyMs: number;
  /** The ids of the attempts being sent (webhooks.claims.ts keeps it). */
  sending: ReadonlySet<string>;
  asOperator: <T>(work: () => Promise<T>) => Promise<T>;
}) {
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;

  async function beat(): Promise<void> {
    const ids = [...deps.sending];
    if (ids.length === 0) return;
    try {
      const now = await deps.now();
      await deps.asOperator(() =>
        renewLeasesForOps(deps.db(), { workerId: deps.workerId, ids, now, leaseSeconds: deps.leaseSeconds }),
      );
    } catch (err) {
      deps.logger.warn({ err, attempts: ids.length }, 'renewing webhook attempt leases failed');
    }
  }

  return {
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        // A turn still under way (a slow database) is not queued behind: the next one comes.
        beating ??= beat().finally(() => {
          beating = null;
        });
      }, deps.everyMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await beating;
    },
  };
}
