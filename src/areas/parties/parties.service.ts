import type { AreaDeps } from '../../platform/area-deps.ts';
import { createDebtors } from './parties.debtors.ts';
import { createInvoices } from './parties.invoices.ts';
import { createSellers } from './parties.sellers.ts';

export type PartiesService = ReturnType<typeof createPartiesService>;

/**
 * The other parties' data: sellers, debtors and the invoices between them. The operations API
 * manages them through this service; sandbox helpers and the demonstration scenario call the
 * exported functions (`parties.writes.ts`, `parties.reads.ts`) inside their own write, passing
 * its `evidence` so each row leaves its entry.
 */
export function createPartiesService(deps: Pick<AreaDeps, 'db' | 'clock' | 'write'>) {
  return { ...createSellers(deps), ...createDebtors(deps), ...createInvoices(deps) };
}
