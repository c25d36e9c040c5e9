import { type Caller, type FunderCaller, scopeOf } from '../../platform/caller.ts';
import type { Db, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import {
  type AnnounceTrigger,
  funderMover,
  OPERATIONS,
  type RequestLifecycle,
  type RequestRow,
  saveNoticeDocumentForOps,
} from '../requests/requests.module.ts';
import { writeNotice } from './disclosure.notice-documents.ts';
import * as store from './disclosure.store.ts';

/** Prepares (or prepares again) the document of each notice not answered yet, naming `funderId`. */
export async function prepareNoticeDocuments(tx: Tx, requestId: string, funderId: string, at: Date) {
  const facts = await store.noticeFactsForOps(tx, requestId, funderId);
  for (const fact of facts) {
    const doc = writeNotice({
      requestRef: fact.request_ref,
      funderName: fact.funder_name,
      sellerName: fact.seller_name,
      sellerTaxId: fact.seller_tax_id,
      debtorName: fact.debtor_name,
      debtorTaxId: fact.debtor_tax_id,
      debtorCountry: fact.debtor_country,
      invoices: fact.invoices ?? [],
    });
    await saveNoticeDocumentForOps(tx, fact.notice_id, doc, funderId, at);
  }
  return facts.length;
}

/** The disclosure a request has today: a confidential request is `announced` once announced. */
export const disclosureOf = (row: RequestRow): 'announced' | 'confidential' =>
  row.disclosure ?? (row.programme_terms?.disclosure === 'confidential' ? 'confidential' : 'announced');

const noticeView = (n: store.NoticeDocumentRow) => ({
  notice_id: n.notice_id,
  debtor_name: n.debtor_name,
  debtor_tax_id: n.debtor_tax_id,
  status: n.status,
  sending: n.sending,
  sending_queued_at: n.sending_queued_at?.toISOString() ?? null,
  invoices: n.invoices.map((i) => ({ invoice_id: i.invoice_id, number: i.number, amount: Number(i.amount) })),
  document:
    n.subject === null
      ? null
      : {
          subject: n.subject,
          html: n.html!,
          language: n.language!,
          governing_law: n.governing_law!,
          sha256: n.sha256!,
          prepared_at: n.prepared_at!.toISOString(),
        },
  names_this_funder: n.names_this_funder,
  current: n.current,
  has_notice_address: n.has_address,
});

/** A request's notices of assignment: as the funder reads them, and prepared again by the operations team. */
export function createNotices(deps: { db: Db; write: RunWrite; lifecycle: RequestLifecycle }) {
  const { db, write, lifecycle } = deps;
  return {
    /** GET /v1/requests/{id}/notices: for a request routed to the caller or acted on by it. */
    async notices(caller: FunderCaller, id: string) {
      const scope = scopeOf(caller);
      return db.transaction(async (tx) => {
        const row = await lifecycle.read(tx, funderMover(scope), id);
        const notices = (await store.noticeDocuments(tx, scope, row.id)).map(noticeView);
        return {
          request_id: row.id,
          disclosure: disclosureOf(row),
          announced_at: row.announced_at?.toISOString() ?? null,
          announced_trigger: row.announced_trigger as AnnounceTrigger | null,
          count: notices.length,
          notices,
        };
      });
    },

    /** The operations team prepares a request's notices again (after an invoice changed). */
    async prepareAgain(caller: Caller, id: string) {
      return write(caller, async (ws) => {
        const row = await lifecycle.lock(ws.tx, OPERATIONS, id);
        if (!row.assigned_funder_id)
          throw new ApiError('invalid_state', 'The request is not routed to a funder.');
        const prepared = await prepareNoticeDocuments(ws.tx, row.id, row.assigned_funder_id, ws.now);
        ws.evidence({
          funderId: row.assigned_funder_id,
          plane: row.plane,
          kind: 'request.notices_prepared',
          subjectType: 'funding_request',
          subjectId: row.id,
          payload: { request_ref: row.request_ref, prepared },
        });
        return {
          request_id: row.id,
          prepared,
          notices: (await store.noticeDocumentsForOps(ws.tx, row.id)).map(noticeView),
        };
      });
    },
  };
}
