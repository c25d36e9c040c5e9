import type { Caller, FunderCaller } from '../../platform/caller.ts';
import { SCOPES } from '../../platform/http/scopes.ts';
import type { RebuildControl, WriteScope } from '../../platform/write.ts';
import type { DecisionInput } from '../decisions/decisions.module.ts';
import { DEMO_DEBTORS, DEMO_SELLERS, type DebtorKey, type SellerKey } from './demo.companies.ts';
import { type Plan, planCompanies, planRequests, planSettings } from './demo.plan.ts';
import { DEMO_REQUESTS } from './demo.requests.ts';
import { invoiceNumbers, type Step, type StepKind, stepInstant } from './demo.timeline.ts';

/**
 * The demonstration scenario, played as it would have happened: three months of a funder's
 * business replayed step by step, each step at its own instant in the past (`playAt`), through
 * the same service functions the operations API, the sandbox endpoints and the funder API use.
 * The whole replay is one transaction (see `runAsOneWrite`): it lands whole or not at all.
 *
 * Days are counted from the Madrid date of the runtime clock: `-30` is thirty days ago.
 */

/** The key id the scenario's decisions carry: no real key, so none can be revoked or leaked. */
export const SCENARIO_KEY_ID = '00000000-0000-0000-0000-000000000000';

/** The demonstration funder acting through the funder API, as the scenario's decisions do. */
export function scenarioCaller(funder: { id: string; name: string }, now: Date): FunderCaller {
  return {
    kind: 'funder',
    funderId: funder.id,
    funderName: funder.name,
    environment: 'sandbox',
    plane: 'demo',
    keyId: SCENARIO_KEY_ID,
    keyName: 'demonstration scenario',
    scopes: SCOPES,
    keyDetails: { prefix: 'demo', createdAt: now, expiresAt: null, prospect: null },
    requestId: 'demo-reset',
  };
}

import type { CatalogueEntry, ScenarioDeps } from './demo.plan.ts';

export type { CatalogueEntry, ScenarioDeps };

/** What the scenario built. */
export interface Built {
  sellers: number;
  debtors: number;
  documents: number;
  invoices: number;
  requests: number;
}

/**
 * Runs one step. A refusal here is the service's fault, not the operator's: it becomes an
 * internal error naming the step, with the refusal as its cause.
 */
async function named<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`demonstration scenario, ${what}: ${reason}`, { cause: err });
  }
}

/**
 * Plays the whole scenario inside the rebuild `control`, from the oldest step to today's,
 * with the demonstration funder `funder` and the operations team `operator` as actors.
 */
export async function playScenario(input: {
  control: RebuildControl;
  deps: ScenarioDeps;
  funder: FunderCaller;
  operator: Caller;
  today: string;
  catalogue: readonly CatalogueEntry[];
}): Promise<Built> {
  const { control, deps, funder, operator, today, catalogue } = input;
  const steps: Step[] = [];
  const at = (day: number, kind: StepKind, what: string, run: (scope: WriteScope) => Promise<unknown>) =>
    steps.push({ day, kind, what, run });
  /** A decision of the funder: its own write, through the decisions service. */
  const decide = (
    day: number,
    kind: StepKind,
    what: string,
    id: () => string,
    body: Record<string, unknown>,
  ) =>
    steps.push({
      day,
      kind,
      what,
      run: async () => deps.decisions.decide(funder, id(), body as DecisionInput),
    });

  const plan: Plan = {
    deps,
    funder,
    today,
    catalogue,
    at,
    decide,
    debtorIds: new Map<DebtorKey, string>(),
    sellerIds: new Map<SellerKey, string>(),
    requestIds: [],
    numbers: invoiceNumbers(today, DEMO_SELLERS, DEMO_REQUESTS),
    counts: { documents: 0, invoices: 0 },
  };
  planCompanies(plan);
  planSettings(plan);
  planRequests(plan);
  await playSteps(control, operator, today, steps);

  return {
    sellers: DEMO_SELLERS.length,
    debtors: DEMO_DEBTORS.length,
    documents: plan.counts.documents,
    invoices: plan.counts.invoices,
    requests: DEMO_REQUESTS.length,
  };
}

/**
 * Plays the steps oldest first; on one day in the order a working day runs; otherwise as
 * planned. Steps of one instant share one write.
 */
async function playSteps(control: RebuildControl, operator: Caller, today: string, steps: Step[]) {
  const ordered = steps
    .map((step, order) => ({ step, order, instant: stepInstant(today, step.day, step.kind) }))
    .sort((a, b) => a.instant.getTime() - b.instant.getTime() || a.order - b.order);
  for (let i = 0; i < ordered.length; ) {
    const instant = ordered[i]!.instant;
    const batch: Step[] = [];
    for (; i < ordered.length && ordered[i]!.instant.getTime() === instant.getTime(); i += 1) {
      batch.push(ordered[i]!.step);
    }
    control.playAt(instant);
    await control.write(operator, async (scope) => {
      for (const step of batch) await named(step.what, () => step.run(scope));
    });
  }
}
