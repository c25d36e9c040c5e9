import { actorOf, type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros, toCents } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { BankDataService } from '../bank-data/bank-data.module.ts';
import type { DisclosureService } from '../disclosure/disclosure.module.ts';
import { funderMover, meetsRequirement, type RequestRow } from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import type { FundInput } from './decisions.input.ts';
import { type DecisionDeps, lockVisible, requireDocuments, requireRouted } from './decisions.shared.ts';
import { insertGateRefusal } from './decisions.store.ts';

/** What the fund decision needs beside the lifecycle and the documents. */
export type FundDeps = DecisionDeps & {
  write: RunWrite;
  settings: Pick<SettingsService, 'policy'>;
  disclosure: Pick<DisclosureService, 'confidentialGates'>;
  bankData: Pick<BankDataService, 'fundingGates'>;
};

/**
 * The gates funding waits for, in order: no hard risk signal or open dispute, the confidential
 * request's gates, every debtor's acknowledgment on an announced one, the seller's own payout
 * account under `bank_data: required`. The first not met refuses with 409 funding_gate_failed,
 * naming what is missing.
 */
async function requireFundingGates(
  deps: FundDeps,
  tx: Tx,
  caller: FunderCaller,
  scope: FunderScope,
  row: RequestRow,
  today: string,
): Promise<void> {
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
}

/** The fund decision: money paid out to the seller. */
export function createFundDecision(deps: FundDeps) {
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
      await requireFundingGates(deps, tx, caller, scope, row, today);
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

  return fund;
}
