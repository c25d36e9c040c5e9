import { actorOf, type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros, toCents } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { BankDataService } from '../bank-data/bank-data.module.ts';
import {
  funderMover,
  meetsRequirement,
  type Payments,
  type RequestDisclosureService,
} from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import type { FundInput, SettleInput } from './decisions.input.ts';
import { type DecisionDeps, lockVisible, requireDocuments, requireRouted } from './decisions.shared.ts';
import { insertGateRefusal } from './decisions.store.ts';

/** The fund decision (money paid out to the seller) and the settle decision (money received). */
export function createFundingDecisions(
  deps: DecisionDeps & {
    write: RunWrite;
    settings: Pick<SettingsService, 'policy'>;
    payments: Pick<Payments, 'record'>;
    disclosure: Pick<RequestDisclosureService, 'confidentialGates'>;
    bankData: Pick<BankDataService, 'fundingGates'>;
  },
) {
  /**
   * The fund decision. A refusal at a gate (409 funding_gate_failed, raised only in `decideFund`)
   * is recorded although the decision fails: by the time the error reaches here the decision's
   * transaction has rolled back, so the record is a write of its own, committed before the 409
   * is answered. A failure to record it fails the call instead of losing the record.
   */
  async function fund(caller: FunderCaller, id: string, input: FundInput) {
    try {
      return await decideFund(caller, id, input);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'funding_gate_failed')
        await recordGateRefusal(caller, id, err);
      throw err;
    }
  }

  /** What the refusal named, who asked and when, in its own transaction. */
  async function recordGateRefusal(caller: FunderCaller, requestId: string, refusal: ApiError) {
    // Not the call's idempotent write: that one was refused, and its key keeps the 409 answer.
    const { idempotencyKey: _key, idempotencyRun: _run, ...plain } = caller;
    const gates = (refusal.extra.gates as { gate: string }[]).map((g) => g.gate);
    await deps.write(plain, ({ tx, now }) =>
      insertGateRefusal(tx, scopeOf(caller), {
        id: newId(),
        requestId,
        gates,
        detail: refusal.extra,
        actor: actorOf(caller),
        keyId: caller.keyId,
        refusedAt: now,
      }),
    );
  }

  async function decideFund(caller: FunderCaller, id: string, input: FundInput) {
    const { valueDate, reference, amountCents } = input;
    return deps.write(caller, async (ws) => {
      const { tx, now } = ws;
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
      const { scope, row } = await lockVisible(deps, tx, caller, id);
      requireRouted(caller, row);
      deps.requests.next(row.status, 'fund');
      const advanceCents = toCents(row.advance_amount)!;
      if (amountCents !== null && amountCents !== advanceCents) {
        throw new ApiError(
          'funding_amount_mismatch',
          `amount must equal the accepted advance (${centsToDecimal(advanceCents)} EUR).`,
          { extra: { expected_amount: centsToEuros(advanceCents) } },
        );
      }
      const blocks = await deps.requests.hardBlocks(tx, funderMover(scope), row.id);
      if (blocks.signals.length > 0 || blocks.disputes.length > 0) {
        throw new ApiError(
          'funding_gate_failed',
          'A hard risk signal or an open dispute is waiting for review.',
          {
            extra: {
              signals: blocks.signals.map((s) => ({ id: s.id, code: s.code, severity: s.severity })),
              disputes: blocks.disputes.map((d) => ({ id: d.id, reason: d.reason })),
              debtors: [],
              gates: [{ gate: 'invoice_checks' }],
            },
          },
        );
      }
      // Under `bank_data: required` funding also waits for the payout account to be the seller's own.
      const bankGates = await deps.bankData.fundingGates(tx, scope, row);
      const disclosure = (row.programme_terms?.disclosure as string | undefined) ?? 'announced';
      if (row.type === 'factoring' && disclosure === 'confidential') {
        // Confidential: funding does not wait for the debtors, but for these gates, each named.
        const gates = [...(await deps.disclosure.confidentialGates(tx, scope, row, today)), ...bankGates];
        if (gates.length > 0) {
          throw new ApiError(
            'funding_gate_failed',
            `A confidential request is funded only once every gate holds; not met: ${gates.map((g) => g.gate).join(', ')}.`,
            { extra: { signals: [], disputes: [], debtors: [], gates } },
          );
        }
      }
      if (row.type === 'factoring' && disclosure === 'announced') {
        const policy = await deps.settings.policy(tx, caller.funderId, row.plane);
        const notices = await deps.requests.notices(tx, scope, row.id);
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
                gates: [{ gate: 'debtor_acknowledgments' }, ...bankGates],
              },
            },
          );
        }
      }
      if (bankGates.length > 0) {
        throw new ApiError(
          'funding_gate_failed',
          'The account you pay into must first be confirmed as the seller’s own from its bank data.',
          { extra: { signals: [], disputes: [], debtors: [], gates: bankGates } },
        );
      }
      await requireDocuments(deps, tx, scope, row, valueDate);
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
      const moved = await deps.requests.transition(ws, funderMover(scope), row, 'fund', {
        columns: {
          funder_of_record_id: caller.funderId,
          funded_at: now,
          funded_value_date: valueDate,
          funded_reference: reference,
          funded_amount: centsToDecimal(advanceCents),
        },
        evidence: {
          kind: 'decision.fund',
          funderId: caller.funderId,
          payload: { value_date: valueDate, reference, amount: centsToDecimal(advanceCents) },
        },
        event: {
          funderId: caller.funderId,
          type: 'request.funded',
          withRequest: true,
          data: { value_date: valueDate, reference, amount: centsToEuros(advanceCents) },
        },
      });
      await deps.requests.markActed(tx, scope, row.id, now);
      return {
        decision: 'fund' as const,
        request_id: row.id,
        status: moved.to,
        funded_amount: centsToEuros(advanceCents),
        value_date: valueDate,
        reference,
        funded_at: now.toISOString(),
      };
    });
  }

  async function settle(caller: FunderCaller, id: string, input: SettleInput) {
    return deps.write(caller, async (ws) => {
      const { tx, now } = ws;
      const at = input.receivedAt ?? now;
      // One day ahead is a Madrid calendar date: up to the end of tomorrow in Madrid.
      if (madridDate(at) > addDays(madridDate(now), 1)) {
        throw new ApiError('invalid_received_at', 'received_at may be at most one day ahead.', {
          extra: { field: 'received_at' },
        });
      }
      const { row } = await lockVisible(deps, tx, caller, id);
      // Not funded yet, there is no funder of record: the request is in the wrong state, not someone else's.
      if (row.funder_of_record_id === null) deps.requests.next(row.status, 'settle_partial');
      if (row.funder_of_record_id !== caller.funderId) {
        throw new ApiError('not_your_request', 'You are not the funder of record of this request.');
      }
      const recorded = await deps.payments.record(ws, {
        request: row,
        funderId: caller.funderId,
        amountCents: input.amountCents,
        receivedAt: at,
        reference: input.reference,
        note: input.note,
        final: input.final,
        source: 'settle',
      });
      return { decision: 'settle' as const, ...recorded };
    });
  }

  return { fund, settle };
}
