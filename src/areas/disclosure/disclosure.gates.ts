import type { FunderScope } from '../../platform/caller.ts';
import type { Tx } from '../../platform/db/db.ts';
import type { RequestRow } from '../requests/requests.module.ts';
import * as store from './disclosure.store.ts';

/**
 * The gates a confidential factoring request passes before funding, beside the blocking
 * checks the fund decision runs first: each unmet one named.
 */
export async function confidentialGates(tx: Tx, scope: FunderScope, row: RequestRow, today: string) {
  const facts = await store.confidentialGateFacts(tx, scope, row.id, today);
  const notices = await store.noticeDocuments(tx, scope, row.id);
  const gates: { gate: string; [detail: string]: unknown }[] = [];
  if (facts.uploaded.length > 0) {
    gates.push({ gate: 'invoice_source', invoices: facts.uploaded.map((i) => i.number) });
  }
  const unprepared = notices.filter((n) => !(n.current && n.names_this_funder));
  if (notices.length === 0 || unprepared.length > 0) {
    gates.push({ gate: 'notice_prepared', debtors: unprepared.map((n) => n.debtor_name) });
  }
  const noAddress = notices.filter((n) => !n.has_address);
  if (noAddress.length > 0)
    gates.push({ gate: 'notice_address', debtors: noAddress.map((n) => n.debtor_name) });
  if (!facts.seller_approved) gates.push({ gate: 'seller_verification' });
  return gates;
}
