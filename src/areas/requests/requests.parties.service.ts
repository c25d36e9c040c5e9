import type { Caller, Plane } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { amountCents, centsToDecimal, toCents } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { ConsentLevel } from '../settings/consent-levels.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { nextStatus, OPEN_STATUSES } from './request-status.ts';
import * as store from './requests.store.ts';
import { meetsRequirement, requestView } from './requests.views.ts';

/** The programme terms a request takes when routed, until the programme area sets them per funder. */
export const DEFAULT_PROGRAMME_TERMS = {
  disclosure: 'announced',
  recourse: 'with',
  recourse_days: null,
  announce_overdue_days: null,
  announce_on_dispute: false,
  announce_on_kyc_lapse: false,
  bank_data: 'off',
  source: 'funder_default',
} as const;

export interface CreateRequestInput {
  seller_id: string;
  type: 'factoring' | 'confirming';
  invoice_ids: string[];
  advance_amount?: number | null;
  status?: 'pending' | 'submitted';
}

export interface DebtorAnswerInput {
  debtor_tax_id?: string | null;
  answer: 'acknowledged' | 'disputed';
  level?: ConsentLevel | null;
  channel?: string | null;
  language?: string | null;
  signer?: { name: string; role?: string | null } | null;
  reason?: string | null;
}

export type RequestPartiesService = ReturnType<typeof createRequestPartiesService>;

/**
 * What the other parties do to a request (the seller, its debtors, the service's operations
 * team), used by the operations API, the sandbox helpers and the demonstration scenario. The
 * funder API never calls these.
 */
export function createRequestPartiesService(deps: {
  write: RunWrite;
  settings: Pick<SettingsService, 'policy' | 'declarationText'>;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
}) {
  const { write } = deps;

  async function requireRequest(tx: Tx, id: string): Promise<store.RequestRow> {
    const row = await store.findRequest(tx, id, { forUpdate: true });
    if (!row) notFound('Request');
    return row;
  }

  function actorOf(scope: WriteScope): Record<string, string> {
    return scope.caller.kind === 'funder'
      ? { kind: 'sandbox_helper', funder_id: scope.caller.funderId }
      : { kind: scope.caller.kind };
  }

  function trail(scope: WriteScope, row: store.RequestRow, kind: string, payload: Record<string, unknown>) {
    scope.evidence({
      funderId: row.assigned_funder_id,
      plane: row.plane,
      kind,
      subjectType: 'funding_request',
      subjectId: row.id,
      payload: { request_ref: row.request_ref, ...payload },
    });
  }

  const service = {
    /** A seller's request over some of its invoices. Answers the request id. */
    async createRequestIn(scope: WriteScope, input: CreateRequestInput): Promise<string> {
      const { tx, now } = scope;
      const seller = (
        await tx.query<{ id: string; plane: Plane }>('SELECT id, plane FROM sellers WHERE id = $1', [
          input.seller_id,
        ])
      ).rows[0];
      if (!seller)
        throw new ApiError('body_invalid', 'seller_id names no seller.', { extra: { field: 'seller_id' } });
      const ids = [...new Set(input.invoice_ids)];
      if (ids.length === 0 || ids.length !== input.invoice_ids.length) {
        throw new ApiError('body_invalid', 'invoice_ids must list distinct invoices, at least one.', {
          extra: { field: 'invoice_ids' },
        });
      }
      const invoices = (
        await tx.query<{ id: string; amount: string; seller_id: string; busy: boolean }>(
          `SELECT i.id, i.amount, i.seller_id,
                  EXISTS (SELECT 1 FROM request_invoices ri JOIN funding_requests r ON r.id = ri.request_id
                           WHERE ri.invoice_id = i.id AND r.status NOT IN ('declined', 'rejected', 'cancelled')) AS busy
             FROM invoices i WHERE i.id = ANY($1::uuid[])`,
          [ids],
        )
      ).rows;
      if (invoices.length !== ids.length || invoices.some((i) => i.seller_id !== seller.id)) {
        throw new ApiError('body_invalid', 'Every invoice must exist and belong to the seller.', {
          extra: { field: 'invoice_ids' },
        });
      }
      if (invoices.some((i) => i.busy)) {
        throw new ApiError('conflict', 'An invoice is already in another request still in flight.');
      }
      const totalCents = invoices.reduce((sum, i) => sum + toCents(i.amount)!, 0);
      // The default ask is 80% of the total, never less than a cent.
      let advanceCents = Math.max(1, Math.floor((totalCents * 80) / 100));
      if (input.advance_amount !== undefined && input.advance_amount !== null) {
        const asked = amountCents(input.advance_amount, { positive: true });
        if (asked === null || asked > totalCents) {
          throw new ApiError(
            'body_invalid',
            'advance_amount must be above 0 and at most the invoices total.',
            {
              extra: { field: 'advance_amount' },
            },
          );
        }
        advanceCents = asked;
      }
      const id = newId();
      const seq = (await tx.query<{ n: string }>(`SELECT nextval('request_ref_seq')::text AS n`)).rows[0]!.n;
      const ref = `${seller.plane === 'demo' ? 'DEMO' : 'FR'}-${now.getUTCFullYear()}-${seq.padStart(6, '0')}`;
      const status = input.status ?? 'submitted';
      await tx.query(
        `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                       created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [
          id,
          seller.plane,
          ref,
          input.type,
          status,
          seller.id,
          centsToDecimal(totalCents),
          centsToDecimal(advanceCents),
          now,
        ],
      );
      await tx.query(
        `INSERT INTO request_invoices (request_id, invoice_id, position)
         SELECT $1, invoice_id, ord FROM unnest($2::uuid[]) WITH ORDINALITY AS t(invoice_id, ord)`,
        [id, ids],
      );
      await tx.query(
        `INSERT INTO request_history (request_id, plane, from_status, to_status, trigger, actor, at)
         VALUES ($1, $2, NULL, $3, 'created', $4, $5)`,
        [id, seller.plane, status, JSON.stringify(actorOf(scope)), now],
      );
      scope.evidence({
        funderId: null,
        plane: seller.plane,
        kind: 'request.created',
        subjectType: 'funding_request',
        subjectId: id,
        payload: {
          request_ref: ref,
          type: input.type,
          total_amount: centsToDecimal(totalCents),
          invoices: ids.length,
        },
      });
      return id;
    },

    /**
     * Routes a request to a funder: fixes its consent level and programme terms, prepares a
     * notice per debtor (factoring), and records the deal file. Refused while a hard risk
     * signal waits for review or the seller misses a document the funder requires.
     */
    async routeIn(scope: WriteScope, id: string, bankId: string): Promise<void> {
      const { tx, now } = scope;
      const row = await requireRequest(tx, id);
      // A request with terms sent may go to another funder (re-routing); nothing later may move.
      const rerouting = row.status === 'terms_sent';
      if (!['pending', 'submitted', 'under_review'].includes(row.status) && !rerouting) {
        throw new ApiError('invalid_state', `A request in status ${row.status} cannot be routed.`);
      }
      if (rerouting && (row.assigned_funder_id === null || row.assigned_funder_id === bankId)) {
        throw new ApiError(
          'invalid_state',
          'A request with terms sent can only be re-routed to another funder.',
        );
      }
      const funder = (
        await tx.query<{ id: string; environment: string }>(
          'SELECT id, environment FROM funders WHERE id = $1',
          [bankId],
        )
      ).rows[0];
      if (!funder)
        throw new ApiError('body_invalid', 'bank_id names no funder.', { extra: { field: 'bank_id' } });
      const funderPlane =
        funder.environment === 'live' ? 'live' : funder.environment === 'sandbox' ? 'demo' : null;
      if (funderPlane !== row.plane) {
        throw new ApiError(
          'body_invalid',
          `That funder does not work on the ${row.plane} plane of this request.`,
          {
            extra: { field: 'bank_id' },
          },
        );
      }
      const blocks = await store.hardBlocks(tx, row.id);
      if (blocks.signals.length > 0 || blocks.disputes.length > 0) {
        throw new ApiError(
          'risk_review_required',
          'A hard risk signal or an open dispute is waiting for review.',
          {
            extra: { signals: blocks.signals.map((s) => s.code), disputes: blocks.disputes.length },
          },
        );
      }
      const onDate = madridDate(now);
      await deps.documents.requireDocumentsMet(tx, {
        funderId: bankId,
        plane: row.plane,
        sellerId: row.seller_id,
        country: row.seller_country,
        onDate,
      });
      const policy = await deps.settings.policy(tx, bankId, row.plane);
      const level = row.type === 'factoring' ? policy.debtorConsentLevel : null;
      const previous = row.assigned_funder_id;
      if (previous && previous !== bankId) {
        await tx.query(
          `UPDATE offers SET status = 'withdrawn', closed_at = $3 WHERE request_id = $1 AND funder_id = $2 AND status = 'pending'`,
          [row.id, previous, now],
        );
      }
      let status = row.status;
      if (rerouting) {
        status = nextStatus(row.status, 'reroute');
        await store.setStatus(tx, row, status, 'rerouted', actorOf(scope), now);
      }
      await store.updateRequest(tx, row.id, now, {
        assigned_funder_id: bankId,
        routed_at: now,
        consent_level_required: level,
        programme_terms: JSON.stringify(DEFAULT_PROGRAMME_TERMS),
      });
      await tx.query(
        `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (funder_id, request_id) DO NOTHING`,
        [row.id, bankId, row.plane, now],
      );
      if (level) {
        await tx.query(
          `INSERT INTO debtor_notices (id, plane, request_id, debtor_id, status, level_required, created_at)
           SELECT gen_random_uuid(), $2, $1, debtor_id, 'pending', $3, $4
             FROM (SELECT DISTINCT i.debtor_id FROM request_invoices ri JOIN invoices i ON i.id = ri.invoice_id
                    WHERE ri.request_id = $1) d
           ON CONFLICT (request_id, debtor_id) DO UPDATE SET level_required = EXCLUDED.level_required
             WHERE debtor_notices.answered_at IS NULL`,
          [row.id, row.plane, level, now],
        );
      }
      await deps.documents.recordDealFile(tx, {
        requestId: row.id,
        funderId: bankId,
        plane: row.plane,
        sellerId: row.seller_id,
        country: row.seller_country,
        stage: 'routing',
        at: now,
        onDate,
      });
      await tx.query(
        `INSERT INTO request_history (request_id, plane, from_status, to_status, trigger, actor, at)
         VALUES ($1, $2, $3, $3, 'routed', $4, $5)`,
        [row.id, row.plane, status, JSON.stringify({ ...actorOf(scope), to_funder: bankId }), now],
      );
      scope.evidence({
        funderId: bankId,
        plane: row.plane,
        kind: 'request.routed',
        subjectType: 'funding_request',
        subjectId: row.id,
        payload: { request_ref: row.request_ref, consent_level_required: level, previous_funder: previous },
      });
      const after = (await store.findRequest(tx, row.id))!;
      scope.emit({
        funderId: bankId,
        plane: row.plane,
        type: 'request.routed',
        data: { request: requestView(after) },
      });
    },

    async moveIn(scope: WriteScope, id: string, move: 'submit' | 'review' | 'cancel', note: string | null) {
      const row = await requireRequest(scope.tx, id);
      const to = nextStatus(row.status, move);
      await store.setStatus(
        scope.tx,
        row,
        to,
        move,
        actorOf(scope),
        scope.now,
        move === 'cancel' ? { closed_at: scope.now, close_reason: 'cancelled', close_note: note } : {},
      );
      trail(scope, row, `request.${move}`, { from: row.status, to, note });
    },

    /** The seller accepts (-> approved, the terms no longer change) or rejects the funder's offer. */
    async sellerAnswerIn(
      scope: WriteScope,
      id: string,
      answer: 'accept' | 'reject',
      offerId?: string | null,
    ) {
      const { tx, now } = scope;
      const row = await requireRequest(tx, id);
      const offer = (
        await tx.query<store.OfferRow>(
          `SELECT * FROM offers WHERE request_id = $1 AND funder_id = $2 AND status = 'pending'
             AND ($3::uuid IS NULL OR id = $3) ORDER BY submitted_at DESC LIMIT 1 FOR UPDATE`,
          [row.id, row.assigned_funder_id, offerId ?? null],
        )
      ).rows[0];
      nextStatus(row.status, answer === 'accept' ? 'accept_terms' : 'reject_terms');
      if (!offer)
        throw new ApiError('invalid_state', 'There is no pending offer of the routed funder to answer.');
      if (offer.expires_at <= now) {
        await tx.query(`UPDATE offers SET status = 'expired', closed_at = $2 WHERE id = $1`, [offer.id, now]);
        throw new ApiError('invalid_state', 'The offer expired before the seller answered it.');
      }
      if (answer === 'accept') {
        await tx.query(`UPDATE offers SET status = 'accepted', accepted_at = $2 WHERE id = $1`, [
          offer.id,
          now,
        ]);
        await store.setStatus(tx, row, 'approved', 'seller_accepted', actorOf(scope), now, {
          accepted_offer_id: offer.id,
          approved_at: now,
          advance_amount: offer.advance_amount,
        });
      } else {
        await tx.query(`UPDATE offers SET status = 'rejected', closed_at = $2 WHERE id = $1`, [
          offer.id,
          now,
        ]);
        await store.setStatus(tx, row, 'rejected', 'seller_rejected', actorOf(scope), now, {
          closed_at: now,
          close_reason: 'rejected_by_seller',
        });
      }
      trail(scope, row, answer === 'accept' ? 'offer.accepted' : 'offer.rejected', { offer_id: offer.id });
    },

    /**
     * A debtor answers its notice of assignment: acknowledges at a level (with the declaration
     * text it signed and who signed), or disputes (which opens a dispute on the request).
     */
    async debtorAnswerIn(scope: WriteScope, id: string, input: DebtorAnswerInput): Promise<number> {
      const { tx, now } = scope;
      const row = await requireRequest(tx, id);
      if (row.type !== 'factoring')
        throw new ApiError('not_factoring', 'Confirming requests have no debtor notices.');
      if (![...OPEN_STATUSES, 'funded'].includes(row.status)) {
        throw new ApiError(
          'request_not_in_flight',
          `The request is ${row.status}: its notices can no longer be answered.`,
        );
      }
      const notices = (await store.noticesOf(tx, [row.id])).filter(
        (n) => !input.debtor_tax_id || n.debtor_tax_id === input.debtor_tax_id,
      );
      if (notices.length === 0) {
        throw new ApiError(
          'not_found',
          input.debtor_tax_id
            ? 'No notice for that debtor on this request.'
            : 'This request has no notices yet (is it routed?).',
        );
      }
      const open = notices.filter((n) => n.status === 'pending');
      if (open.length === 0)
        throw new ApiError('notice_already_decided', 'Every notice named has already been answered.');
      const funderPolicy = row.assigned_funder_id
        ? await deps.settings.policy(tx, row.assigned_funder_id, row.plane)
        : null;
      for (const notice of open) {
        if (input.answer === 'acknowledged') {
          const level = input.level ?? notice.level_required;
          const text = await deps.settings.declarationText(tx, {
            governingLaw: notice.debtor_country,
            level,
            language: input.language ?? undefined,
          });
          await tx.query(
            `UPDATE debtor_notices SET status = 'acknowledged', level_achieved = $2, channel = $3, declaration_text_id = $4,
                    declaration_text = $5, declaration_counsel_approved = $6, signer_name = $7, signer_role = $8,
                    answered_at = $9
              WHERE id = $1`,
            [
              notice.id,
              level,
              input.channel ?? 'portal',
              text?.id ?? null,
              text?.body ??
                `Declaration (${level}) signed without a text on file for ${notice.debtor_country}.`,
              text?.counsel_approved ?? false,
              input.signer?.name ?? 'Accounts payable',
              input.signer?.role ?? null,
              now,
            ],
          );
          const answered = {
            ...notice,
            status: 'acknowledged' as const,
            level_achieved: level,
            declaration_counsel_approved: text?.counsel_approved ?? false,
          };
          if (row.assigned_funder_id) {
            scope.emit({
              funderId: row.assigned_funder_id,
              plane: row.plane,
              type: 'notice.acknowledged',
              data: {
                request_id: row.id,
                request_ref: row.request_ref,
                debtor: {
                  name: notice.debtor_name,
                  tax_id: notice.debtor_tax_id,
                  country: notice.debtor_country,
                },
                level_required: notice.level_required,
                level_achieved: level,
                meets_requirement: funderPolicy ? meetsRequirement(answered, funderPolicy) : false,
              },
            });
          }
        } else {
          const reason = input.reason?.trim() || 'The debtor disputes the invoice.';
          await tx.query(
            `UPDATE debtor_notices SET status = 'disputed', channel = $2, signer_name = $3, signer_role = $4,
                    dispute_reason = $5, answered_at = $6 WHERE id = $1`,
            [
              notice.id,
              input.channel ?? 'portal',
              input.signer?.name ?? null,
              input.signer?.role ?? null,
              reason,
              now,
            ],
          );
          await tx.query(
            `INSERT INTO disputes (id, plane, request_id, debtor_id, raised_by, reason, status, raised_at)
             VALUES ($1, $2, $3, $4, 'debtor', $5, 'open', $6)`,
            [newId(), row.plane, row.id, notice.debtor_id, reason, now],
          );
          if (row.assigned_funder_id) {
            scope.emit({
              funderId: row.assigned_funder_id,
              plane: row.plane,
              type: 'notice.disputed',
              data: {
                request_id: row.id,
                request_ref: row.request_ref,
                debtor: {
                  name: notice.debtor_name,
                  tax_id: notice.debtor_tax_id,
                  country: notice.debtor_country,
                },
                reason,
              },
            });
          }
        }
        trail(scope, row, `notice.${input.answer}`, {
          debtor_tax_id: notice.debtor_tax_id,
          level: input.answer === 'acknowledged' ? (input.level ?? notice.level_required) : null,
          channel: input.channel ?? 'portal',
        });
      }
      return open.length;
    },

    async raiseSignalIn(
      scope: WriteScope,
      id: string,
      input: { code: string; severity: 'low' | 'medium' | 'high'; hard: boolean; detail?: string | null },
    ): Promise<string> {
      const row = await requireRequest(scope.tx, id);
      const signalId = newId();
      await scope.tx.query(
        `INSERT INTO risk_signals (id, plane, request_id, code, severity, hard, status, detail, raised_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8)`,
        [
          signalId,
          row.plane,
          row.id,
          input.code,
          input.severity,
          input.hard,
          input.detail ?? null,
          scope.now,
        ],
      );
      trail(scope, row, 'risk_signal.raised', { signal_id: signalId, code: input.code, hard: input.hard });
      return signalId;
    },

    async reviewSignalIn(
      scope: WriteScope,
      signalId: string,
      outcome: 'cleared' | 'confirmed',
      note: string | null,
    ) {
      const signal = (
        await scope.tx.query<{ request_id: string; status: string }>(
          'SELECT request_id, status FROM risk_signals WHERE id = $1 FOR UPDATE',
          [signalId],
        )
      ).rows[0];
      if (!signal) notFound('Risk signal');
      if (signal.status !== 'open')
        throw new ApiError('invalid_state', `This signal was already ${signal.status}.`);
      await scope.tx.query(
        `UPDATE risk_signals SET status = $2, reviewed_at = $3, review_note = $4 WHERE id = $1`,
        [signalId, outcome, scope.now, note],
      );
      const row = (await store.findRequest(scope.tx, signal.request_id))!;
      trail(scope, row, `risk_signal.${outcome}`, { signal_id: signalId, note });
    },

    async raiseDisputeIn(
      scope: WriteScope,
      id: string,
      input: {
        debtor_tax_id?: string | null;
        invoice_number?: string | null;
        raised_by: 'debtor' | 'seller' | 'operator';
        reason: string;
      },
    ): Promise<string> {
      const row = await requireRequest(scope.tx, id);
      const receivables = await store.receivablesOf(scope.tx, row.id);
      const match = receivables.find(
        (r) =>
          (!input.invoice_number || r.number === input.invoice_number) &&
          (!input.debtor_tax_id || r.debtor_tax_id === input.debtor_tax_id),
      );
      if ((input.invoice_number || input.debtor_tax_id) && !match) {
        throw new ApiError('body_invalid', 'No invoice or debtor of this request matches.');
      }
      const disputeId = newId();
      await scope.tx.query(
        `INSERT INTO disputes (id, plane, request_id, debtor_id, invoice_id, raised_by, reason, status, raised_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8)`,
        [
          disputeId,
          row.plane,
          row.id,
          match && (input.debtor_tax_id || input.invoice_number) ? match.debtor_id : null,
          match && input.invoice_number ? match.invoice_id : null,
          input.raised_by,
          input.reason,
          scope.now,
        ],
      );
      trail(scope, row, 'dispute.raised', { dispute_id: disputeId, raised_by: input.raised_by });
      return disputeId;
    },

    async resolveDisputeIn(scope: WriteScope, disputeId: string, resolution: string) {
      const dispute = (
        await scope.tx.query<{ request_id: string; status: string }>(
          'SELECT request_id, status FROM disputes WHERE id = $1 FOR UPDATE',
          [disputeId],
        )
      ).rows[0];
      if (!dispute) notFound('Dispute');
      if (dispute.status !== 'open') throw new ApiError('invalid_state', 'This dispute is already resolved.');
      await scope.tx.query(
        `UPDATE disputes SET status = 'resolved', resolved_at = $2, resolution = $3 WHERE id = $1`,
        [disputeId, scope.now, resolution],
      );
      const row = (await store.findRequest(scope.tx, dispute.request_id))!;
      trail(scope, row, 'dispute.resolved', { dispute_id: disputeId });
    },
  };

  /** Each action as its own write, for callers that do one thing at a time. */
  return {
    ...service,
    createRequest: (caller: Caller, input: CreateRequestInput) =>
      write(caller, (s) => service.createRequestIn(s, input)),
    route: (caller: Caller, id: string, bankId: string) =>
      write(caller, (s) => service.routeIn(s, id, bankId)),
    move: (caller: Caller, id: string, move: 'submit' | 'review' | 'cancel', note: string | null) =>
      write(caller, (s) => service.moveIn(s, id, move, note)),
    sellerAnswer: (caller: Caller, id: string, answer: 'accept' | 'reject', offerId?: string | null) =>
      write(caller, (s) => service.sellerAnswerIn(s, id, answer, offerId)),
    debtorAnswer: (caller: Caller, id: string, input: DebtorAnswerInput) =>
      write(caller, (s) => service.debtorAnswerIn(s, id, input)),
    raiseSignal: (caller: Caller, id: string, input: Parameters<typeof service.raiseSignalIn>[2]) =>
      write(caller, (s) => service.raiseSignalIn(s, id, input)),
    reviewSignal: (caller: Caller, signalId: string, outcome: 'cleared' | 'confirmed', note: string | null) =>
      write(caller, (s) => service.reviewSignalIn(s, signalId, outcome, note)),
    raiseDispute: (caller: Caller, id: string, input: Parameters<typeof service.raiseDisputeIn>[2]) =>
      write(caller, (s) => service.raiseDisputeIn(s, id, input)),
    resolveDispute: (caller: Caller, disputeId: string, resolution: string) =>
      write(caller, (s) => service.resolveDisputeIn(s, disputeId, resolution)),
  };
}
