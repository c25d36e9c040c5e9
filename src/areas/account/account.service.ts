import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createAccountCaller } from './account.caller.ts';
import { createAccountFunders } from './account.funders.ts';
import { createAccountKeys } from './account.keys.ts';
import { createAccountOperators } from './account.operators.ts';

export type AccountService = ReturnType<typeof createAccountService>;

/** Funders and their keys (the operations team's side, and the calling key's), and named operators. */
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  /** Rate limits counted in the database: the key lookup counts the call in the same statement. */
  countOnLookup?: boolean;
}) {
  return {
    ...createAccountFunders(deps),
    ...createAccountKeys(deps),
    ...createAccountCaller(deps),
    ...createAccountOperators(deps),
  };
}
