import { type FunderCaller, requirePlane } from '../../platform/caller.ts';
import { addDays, type Clock, madridDate } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/db.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros, percentOf, toCents } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { debtorKey } from '../parties/parties.service.ts';
import { nextStatus } from '../requests/request-status.ts';
import * as requests from '../requests/requests.store.ts';
import { meetsRequirement, requestView } from '../requests/requests.views.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { DecisionInput, DeclineInput, FundInput, OfferInput, SettleInput } from './decisions.schemas.ts';
import { recordPaymentIn } from './settlements.ts';

type Body = Record<string, unknown>;

/**
 * A check run inside the offer's transaction, after the request row is locked, before the
 * offer is written: the credit-limit books plug in here and refuse with 409 credit_limit.
 */
export type OfferGuard = (
  tx: Tx,
  input: {
    caller: FunderCaller;
    request: requests.RequestRow;
    advanceCents: number;
    receivables: requests.ReceivableRow[];
  },
) => Promise<void>;

export type DecisionsService = ReturnType<typeof createDecisionsService>;

export function createDecisionsService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  settings: Pick<SettingsService, 'policy' | 'listedBuyers'>;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
  offerGuards?: OfferGuard[];
}) {
  const { write } = deps;

  /** Locks the request for the whole decision: concurrent decisions on it run one after the other. */
  async function lockVisible(tx: Tx, caller: FunderCaller, id: string): Promise<requests.RequestRow> {
    const plane = requirePlane(caller);
    const row = await requests.findVisibleRequest(tx, caller.funderId, plane, id, { forUpdate: true });
    if (!row) notFound('Request');
    return row;
  }

  function requireRouted(caller: FunderCaller, row: requests.RequestRow): void {
    if (row.assigned_funder_id !== caller.funderId) {
      throw new ApiError(
        'not_routed_to_you',
        'This request is not routed to you: you can read it but not decide on it.',
      );
    }
  }

  function requireDocuments(tx: Tx, caller: FunderCaller, row: requests.RequestRow, onDate: string) {
    return deps.documents.requireDocumentsMet(tx, {
      funderId: caller.funderId,
      plane: row.plane,
      sellerId: row.seller_id,
      country: row.seller_country,
      onDate,
    });
  }

  function history(
    scope: WriteScope,
    caller: FunderCaller,
    row: requests.RequestRow,
    kind: string,
    payload: Body,
  ) {
    scope.evidence({
      funderId: caller.funderId,
      plane: row.plane,
      kind,
      subjectType: 'funding_request',
      subjectId: row.id,
      payload: { request_ref: row.request_ref, ...payload },
    });
  }

  // ---------------------------------------------------------------- offer

  async function offer(caller: FunderCaller, id: string, body: OfferInput) {
    // Shapes and bounds are the schema's (decisions.schemas.ts); what is left depends on the request.
    const { rate, advance_pct: advancePct } = body;
    const days = body.days ?? undefined;
    const validDays = body.valid_days ?? undefined;
    const notes = body.notes ?? undefined;

    return write(caller, async (scope) => {
      const { tx, now } = scope;
      const row = await lockVisible(tx, caller, id);
      requireRouted(caller, row);
      const to = nextStatus(row.status, 'offer');
      const receivables = await requests.receivablesOf(tx, row.id);
      const policy = await deps.settings.policy(tx, caller.funderId, row.plane);

      if (policy.listedBuyersOnly) {
        const listed = new Set(
          (await deps.settings.listedBuyers(tx, caller.funderId, row.plane)).map((b) =>
            debtorKey(b.country, b.tax_id),
          ),
        );
        const outside = new Map<
          string,
          { name: string; debtor_key: string; reason: string; invoices: string[] }
        >();
        for (const r of receivables) {
          const key = debtorKey(r.debtor_country, r.debtor_tax_id);
          if (listed.has(key)) continue;
          const entry = outside.get(key) ?? {
            name: r.debtor_name,
            debtor_key: key,
            reason: 'not_on_list',
            invoices: [],
          };
          entry.invoices.push(r.number);
          outside.set(key, entry);
        }
        if (outside.size > 0) {
          throw new ApiError(
            'debtor_not_eligible_for_funder',
            'You take listed buyers only, and some debtors of this request are not on your list.',
            { extra: { debtors: [...outside.values()] } },
          );
        }
      }
      await requireDocuments(tx, caller, row, madridDate(now));

      const totalCents = toCents(row.total_amount)!;
      const advanceCents = percentOf(totalCents, advancePct);
      if (advanceCents < 1) {
        throw new ApiError(
          'invalid_terms',
          'advance_pct gives an advance of less than one cent on this request.',
          {
            extra: { field: 'advance_pct' },
          },
        );
      }
      for (const guard of deps.offerGuards ?? [])
        await guard(tx, { caller, request: row, advanceCents, receivables });

      // Only the funder's newest offer stands: an earlier one it sent is superseded.
      await tx.query(
        `UPDATE offers SET status = 'superseded', closed_at = $3
          WHERE request_id = $1 AND funder_id = $2 AND status = 'pending'`,
        [row.id, caller.funderId, now],
      );
      const latestDue = receivables
        .map((r) => r.due_date)
        .filter((d): d is string => d !== null)
        .sort()
        .pop();
      const offerDays =
        days ??
        (latestDue
          ? Math.max(1, Math.min(730, Math.round((Date.parse(latestDue) - now.getTime()) / 86_400_000)))
          : 30);
      const valid = validDays ?? policy.offerValidityDays;
      const offerId = newId();
      const expiresAt = new Date(now.getTime() + valid * 86_400_000);
      await tx.query(
        `INSERT INTO offers (id, plane, request_id, funder_id, key_id, rate, advance_pct, days, advance_amount, notes,
                             valid_days, status, submitted_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13)`,
        [
          offerId,
          row.plane,
          row.id,
          caller.funderId,
          caller.keyId,
          rate,
          advancePct,
          offerDays,
          centsToDecimal(advanceCents),
          notes ?? null,
          valid,
          now,
          expiresAt,
        ],
      );
      if (to !== row.status)
        await requests.setStatus(tx, row, to, 'offer', { funder_id: caller.funderId }, now);
      await requests.markActed(tx, row.id, caller.funderId, row.plane, now);
      history(scope, caller, row, 'decision.offer', {
        offer_id: offerId,
        rate,
        advance_pct: advancePct,
        days: offerDays,
        valid_days: valid,
        advance_amount: centsToDecimal(advanceCents),
      });
      return {
        decision: 'offer' as const,
        request_id: row.id,
        offer_id: offerId,
        expires_at: expiresAt.toISOString(),
        status: to,
        advance_amount: centsToEuros(advanceCents),
      };
    });
  }

  // ---------------------------------------------------------------- decline

  async function decline(caller: FunderCaller, id: string, body: DeclineInput) {
    const reasonRaw = body.reason;
    const notes = body.notes ?? undefined;
    const internalNote = body.internal_note ?? undefined;
    const reason = reasonRaw ?? null;
    const message = notes?.trim() ? notes.trim() : null;
    if (reason === null && message === null) {
      throw new ApiError(
        'reason_required',
        'A decline needs a reason, a message for the seller (notes), or both.',
      );
    }

    return write(caller, async (scope) => {
      const { tx, now } = scope;
      const row = await lockVisible(tx, caller, id);
      requireRouted(caller, row);
      const stepBack = row.status === 'approved';
      if (stepBack && (message === null || message.length < 10)) {
        throw new ApiError(
          'step_back_message_required',
          'Stepping back from an approved request needs a message to the seller of at least 10 characters (notes).',
        );
      }
      const to = nextStatus(row.status, stepBack ? 'step_back' : 'decline');
      const closeReason = reason ?? 'other';
      await requests.setStatus(
        tx,
        row,
        to,
        stepBack ? 'step_back' : 'decline',
        { funder_id: caller.funderId },
        now,
        {
          closed_at: now,
          close_reason: closeReason,
          close_note: message,
        },
      );
      // Offers not accepted are withdrawn; an accepted one stays on record as accepted.
      await tx.query(
        `UPDATE offers SET status = 'withdrawn', closed_at = $3 WHERE request_id = $1 AND funder_id = $2 AND status = 'pending'`,
        [row.id, caller.funderId, now],
      );
      if (stepBack) {
        await tx.query(
          `UPDATE debtor_notices SET status = 'withdrawn' WHERE request_id = $1 AND status IN ('pending', 'acknowledged')`,
          [row.id],
        );
      }
      await requests.markActed(tx, row.id, caller.funderId, row.plane, now);
      history(scope, caller, row, stepBack ? 'decision.step_back' : 'decision.decline', {
        reason: closeReason,
        message,
        internal_note: internalNote ?? null,
      });
      return {
        decision: 'decline' as const,
        request_id: row.id,
        status: to,
        reason: closeReason,
        step_back: stepBack,
        declined_at: now.toISOString(),
      };
    });
  }

  // ---------------------------------------------------------------- fund

  async function fund(caller: FunderCaller, id: string, body: FundInput) {
    const valueDate = body.value_date;
    const reference = body.reference;
    // The schema bounds the length as sent; the reference must also say something once trimmed.
    if (reference.trim().length < 3) {
      throw new ApiError('invalid_funding_details', 'reference must be 3 to 140 characters, spaces aside.', {
        extra: { field: 'reference' },
      });
    }
    const amountCents = body.amount === undefined || body.amount === null ? null : toCents(body.amount);

    return write(caller, async (scope) => {
      const { tx, now } = scope;
      const today = madridDate(now);
      if (valueDate > addDays(today, 7)) {
        throw new ApiError(
          'invalid_funding_details',
          `value_date may be at most 7 days ahead (${addDays(today, 7)}).`,
          {
            extra: { field: 'value_date' },
          },
        );
      }
      const row = await lockVisible(tx, caller, id);
      requireRouted(caller, row);
      const to = nextStatus(row.status, 'fund');
      const advanceCents = toCents(row.advance_amount)!;
      if (amountCents !== null && amountCents !== advanceCents) {
        throw new ApiError(
          'funding_amount_mismatch',
          `amount must equal the accepted advance (${centsToDecimal(advanceCents)} EUR).`,
          { extra: { expected_amount: centsToEuros(advanceCents) } },
        );
      }
      const blocks = await requests.hardBlocks(tx, row.id);
      if (blocks.signals.length > 0 || blocks.disputes.length > 0) {
        throw new ApiError(
          'funding_gate_failed',
          'A hard risk signal or an open dispute is waiting for review.',
          {
            extra: {
              signals: blocks.signals.map((s) => ({ id: s.id, code: s.code, severity: s.severity })),
              disputes: blocks.disputes.map((d) => ({ id: d.id, reason: d.reason })),
              debtors: [],
            },
          },
        );
      }
      const disclosure = (row.programme_terms?.disclosure as string | undefined) ?? 'announced';
      if (row.type === 'factoring' && disclosure === 'announced') {
        const policy = await deps.settings.policy(tx, caller.funderId, row.plane);
        const notices = await requests.noticesOf(tx, [row.id]);
        const waiting = notices.filter((n) => !meetsRequirement(n, policy));
        if (notices.length === 0 || waiting.length > 0) {
          throw new ApiError(
            'funding_gate_failed',
            'Every debtor must acknowledge its notice at the level required first.',
            {
              extra: {
                signals: [],
                disputes: [],
                debtors: waiting.map((n) => ({
                  debtor_name: n.debtor_name,
                  debtor_tax_id: n.debtor_tax_id,
                  status: n.status,
                  level_required: n.level_required,
                  level_achieved: n.level_achieved,
                })),
              },
            },
          );
        }
      }
      await requireDocuments(tx, caller, row, valueDate);
      await deps.documents.recordDealFile(tx, {
        requestId: row.id,
        funderId: caller.funderId,
        plane: row.plane,
        sellerId: row.seller_id,
        country: row.seller_country,
        stage: 'funding',
        at: now,
        onDate: valueDate,
      });
      await requests.setStatus(tx, row, to, 'fund', { funder_id: caller.funderId }, now, {
        funder_of_record_id: caller.funderId,
        funded_at: now,
        funded_value_date: valueDate,
        funded_reference: reference.trim(),
        funded_amount: centsToDecimal(advanceCents),
      });
      await requests.markActed(tx, row.id, caller.funderId, row.plane, now);
      history(scope, caller, row, 'decision.fund', {
        value_date: valueDate,
        reference: reference.trim(),
        amount: centsToDecimal(advanceCents),
      });
      const after = (await requests.findRequest(tx, row.id))!;
      scope.emit({
        funderId: caller.funderId,
        plane: row.plane,
        type: 'request.funded',
        data: {
          request: requestView(after),
          value_date: valueDate,
          reference: reference.trim(),
          amount: centsToEuros(advanceCents),
        },
      });
      return {
        decision: 'fund' as const,
        request_id: row.id,
        status: to,
        funded_amount: centsToEuros(advanceCents),
        value_date: valueDate,
        reference: reference.trim(),
        funded_at: now.toISOString(),
      };
    });
  }

  // ---------------------------------------------------------------- settle

  async function settle(caller: FunderCaller, id: string, body: SettleInput) {
    const amountCents = toCents(body.amount)!;
    const receivedAt = body.received_at ? new Date(body.received_at) : null;
    const reference = body.reference ?? undefined;
    const note = body.note ?? undefined;
    const final = body.final ?? false;

    return write(caller, async (scope) => {
      const { tx, now } = scope;
      const at = receivedAt ?? now;
      if (at.getTime() > now.getTime() + 86_400_000) {
        throw new ApiError('invalid_received_at', 'received_at may be at most one day ahead.', {
          extra: { field: 'received_at' },
        });
      }
      const row = await lockVisible(tx, caller, id);
      // Not funded yet, there is no funder of record: the request is in the wrong state, not someone else's.
      if (row.funder_of_record_id === null) nextStatus(row.status, 'settle_partial');
      if (row.funder_of_record_id !== caller.funderId) {
        throw new ApiError('not_your_request', 'You are not the funder of record of this request.');
      }
      const recorded = await recordPaymentIn(scope, {
        request: row,
        funderId: caller.funderId,
        amountCents,
        receivedAt: at,
        reference: reference ?? null,
        note: note ?? null,
        final,
        source: 'settle',
      });
      return { decision: 'settle' as const, ...recorded };
    });
  }

  return {
    /** POST /v1/requests/{id}/decision */
    async decide(caller: FunderCaller, id: string, body: DecisionInput) {
      switch (body.decision) {
        case 'offer':
          return offer(caller, id, body);
        case 'decline':
          return decline(caller, id, body);
        case 'fund':
          return fund(caller, id, body);
        case 'settle':
          return settle(caller, id, body);
      }
    },
  };
}
