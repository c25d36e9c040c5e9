import type { debtorInfoModule } from '../src/areas/debtor-info/debtor-info.module.ts';
import type { decisionsModule } from '../src/areas/decisions/decisions.module.ts';
import type { demoModule } from '../src/areas/demo/demo.module.ts';
import type { payerRecordModule } from '../src/areas/payer-record/payer-record.module.ts';
import type { requestsModule } from '../src/areas/requests/requests.module.ts';

/*
 * A dependency that carries a rule is required by the type of the module that needs it: wiring
 * that leaves one out does not compile. `npm run check` (tsc) reads this file: each line marked
 * below must be a type error, and a marked line that is not one fails the check itself, so a rule
 * made optional again (or a guard list allowed empty) is caught.
 */
type DecisionsDeps = Parameters<typeof decisionsModule>[0];
type RequestsDeps = Parameters<typeof requestsModule>[0];
declare const decisionsDeps: DecisionsDeps;
declare const requestsDeps: RequestsDeps;

const { offerGuards: _guards, ...withoutGuards } = decisionsDeps;
// @ts-expect-error the offer guards (the credit limits) cannot be left out
export const noGuards: DecisionsDeps = withoutGuards;
// @ts-expect-error nor given as an empty list
export const emptyGuards: DecisionsDeps = { ...withoutGuards, offerGuards: [] };

const { clientOwnerOf: _owners, ...withoutOwners } = requestsDeps;
// @ts-expect-error own-client routing cannot be left out
export const noOwners: RequestsDeps = withoutOwners;

const { paymentObservers: _observers, ...withoutObservers } = requestsDeps;
// @ts-expect-error the payments' observers (recourse claims) cannot be left out
export const noObservers: RequestsDeps = withoutObservers;
// @ts-expect-error nor given as an empty list
export const emptyObservers: RequestsDeps = { ...withoutObservers, paymentObservers: [] };

const { disclosure: _steps, ...withoutSteps } = requestsDeps;
// @ts-expect-error the disclosure steps a request's writes take cannot be left out
export const noSteps: RequestsDeps = withoutSteps;

const { disclosure: _disclosure, ...withoutDisclosure } = decisionsDeps;
// @ts-expect-error nor the disclosure a decision announces through
export const noDisclosure: DecisionsDeps = withoutDisclosure;

/* A buyer on the funder's limit list is readable: both readers must be given the limits' reader. */
type DebtorInfoDeps = Parameters<typeof debtorInfoModule>[0];
type PayerRecordDeps = Parameters<typeof payerRecordModule>[0];
declare const debtorInfoDeps: DebtorInfoDeps;
declare const payerRecordDeps: PayerRecordDeps;
const { creditLimitOf: _debtorLimits, ...debtorInfoWithoutLimits } = debtorInfoDeps;
// @ts-expect-error debtor information cannot be built without the limits' reader
export const noDebtorLimits: DebtorInfoDeps = debtorInfoWithoutLimits;
const { creditLimitOf: _payerLimits, ...payerRecordWithoutLimits } = payerRecordDeps;
// @ts-expect-error nor the payer record
export const noPayerLimits: PayerRecordDeps = payerRecordWithoutLimits;

/* The demonstration's parts are each required: none can be left out of the plane. */
type DemoDeps = Parameters<typeof demoModule>[0];
declare const demoDeps: DemoDeps;
const { recourseDemo: _recourseDemo, ...demoWithoutRecourse } = demoDeps;
// @ts-expect-error the recourse claims' part of the demonstration cannot be left out
export const noRecourseDemo: DemoDeps = demoWithoutRecourse;
