import type { Logger } from 'pino';
import type { SecretBox } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { type ClaimedAttempt, claimAttemptsForOps } from './webhooks.dispatch.store.ts';

/** The attempts one dispatcher is sending: each resolves once its outcome is recorded. */
export type InFlight = Set<Promise<void>>;

/** Starts sending claimed attempts; each sealed secret is opened once per claim. */
export function createLauncher(deps: {
  secrets: SecretBox;
  logger: Logger;
  inFlight: InFlight;
  asOperator: <T>(work: () => Promise<T>) => Promise<T>;
  /** Sends one attempt; answers whether the dispatcher should claim again after it. */
  attempt: (one: ClaimedAttempt, secrets: string[]) => Promise<boolean>;
  wake: () => void;
}) {
  const { inFlight } = deps;
  return function start(claimed: readonly ClaimedAttempt[]): void {
    const opened = new Map<string, string>();
    const open = (sealed: string) => {
      let secret = opened.get(sealed);
      if (secret === undefined) {
        secret = deps.secrets.open(sealed);
        opened.set(sealed, secret);
      }
      return secret;
    };
    for (const one of claimed) {
      const secrets = one.sealed.map(open);
      let claimAfter = true;
      const running: Promise<void> = deps
        .asOperator(async () => {
          claimAfter = await deps.attempt(one, secrets);
        })
        .catch((err: unknown) =>
          deps.logger.error({ err, delivery_id: one.id }, 'webhook attempt not recorded'),
        )
        .finally(() => {
          inFlight.delete(running);
          if (claimAfter) deps.wake();
        });
      inFlight.add(running);
    }
  };
}

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
      }),
    );
    if (claimed.length === 0) return { claimed: 0, full: false };
    deps.start(claimed);
    return { claimed: claimed.length, full: claimed.length === room };
  };
}
