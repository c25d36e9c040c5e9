import { actorOf, type Caller } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { funderExists } from '../../platform/db/funders.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { debtorKey } from '../parties/parties.module.ts';
import { SELLER_LIMIT_UPDATED } from './limits.events.ts';
import { type BookScope, debtorBook, sellerBook } from './limits.exposure.store.ts';
import { readLimitRow, readSellerLimit, rowProblemToError } from './limits.input.ts';
import type { DebtorLimitInputBody, SellerLimitInputBody } from './limits.schemas.ts';
import * as store from './limits.store.ts';
import { debtorLimitView as limitView, sellerExposureView, sellerLimitView } from './limits.views.ts';
import {
  emitDebtorLimits,
  type Resolved,
  resolveCountries,
  sameLimit,
  sourceOf,
  type Target,
  writeDebtorLimits,
} from './limits.writes.ts';

/** Setting one limit, debtor or seller, for a funder's own key or for the operations team. */
interface SetDeps {
  write: RunWrite;
}

/** The exposure books' scope for a target funder and plane at `now`. */
export const scopeAt = (target: Target, now: Date): BookScope => ({
  funderId: target.funderId,
  plane: target.plane,
  now,
  today: madridDate(now),
});

/** One debtor limit, from PUT /v1/credit-limits or the operations API. */
export async function setDebtorLimit(
  { write }: SetDeps,
  caller: Caller,
  target: Target,
  body: DebtorLimitInputBody,
) {
  const read = readLimitRow(body);
  if ('problem' in read) throw rowProblemToError(read.problem);
  const source = sourceOf(caller);
  return write(caller, async (scope) => {
    if (caller.kind !== 'funder' && !(await funderExists(scope.tx, target.funderId)))
      throw new ApiError('not_found', 'Funder was not found.');
    const [resolved] = await resolveCountries(scope.tx, target, [read.value]);
    if ('problem' in resolved!) {
      throw new ApiError('invalid_limit', resolved.problem, {
        extra: { field: 'debtor_country', reason: 'invalid_country' },
      });
    }
    const input = resolved as Resolved;
    const [outcome] = await writeDebtorLimits(scope, target, [input], source, null);
    const key = debtorKey(input.country, input.taxId);
    const debtor = { country: input.country, tax_id: input.taxId };
    const [row] = await store.findDebtorLimits(scope.tx, target, [debtor]);
    const [book] = await debtorBook(scope.tx, scopeAt(target, scope.now), [debtor]);
    if (outcome!.written)
      emitDebtorLimits(scope, target, [book!], { source, sourceRef: null, importId: null });
    if (outcome!.changed) {
      scope.evidence({
        funderId: target.funderId,
        plane: target.plane,
        kind: 'credit_limit.set',
        subjectType: 'credit_limit',
        subjectId: row!.id,
        payload: {
          debtor_key: key,
          from: outcome!.row ? { amount: outcome!.row.amount, status: outcome!.row.status } : null,
          to: { amount: row!.amount, status: row!.status },
          source,
        },
      });
    }
    return { credit_limit: limitView(row!, book), changed: outcome!.changed };
  });
}

export async function setSellerLimit(
  { write }: SetDeps,
  caller: Caller,
  target: Target,
  body: SellerLimitInputBody,
) {
  const input = readSellerLimit(body);
  const source = sourceOf(caller);
  return write(caller, async (scope) => {
    const { tx, now } = scope;
    if (caller.kind !== 'funder' && !(await funderExists(tx, target.funderId)))
      throw new ApiError('not_found', 'Funder was not found.');
    if (!(await store.sellerVisible(tx, target, input.sellerId)))
      throw new ApiError('not_found', 'Seller was not found.');
    await store.lockFunderLimits(tx, target);
    const previous = await store.findSellerLimit(tx, target, input.sellerId, {
      lock: true,
    });
    const amount = input.amountCents === null ? null : centsToDecimal(input.amountCents);
    const next = { amount, status: input.status, note: input.note, source, sourceRef: null };
    const changed = previous === null || !sameLimit(previous, next);
    let row = previous;
    if (changed) {
      const actor = actorOf(caller);
      row = await store.upsertSellerLimit(
        tx,
        target,
        { id: previous?.id ?? newId(), sellerId: input.sellerId, ...next, decidedBy: actor },
        now,
      );
      await store.insertSellerHistory(
        tx,
        target,
        {
          limit: row,
          from: previous ? { amount: previous.amount, status: previous.status, note: previous.note } : null,
        },
        actor,
        now,
      );
      scope.evidence({
        funderId: target.funderId,
        plane: target.plane,
        kind: 'seller_limit.set',
        subjectType: 'seller_limit',
        subjectId: row.id,
        payload: {
          seller_id: input.sellerId,
          from: previous ? { amount: previous.amount, status: previous.status } : null,
          to: { amount, status: input.status },
          source,
        },
      });
    }
    const [book] = await sellerBook(tx, scopeAt(target, now), input.sellerId);
    if (changed) {
      scope.emit({
        funderId: target.funderId,
        plane: target.plane,
        type: SELLER_LIMIT_UPDATED,
        data: { seller_limit: sellerExposureView(book!), source },
      });
    }
    return { seller_limit: sellerLimitView(row!, book!), changed };
  });
}
