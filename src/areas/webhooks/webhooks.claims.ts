import type { Db } from '../../platform/db/db.ts';
import { type ClaimedAttempt, claimAttemptsForOps } from './webhooks.dispatch.store.ts';

/** The attempts one dispatcher is sending: each resolves once its outcome is recorded. */
export type InFlight = Set<Promise<void>>;

/**
 * Claims what is due, as far as the bounds allow, and starts sending; answers how many were
 * claimed and whether the claim was full (then more may be due at once).
 */
export function createPump(deps: {
  db: () => Db;
  now: () => Promise<Date>;
  workerId: string;
  leaseSeconds: number;
  perEndpoint: number;
  maxInFlight: number;
  inFlight: InFlight;
  /** The ids of the attempts this dispatcher is sending. */
  sending: ReadonlySet<string>;
  start: (claimed: readonly ClaimedAttempt[]) => void;
}) {
  return async function pump(): Promise<{ claimed: number; full: boolean }> {
    const room = deps.maxInFlight - deps.inFlight.size;
    if (room <= 0) return { claimed: 0, full: false };
    const at = await deps.now();
    const claimed = await deps.db().transaction((tx) =>
      claimAttemptsForOps(tx, {
        workerId: deps.workerId,
        now: at,
        leaseSeconds: deps.leaseSeconds,
        limit: room,
        perEndpoint: deps.perEndpoint,
        sending: [...deps.sending],
      }),
    );
    if (claimed.length === 0) return { claimed: 0, full: false };
    deps.start(claimed);
    return { claimed: claimed.length, full: claimed.length === room };
  };
}
