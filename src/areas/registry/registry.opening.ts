import type { AreaDeps } from '../../platform/area-deps.ts';
import type { OperatorCaller } from '../../platform/caller.ts';
import { requireReason } from '../../platform/reasons.ts';
import * as store from './registry.store.ts';
import { opsView } from './registry.views.ts';

/** The operations team's side of the registry: the live registry's state, opened or closed. */
export function createOpening(deps: Pick<AreaDeps, 'db' | 'write'>) {
  const { db, write } = deps;

  return {
    /** The live registry's state and who looked up how much, for the operations team. */
    async opsState() {
      const row = await store.planeStateForOps(db, 'live');
      return opsView(row, false, await store.lookupCountsByFunderForOps(db, 'live'));
    },

    /** Opens or closes the live registry; the same state again changes nothing. */
    async setOpen(operator: OperatorCaller, open: boolean, reason: string) {
      const trimmed = requireReason(reason);
      const { row, changed } = await write(operator, async ({ tx, now, evidence }) => {
        const before = await store.planeStateForOps(tx, 'live', true);
        if ((before?.open ?? false) === open) return { row: before, changed: false };
        const after = await store.setPlaneStateForOps(tx, 'live', open, trimmed, now);
        evidence({
          funderId: null,
          plane: 'live',
          kind: open ? 'registry.opened' : 'registry.closed',
          subjectType: 'registry',
          subjectId: 'live',
          payload: { reason: trimmed },
        });
        return { row: after, changed: true };
      });
      return opsView(row, changed, await store.lookupCountsByFunderForOps(db, 'live'));
    },
  };
}
