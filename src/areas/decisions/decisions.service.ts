import { createDecide, type DecideDeps } from './decisions.decide.ts';

export type { OfferGuard } from './decisions.offer.ts';

export type DecisionsService = ReturnType<typeof createDecisionsService>;

/**
 * The funder's decisions on a request (offer, decline, fund, settle), one module per subject.
 * Each locks the request within the caller's scope for the length of the decision, and moves
 * its status through the request lifecycle.
 */
export function createDecisionsService(deps: DecideDeps) {
  return { ...createDecide(deps) };
}
