import type { FunderCaller } from '../../platform/caller.ts';
import { decimalToEuros } from '../../platform/money.ts';
import type { DigestRow } from './opportunities.publish.store.ts';
import type * as store from './opportunities.store.ts';

export const funderRef = (caller: FunderCaller) => ({ bank_id: caller.funderId, name: caller.funderName });

export const linesPath = (date: string) => `/v1/opportunities?date=${date}`;

export function digestView(d: DigestRow) {
  return {
    digest_id: d.id,
    date: d.digest_date,
    stale: d.stale,
    snapshot_at: d.snapshot_at?.toISOString() ?? null,
    clients: { sharing: d.clients_sharing, not_sharing: d.clients_not_sharing },
    eligible: { count: d.eligible_count, total: decimalToEuros(d.eligible_total) ?? 0 },
    new: { count: d.new_count, total: decimalToEuros(d.new_total) ?? 0 },
    changes: {
      paid: d.changes_paid,
      disputed: d.changes_disputed,
      no_longer_eligible: d.changes_no_longer_eligible,
    },
    currency: 'EUR' as const,
    line_count: d.line_count,
    lines: linesPath(d.digest_date),
  };
}

/** A digest named in another answer (the advance helper's): its id, date, line count and lines' path. */
export function digestRef(d: DigestRow) {
  return { digest_id: d.id, date: d.digest_date, line_count: d.line_count, lines: linesPath(d.digest_date) };
}

export function lineView(l: store.LineRow) {
  return {
    kind: l.kind,
    reason: l.reason,
    invoice_id: l.invoice_id,
    number: l.number,
    debtor: { name: l.debtor_name, tax_id: l.debtor_tax_id, country: l.debtor_country },
    amount: decimalToEuros(l.amount) ?? 0,
    currency: 'EUR' as const,
    due_date: l.due_date,
    client: {
      seller_id: l.seller_id,
      name: l.client_name,
      tax_id: l.client_tax_id,
      sector: l.client_sector,
      grade: l.client_grade,
      size_band: l.client_size_band,
    },
  };
}
