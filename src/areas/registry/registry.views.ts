import type * as store from './registry.store.ts';

/** A funder's look-up counts over one span. */
export function countsView(c: store.LookupCounts) {
  return {
    lookups: c.lookups,
    invoices: c.invoices,
    assigned: c.assigned,
    last_lookup_at: c.last_lookup_at?.toISOString() ?? null,
  };
}

/** The live registry's state as the operations team sees it. */
export function opsView(
  row: store.RegistryPlaneRow | null,
  changed: boolean,
  counts: Awaited<ReturnType<typeof store.lookupCountsByFunderForOps>>,
) {
  return {
    plane: 'live' as const,
    status: row?.open ? ('open' as const) : ('closed' as const),
    changed,
    reason: row?.reason ?? null,
    changed_at: row?.changed_at.toISOString() ?? null,
    lookups_by_funder: counts.map(({ funder_id, ...c }) => ({ bank_id: funder_id, ...countsView(c) })),
  };
}
