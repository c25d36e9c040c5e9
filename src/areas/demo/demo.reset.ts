import type { Caller } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { runAsOneWrite } from '../../platform/write.ts';
import type { AccountService } from '../account/account.module.ts';
import { seedDemoPayerRecords } from '../payer-record/payer-record.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { everyThirtySeconds, exclusive, type LeaseTimer } from './demo.lease.ts';
import { type DemoParts, partsCounts, playPartsAfterRebuild, playPartsInRebuild } from './demo.parts.ts';
import { playScenario, type ScenarioDeps, scenarioCaller } from './demo.scenario.ts';
import * as store from './demo.store.ts';

export const DEMO_FUNDER_NAME = 'Banco Demostración';

/** What the reset is built from: its own reads, the services it plays through and the parts. */
export type ResetDeps = {
  db: Db;
  clock: Clock;
  account: AccountService;
  settings: Pick<SettingsService, 'getRequiredDocuments'>;
  /** Renews the reset's lease while it runs; every thirty seconds unless a test steps it. */
  leaseTimer?: LeaseTimer;
} & DemoParts &
  ScenarioDeps;

/**
 * The reset of the demonstration plane: the demonstration funder made once, then every
 * demonstration row deleted and the scenario and the parts played again in one transaction.
 * Resets in one process run one after the other; across servers, a lease in the database lets
 * one run at a time, renewed while it runs and checked again just before the commit.
 */
export function createReset(deps: ResetDeps) {
  const leaseTimer = deps.leaseTimer ?? everyThirtySeconds;

  async function ensureFunder(caller: Caller): Promise<{ id: string; created: boolean }> {
    const existing = await store.demoFunderId(deps.db);
    if (existing) return { id: existing, created: false };
    const funder = await deps.account.createFunder(caller, {
      name: DEMO_FUNDER_NAME,
      environment: 'sandbox',
      demonstration: true,
    });
    await store.saveDemoFunderId(deps.db, funder.bank_id);
    // Another server may have stored its own first: that one is the demonstration funder.
    const stored = (await store.demoFunderId(deps.db)) ?? funder.bank_id;
    return { id: stored, created: stored === funder.bank_id };
  }

  async function rebuild(caller: Caller, holder: string) {
    const funder = await ensureFunder(caller);
    const now = deps.clock.now();
    const today = madridDate(now);
    const asFunder = scenarioCaller({ id: funder.id, name: await store.funderName(deps.db, funder.id) }, now);
    // The catalogue is read before the rebuild's transaction opens: it is fixed reference data.
    const { catalogue } = await deps.settings.getRequiredDocuments(asFunder);

    const built = await runAsOneWrite(deps, 'demo', async (control) => {
      await store.clearDemoPlane(control.tx);
      const scenario = await playScenario({
        control,
        deps,
        funder: asFunder,
        operator: caller,
        today,
        catalogue,
      });
      await playPartsInRebuild({ control, deps, funder: asFunder, operator: caller, today });
      // What suppliers' ledgers and public sources say about the demonstration debtors, today.
      control.playAt(now);
      const payerRecords = await control.write(caller, async (scope) => {
        const seeded = await seedDemoPayerRecords(scope);
        scope.evidence({
          funderId: funder.id,
          plane: 'demo',
          kind: 'demo.reset',
          subjectType: 'plane',
          subjectId: 'demo',
          payload: { ...scenario, ledger_lines: seeded.ledger_lines },
        });
        return seeded;
      });
      if (!(await store.holdsResetLease(control.tx, holder))) {
        throw new ApiError(
          'conflict',
          'The reset took so long that another server took it over; this one changed nothing.',
        );
      }
      return { ...scenario, ledger_lines: payerRecords.ledger_lines };
    });

    await playPartsAfterRebuild({ deps, operator: caller, funderId: funder.id, now });
    // The parts' companies and their debtors come on top of the scenario's.
    const parts = partsCounts(caller);
    return {
      bank_id: funder.id,
      sellers: built.sellers + parts.sellers,
      debtors: built.debtors + parts.debtors,
      created_funder: funder.created,
    };
  }

  let running: Promise<unknown> = Promise.resolve();

  return {
    demoFunderId: () => store.demoFunderId(deps.db),

    /** Rebuilds the demonstration plane; answers the demonstration funder. */
    reset(
      caller: Caller,
    ): Promise<{ bank_id: string; sellers: number; debtors: number; created_funder: boolean }> {
      const run = () => exclusive({ db: deps.db, leaseTimer }, (holder) => rebuild(caller, holder));
      const next = running.then(run, run);
      running = next.catch(() => undefined);
      return next;
    },
  };
}
