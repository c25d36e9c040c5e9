import { type FunderCaller, type Plane, requireSandbox, scopeOf } from '../../platform/caller.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { executeRun, type NightDeps, publish, startNight } from './opportunities.nightly.ts';
import * as runs from './opportunities.runs.store.ts';
import * as store from './opportunities.store.ts';
import { digestRef } from './opportunities.views.ts';

/**
 * The operations team's hand on the night (run one funder's night now, start a night, publish
 * its digests, list the runs) and a sandbox key's preview of a night ahead.
 */
export function createNightlyRuns(deps: NightDeps) {
  const { db, clock } = deps;

  return {
    /**
     * Runs one funder's night now, whatever the hour (operations, the benchmark, the demo): the
     * same run the nightly job would make, created once.
     */
    async runNightForOps(owner: { funderId: string; plane: Plane }, date: string) {
      const id = await runAs(OPERATOR, () => runs.ensureRunForOps(db, owner, date, clock.now(), newId()));
      if (!id) throw new ApiError('not_found', 'No funder has this bank_id.');
      const status = await runAs(OPERATOR, () => executeRun(deps, id, false));
      return { run_id: id, status };
    },
    startNight: (date: string) => runAs(OPERATOR, () => startNight(deps, date)),
    /** Publishes a night's digests now: every funder's, or one funder's (the demonstration). */
    publishForOps: (
      date: string,
      owner: { funderId: string; plane: Plane } | null = null,
      options: { quiet?: boolean } = {},
    ) => runAs(OPERATOR, () => publish(deps, date, owner, options)),

    /**
     * Sandbox: the digest of night `date` (a Madrid day ahead of the service clock, a request's
     * own day) as this sandbox key sees it: the shared one when that night has come and gone,
     * else the key's own preview, made now when missing. A preview is the run the nightly job
     * would make that night (the same statements, with that date) compared with the latest
     * completed run the key sees, published for the key alone with its event. It is computed
     * as the operator, as the nightly job is: the rules read every request and dispute of the
     * plane. Null when the nightly job makes no runs for the funder (no clients): that night
     * would have no digest either.
     */
    async previewNightForKey(caller: FunderCaller, date: string) {
      requireSandbox(caller);
      const owner = scopeOf(caller);
      const keyId = caller.keyId;
      const row = await runAs(OPERATOR, async () => {
        const seen = await store.digestFor(db, owner, keyId, date, clock.now());
        if (seen) return seen;
        if (!(await runs.makesNightsForOps(db, owner))) return null;
        const id = await runs.ensurePreviewRunForOps(db, owner, keyId, date, clock.now(), newId());
        await executeRun(deps, id, false, true);
        await publish(deps, date, owner, { sandboxKeyId: keyId });
        // Made now, or by a call of the same key that got there first.
        return store.digestFor(db, owner, keyId, date, clock.now());
      });
      return row && digestRef(row);
    },

    /** The latest runs of a funder, for the operations team. */
    async runsForOps(bankId: string, plane: Plane) {
      const rows = await runAs(OPERATOR, () => store.runsForOps(db, { funderId: bankId, plane }, 30));
      return {
        runs: rows.map((r) => ({
          run_id: r.id,
          date: r.run_date,
          status: r.status,
          snapshot_at: r.snapshot_at?.toISOString() ?? null,
          completed_at: r.completed_at?.toISOString() ?? null,
          eligible_count: r.eligible_count,
        })),
      };
    },
  };
}
