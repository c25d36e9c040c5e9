import type { Caller, FunderCaller } from '../../platform/caller.ts';
import type { RebuildControl } from '../../platform/write.ts';
import { playBankDataDemo, playCollectionAccountDemo } from '../bank-data/bank-data.module.ts';
import {
  type EarlyPaymentsDemoDeps,
  playEarlyPaymentsDemo,
} from '../early-payments/early-payments.module.ts';
import {
  OPPORTUNITIES_DEMO,
  type OpportunitiesDemoDeps,
  playOpportunitiesDemo,
} from '../opportunities/opportunities.module.ts';
import { PROGRAMME_DEMO, type ProgrammeDemoDeps, playProgrammeDemo } from '../programme/programme.module.ts';
import { playRecourseDemo, RECOURSE_DEMO, type RecourseDemoDeps } from '../recourse/recourse.module.ts';
import { DEMO_REQUIRED_DOCUMENTS } from './demo.companies.ts';
import type { ScenarioDeps } from './demo.scenario.ts';
import { demoSellerSide, type SellerSideDeps } from './demo.seller.ts';

/**
 * The other areas' parts of the demonstration, each built on its area's services; all are
 * required, so a part cannot be left out of the wiring.
 */
export interface DemoParts {
  /** The confidential programme's part of the scenario (programme area). */
  programmeDemo: Omit<ProgrammeDemoDeps, 'parties'> & Pick<SellerSideDeps, 'disclosure'>;
  /** The buyer programme's early payments, one in each status (early-payments area). */
  earlyPaymentsDemo: EarlyPaymentsDemoDeps;
  /** The recourse claims' part of the scenario (recourse area). */
  recourseDemo: Omit<RecourseDemoDeps, 'parties'> & Pick<SellerSideDeps, 'disclosure'>;
  /** The opportunities digest's part, played after the rebuild commits (opportunities area). */
  opportunitiesDemo: OpportunitiesDemoDeps;
}

/** The parts played inside the rebuild's one write, after the scenario, in their order. */
export async function playPartsInRebuild(input: {
  control: RebuildControl;
  deps: DemoParts & ScenarioDeps;
  funder: FunderCaller;
  operator: Caller;
  today: string;
}): Promise<void> {
  const { control, deps, funder, operator, today } = input;
  const { parties, decisions, documents } = deps;
  // Italian companies: the funder's document list for Italy applies to them.
  const documentCodes = DEMO_REQUIRED_DOCUMENTS.find((list) => list.country === 'IT')?.codes ?? [];
  const part = { control, funder, operator, today };
  const sellerSide = (disclosure: SellerSideDeps['disclosure']) =>
    demoSellerSide({ ...part, documentCodes, deps: { documents, decisions, parties, disclosure } });
  // The bank data part: the funder's collection account first (every claim a later part opens
  // names it), and on top of the programme's part a connected seller and an alert.
  await playCollectionAccountDemo({ control, funder, today });
  const programme = await playProgrammeDemo({
    ...part,
    deps: { ...deps.programmeDemo, parties },
    seller: sellerSide(deps.programmeDemo.disclosure),
  });
  if (programme.requests[0]) {
    await playBankDataDemo({ control, funder, today, requestId: programme.requests[0] });
  }
  await playEarlyPaymentsDemo({ ...part, deps: deps.earlyPaymentsDemo });
  await playRecourseDemo({
    ...part,
    deps: { ...deps.recourseDemo, parties },
    seller: sellerSide(deps.recourseDemo.disclosure),
  });
}

/** The digest's clients and their invoices, through the services, once the plane is rebuilt. */
export async function playPartsAfterRebuild(input: {
  deps: DemoParts;
  operator: Caller;
  funderId: string;
  now: Date;
}): Promise<void> {
  const { deps, operator } = input;
  if (operator.kind === 'operator') {
    await playOpportunitiesDemo({
      deps: deps.opportunitiesDemo,
      operator,
      funderId: input.funderId,
      now: input.now,
    });
  }
}

/** The companies the parts add on top of the scenario's. */
export function partsCounts(operator: Caller): { sellers: number; debtors: number } {
  const parts = [PROGRAMME_DEMO, RECOURSE_DEMO, operator.kind === 'operator' ? OPPORTUNITIES_DEMO : null];
  return {
    sellers: parts.reduce((sum, p) => sum + (p?.sellers ?? 0), 0),
    debtors: parts.reduce((sum, p) => sum + (p?.debtors ?? 0), 0),
  };
}
