import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Caller, Plane } from '../../platform/caller.ts';
import { findDebtor } from './parties.reads.ts';
import type { DebtorInput } from './parties.rules.ts';
import { type Debtor, found } from './parties.views.ts';
import { insertDebtor } from './parties.writes.ts';

/** The operations team's debtors: created and read. */
export function createDebtors(deps: Pick<AreaDeps, 'db' | 'write'>) {
  const { db, write } = deps;

  return {
    createDebtor(caller: Caller, input: DebtorInput & { plane: Plane }): Promise<Debtor> {
      const { plane, ...debtor } = input;
      return write(caller, ({ tx, now, evidence }) => insertDebtor(tx, plane, debtor, now, evidence));
    },

    async getDebtor(id: string): Promise<Debtor> {
      return found(await findDebtor(db, id), 'Debtor');
    },
  };
}
