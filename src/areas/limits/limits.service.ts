import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createLimitBooks } from './limits.books.ts';
import { createCreditLimitGuard } from './limits.guard.ts';

export type { LimitBookAnswer } from './limits.books.ts';

export type LimitsService = ReturnType<typeof createLimitsService>;

/**
 * Credit limits: the two books (limits.books) and the check that holds them when an offer is
 * made (`offerGuard`, limits.guard), which the decisions area is built on.
 */
export function createLimitsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  return {
    ...createLimitBooks(deps),
    /** Refuses an offer a limit cannot hold (409 credit_limit). */
    offerGuard: createCreditLimitGuard(deps.clock),
  };
}
