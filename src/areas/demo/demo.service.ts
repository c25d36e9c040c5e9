import type { Caller } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { runAsOneWrite } from '../../platform/write.ts';
import type { AccountService } from '../account/account.module.ts';
import { playBankDataDemo, playCollectionAccountDemo } from '../bank-data/bank-data.demo.ts';
import { type EarlyPaymentsDemoDeps, playEarlyPaymentsDemo } from '../early-payments/early-payments.demo.ts';
import {
  OPPORTUNITIES_DEMO,
  type OpportunitiesDemoDeps,
  playOpportunitiesDemo,
} from '../opportunities/opportunities.demo.ts';
import { seedDemoPayerRecords } from '../payer-record/payer-record.service.ts';
import { PROGRAMME_DEMO, type ProgrammeDemoDeps, playProgrammeDemo } from '../programme/programme.demo.ts';
import { playRecourseDemo, RECOURSE_DEMO, type RecourseDemoDeps } from '../recourse/recourse.demo.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { DEMO_REQUIRED_DOCUMENTS } from './demo.companies.ts';
import { playScenario, type ScenarioDeps, scenarioCaller } from './demo.scenario.ts';
import * as store from './demo.store.ts';

export const DEMO_FUNDER_NAME = 'Banco Demostración';

/** How long a reset's lease lasts without renewal, and how often a running reset renews it. */
const LEASE_SECONDS = 120;
const RENEW_EVERY_MS = 30_000;

/** Calls `renew` every so often until the returned function stops it. */
export type LeaseTimer = (renew: () => Promise<unknown>) => () => void;

const everyThirtySeconds: LeaseTimer = (renew) => {
  const timer = setInterval(() => void renew(), RENEW_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};

export type DemoService = ReturnType<typeof createDemoService>;

/**
 * The demonstration plane: a demonstration funder shared by sandbox keys, with the fictitious
 * companies and the three months of business of `demo.scenario.ts`. A reset deletes every
 * demonstration row and plays the scenario again, all in one transaction: it lands whole, or
 * fails and leaves the plane as it was. Nothing on the live plane is read or written.
 *
 * Resets in one process run one after the other; across servers, a lease in the database lets
 * one run at a time, renewed while it runs and checked again just before the commit.
 */
export function createDemoService(
  deps: {
    db: Db;
    clock: Clock;
    account: AccountService;
    settings: Pick<SettingsService, 'getRequiredDocuments'>;
    /** Renews the reset's lease while it runs; every thirty seconds unless a test steps it. */
    leaseTimer?: LeaseTimer;
    /** The confidential programme's part of the scenario (programme area). */
    programmeDemo?: Omit<ProgrammeDemoDeps, 'parties' | 'decisions' | 'documents'>;
    /** The buyer programme's early payments, one in each status (early-payments area). */
    earlyPaymentsDemo?: EarlyPaymentsDemoDeps;
    /** The recourse claims' part of the scenario (recourse area). */
    recourseDemo?: Omit<RecourseDemoDeps, 'parties' | 'decisions' | 'documents'>;
    /**
     * The bank data part (bank data area): the funder's collection account, played first, and on
     * top of the programme's part a connected seller and an alert.
     */
    bankDataDemo?: boolean;
    /** The opportunities digest's part, played after the rebuild commits (opportunities area). */
    opportunitiesDemo?: OpportunitiesDemoDeps;
  } & ScenarioDeps,
) {
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
        today: madridDate(now),
        catalogue,
      });
      // The funder's collection account first: every claim a later part opens names it.
      if (deps.bankDataDemo) {
        await playCollectionAccountDemo({ control, funder: asFunder, today: madridDate(now) });
      }
      if (deps.programmeDemo) {
        const { parties, decisions, documents } = deps;
        const programme = await playProgrammeDemo({
          control,
          deps: { ...deps.programmeDemo, parties, decisions, documents },
          funder: asFunder,
          operator: caller,
          today: madridDate(now),
          documentCodes: DEMO_REQUIRED_DOCUMENTS.find((list) => list.country === 'IT')?.codes ?? [],
        });
        if (deps.bankDataDemo && programme.requests[0]) {
          await playBankDataDemo({
            control,
            funder: asFunder,
            today: madridDate(now),
            requestId: programme.requests[0],
          });
        }
      }
      if (deps.earlyPaymentsDemo) {
        await playEarlyPaymentsDemo({
          control,
          deps: deps.earlyPaymentsDemo,
          funder: asFunder,
          operator: caller,
          today: madridDate(now),
        });
      }
      if (deps.recourseDemo) {
        const { parties, decisions, documents } = deps;
        await playRecourseDemo({
          control,
          deps: { ...deps.recourseDemo, parties, decisions, documents },
          funder: asFunder,
          operator: caller,
          today: madridDate(now),
          documentCodes: DEMO_REQUIRED_DOCUMENTS.find((list) => list.country === 'IT')?.codes ?? [],
        });
      }
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

    // The digest's clients and their invoices, through the services, once the plane is rebuilt.
    if (deps.opportunitiesDemo && caller.kind === 'operator') {
      await playOpportunitiesDemo({
        deps: deps.opportunitiesDemo,
        operator: caller,
        funderId: funder.id,
        now,
      });
    }
    // The programme's confidential company and its debtors come on top of the scenario's.
    const programme = deps.programmeDemo ? PROGRAMME_DEMO : { sellers: 0, debtors: 0 };
    const recourse = deps.recourseDemo ? RECOURSE_DEMO : { sellers: 0, debtors: 0 };
    const opportunities =
      deps.opportunitiesDemo && caller.kind === 'operator' ? OPPORTUNITIES_DEMO : { sellers: 0, debtors: 0 };
    return {
      bank_id: funder.id,
      sellers: built.sellers + programme.sellers + recourse.sellers + opportunities.sellers,
      debtors: built.debtors + programme.debtors + recourse.debtors + opportunities.debtors,
      created_funder: funder.created,
    };
  }

  let running: Promise<unknown> = Promise.resolve();

  /** Across servers, one reset at a time, under a lease renewed while the reset runs. */
  async function exclusive<T>(work: (holder: string) => Promise<T>): Promise<T> {
    const holder = newId();
    if (!(await store.takeResetLease(deps.db, holder, LEASE_SECONDS))) {
      throw new ApiError(
        'conflict',
        'Another server is resetting the demonstration plane; retry in a moment.',
      );
    }
    // A renewal that fails leaves the lease to lapse; the check before the commit then refuses.
    const stop = leaseTimer(() => store.renewResetLease(deps.db, holder, LEASE_SECONDS).catch(() => null));
    try {
      return await work(holder);
    } finally {
      stop();
      await store.freeResetLease(deps.db, holder);
    }
  }

  return {
    demoFunderId: () => store.demoFunderId(deps.db),

    /** Rebuilds the demonstration plane; answers the demonstration funder. */
    reset(
      caller: Caller,
    ): Promise<{ bank_id: string; sellers: number; debtors: number; created_funder: boolean }> {
      const run = () => exclusive((holder) => rebuild(caller, holder));
      const next = running.then(run, run);
      running = next.catch(() => undefined);
      return next;
    },
  };
}
