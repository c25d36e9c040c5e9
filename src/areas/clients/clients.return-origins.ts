import type { OperatorCaller } from '../../platform/caller.ts';
import type { Db } from '../../platform/db/db.ts';
import { funderExists } from '../../platform/db/funders.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as clientsStore from './clients.invitations.store.ts';
import { httpsOrigin } from './clients.onboarding-return.ts';

/** The https origins each funder's onboarding links may send their suppliers back to. */
export function createReturnOrigins(deps: { db: Db; write: RunWrite }) {
  const { db, write } = deps;

  async function returnOrigins(funderId: string): Promise<string[]> {
    const kept = await clientsStore.returnOriginsOf(db, funderId);
    if (!kept) return [];
    // The demonstration funder's list holds the documentation's example origin unless set.
    if (!kept.kept && kept.demonstration) return ['https://example.com'];
    return kept.origins;
  }

  return {
    returnOrigins,

    /** The operations team keeps each funder's return origins (https, scheme and host). */
    async setReturnOrigins(caller: OperatorCaller, funderId: string, origins: string[]) {
      const normal = origins.map((raw) => {
        const origin = httpsOrigin(raw);
        if (!origin || origin !== raw.replace(/\/$/, '')) {
          throw new ApiError('body_invalid', `${raw} is not an https origin (scheme and host, no path).`, {
            extra: { field: 'origins' },
          });
        }
        return origin;
      });
      const unique = [...new Set(normal)].sort();
      await write(caller, async (scope) => {
        if (!(await funderExists(scope.tx, funderId)))
          throw new ApiError('not_found', 'Funder was not found.');
        await clientsStore.setReturnOriginsForOps(scope.tx, funderId, unique, scope.now);
        scope.evidence({
          funderId,
          plane: null,
          kind: 'funder.return_origins_set',
          subjectType: 'funder',
          subjectId: funderId,
          payload: { origins: unique },
        });
      });
      return { bank_id: funderId, origins: unique };
    },
  };
}
