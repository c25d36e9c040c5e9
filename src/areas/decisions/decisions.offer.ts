import type { FunderCaller } from '../../platform/caller.ts';
import { addMadridDays, madridDate } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros, percentOf, toCents } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { debtorKey } from '../parties/parties.module.ts';
import { funderMover, type ReceivableRow, type RequestRow, requestNow } from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import type { OfferInput } from './decisions.input.ts';
import { defaultOfferDays } from './decisions.offer-days.ts';
import { type DecisionDeps, lockVisible, requireDocuments, requireRouted } from './decisions.shared.ts';

/**
 * A check run inside the offer's transaction, after the request row is locked, before the
 * offer is written: the credit-limit books plug in here and refuse with 409 credit_limit.
 */
export type OfferGuard = (
  tx: Tx,
  input: {
    caller: FunderCaller;
    request: RequestRow;
    advanceCents: number;
    receivables: ReceivableRow[];
  },
) => Promise<void>;

/**
 * Under `listed buyers only`, every debtor of the request must be on the funder's list: 409
 * debtor_not_eligible_for_funder names the others.
 */
async function requireListedBuyers(
  settings: Pick<SettingsService, 'listedBuyers'>,
  tx: Tx,
  caller: FunderCaller,
  row: RequestRow,
  receivables: ReceivableRow[],
) {
  const listed = new Set(
    (await settings.listedBuyers(tx, caller.funderId, row.plane)).map((b) => debtorKey(b.country, b.tax_id)),
  );
  const outside = new Map<string, { name: string; debtor_key: string; reason: string; invoices: string[] }>();
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

/** The offer decision: terms sent to the seller, the funder's earlier pending offer superseded. */
export function createOfferDecision(
  deps: DecisionDeps & {
    write: RunWrite;
    settings: Pick<SettingsService, 'policy' | 'listedBuyers'>;
    offerGuards: readonly OfferGuard[];
  },
) {
  return async function offer(caller: FunderCaller, id: string, input: OfferInput) {
    return deps.write(caller, async (ws) => {
      const { tx, now } = ws;
      const { scope, row } = await lockVisible(deps, tx, caller, id);
      requireRouted(caller, row);
      deps.requests.next(row.status, 'offer');
      const receivables = await deps.requests.receivables(tx, scope, row.id);
      const policy = await deps.settings.policy(tx, caller.funderId, row.plane);
      if (policy.listedBuyersOnly) await requireListedBuyers(deps.settings, tx, caller, row, receivables);
      await requireDocuments(deps, tx, scope, row, madridDate(now));

      const totalCents = toCents(row.total_amount)!;
      const advanceCents = percentOf(totalCents, input.advancePct);
      if (advanceCents < 1) {
        throw new ApiError(
          'invalid_terms',
          'advance_pct gives an advance of less than one cent on this request.',
          {
            extra: { field: 'advance_pct' },
          },
        );
      }
      for (const guard of deps.offerGuards)
        await guard(tx, { caller, request: row, advanceCents, receivables });

      const offerDays =
        input.days ??
        defaultOfferDays(
          now,
          receivables.map((r) => r.due_date),
        );
      const valid = input.validDays ?? policy.offerValidityDays;
      const offerId = newId();
      // Calendar days in Madrid: the offer ends at the same Madrid time `valid` days on, even
      // across a daylight-saving change.
      // A sandbox request moved ahead in time counts the validity from its own now.
      const expiresAt = addMadridDays(requestNow(row, now), valid);
      // Only the funder's newest offer stands: an earlier one it sent is superseded.
      await deps.requests.placeOffer(tx, scope, {
        id: offerId,
        requestId: row.id,
        keyId: caller.keyId,
        rate: input.rate,
        advancePct: input.advancePct,
        days: offerDays,
        advanceAmount: centsToDecimal(advanceCents),
        notes: input.notes ?? null,
        validDays: valid,
        submittedAt: now,
        expiresAt,
      });
      const moved = await deps.requests.transition(ws, funderMover(scope), row, 'offer', {
        acted: true,
        evidence: {
          kind: 'decision.offer',
          funderId: caller.funderId,
          payload: {
            offer_id: offerId,
            rate: input.rate,
            advance_pct: input.advancePct,
            days: offerDays,
            valid_days: valid,
            advance_amount: centsToDecimal(advanceCents),
          },
        },
      });
      return {
        decision: 'offer' as const,
        request_id: row.id,
        offer_id: offerId,
        expires_at: expiresAt.toISOString(),
        status: moved.to,
        advance_amount: centsToEuros(advanceCents),
      };
    });
  };
}
