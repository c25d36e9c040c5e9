import type { Logger } from 'pino';
import type { SecretBox } from '../../platform/crypto.ts';
import type { Preparation } from './webhooks.attempt.ts';
import type { InFlight } from './webhooks.claims.ts';
import type { ClaimedAttempt } from './webhooks.dispatch.store.ts';

/**
 * Starts sending claimed attempts; each sealed secret is opened once per claim. A secret that
 * does not open fails its own attempt (webhooks.attempt.ts records why, on the retry schedule)
 * and nothing else: every other attempt of the claim starts all the same.
 */
export function createLauncher(deps: {
  secrets: SecretBox;
  logger: Logger;
  inFlight: InFlight;
  /** The ids of the attempts being sent, whose leases this dispatcher renews. */
  sending: Set<string>;
  asOperator: <T>(work: () => Promise<T>) => Promise<T>;
  /** Sends one attempt; answers whether the dispatcher should claim again after it. */
  attempt: (one: ClaimedAttempt, prepared: Preparation) => Promise<boolean>;
  wake: () => void;
}) {
  const { inFlight, sending } = deps;
  return function start(claimed: readonly ClaimedAttempt[]): void {
    const opened = new Map<string, string | null>();
    const open = (sealed: string): string | null => {
      let secret = opened.get(sealed);
      if (secret === undefined) {
        try {
          secret = deps.secrets.open(sealed);
        } catch {
          secret = null;
        }
        opened.set(sealed, secret);
      }
      return secret;
    };
    for (const one of claimed) {
      let prepared: Preparation;
      try {
        const secrets = one.sealed.map(open);
        prepared = secrets.every((secret) => secret !== null)
          ? { secrets: secrets as string[] }
          : { failure: 'secret' };
      } catch {
        prepared = { failure: 'body' };
      }
      let claimAfter = true;
      sending.add(one.id);
      const running: Promise<void> = deps
        .asOperator(async () => {
          claimAfter = await deps.attempt(one, prepared);
        })
        .catch((err: unknown) =>
          deps.logger.error({ err, delivery_id: one.id }, 'webhook attempt not recorded'),
        )
        .finally(() => {
          sending.delete(one.id);
          inFlight.delete(running);
          if (claimAfter) deps.wake();
        });
      inFlight.add(running);
    }
  };
}
