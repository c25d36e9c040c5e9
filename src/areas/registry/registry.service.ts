import type { AreaDeps } from '../../platform/area-deps.ts';
import { createLookups } from './registry.lookups.ts';
import { createOpening } from './registry.opening.ts';

export type RegistryService = ReturnType<typeof createRegistryService>;

/**
 * The assignment registry: a yes or no per invoice, whether it is assigned to a funder of the
 * service now, never to whom. Open on the demonstration plane; on the live plane once the
 * operations team opens it. Every look-up is counted and kept on the evidence chain by the
 * SHA-256 of what was asked.
 */
export function createRegistryService(deps: Pick<AreaDeps, 'db' | 'clock' | 'write'>) {
  return { ...createLookups(deps), ...createOpening(deps) };
}
