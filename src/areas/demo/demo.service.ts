import { createReset, type ResetDeps } from './demo.reset.ts';

export type { LeaseTimer } from './demo.lease.ts';

export type DemoService = ReturnType<typeof createDemoService>;

/**
 * The demonstration plane: a demonstration funder shared by sandbox keys, with the fictitious
 * companies and the three months of business of `demo.scenario.ts`, and the other areas' parts
 * (`demo.parts.ts`). A reset deletes every demonstration row and plays the scenario again, all
 * in one transaction: it lands whole, or fails and leaves the plane as it was. Nothing on the
 * live plane is read or written.
 */
export function createDemoService(deps: ResetDeps) {
  return createReset(deps);
}
