import type { decisionsModule } from '../src/areas/decisions/decisions.module.ts';
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
