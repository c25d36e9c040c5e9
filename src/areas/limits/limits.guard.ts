import type { Plane } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { type Cents, centsToDecimal, centsToEuros, toCents } from '../../platform/money.ts';
import type { OfferGuard } from '../decisions/decisions.module.ts';
import { debtorKey, normalizeTaxId } from '../parties/parties.module.ts';
import { type BookScope, debtorBook, sellerBook } from './limits.exposure.store.ts';
import * as store from './limits.store.ts';
import { figuresOf } from './limits.views.ts';

export interface LimitBreach {
  kind: 'debtor' | 'seller';
  debtor_key?: string;
  debtor_name?: string | null;
  seller_id?: string;
  /** exceeded, refused, suspended or frozen */
  reason: 'exceeded' | 'refused' | 'suspended' | 'frozen';
  status: store.LimitStatus;
  limit: number | null;
  exposure: number;
  requested: number;
  available: number | null;
}

function check(
  limit: { status: store.LimitStatus; amount: string | null },
  exposure: Cents,
  frozen: boolean,
  requested: Cents,
): { reason: LimitBreach['reason'] | null; limit: number | null; available: number | null } {
  const limitCents = limit.amount === null ? null : toCents(limit.amount)!;
  const available = limitCents === null ? null : limitCents - exposure;
  const euros = {
    limit: limitCents === null ? null : centsToEuros(limitCents),
    available: available === null ? null : centsToEuros(available),
  };
  if (limit.status === 'refused' || limit.status === 'suspended') return { reason: limit.status, ...euros };
  if (frozen) return { reason: 'frozen', ...euros };
  if (available === null || requested > available) return { reason: 'exceeded', ...euros };
  return { reason: null, ...euros };
}

const REASONS: Record<LimitBreach['reason'], string> = {
  exceeded: 'it would take the exposure past the limit',
  refused: 'the limit is refused',
  suspended: 'the limit is suspended',
  frozen: 'a past-due invoice the seller marked paid has not reached you',
};

/**
 * The credit-limit check of an offer, run inside the offer's transaction after the request row
 * is locked. It locks the funder's limit rows on the request's debtors (in debtor-key order)
 * and on its seller, creating none; then it computes the exposure again in a new statement, so
 * under READ COMMITTED it sees every offer committed by whoever held those locks before. Any
 * limit that cannot hold the request's face value refuses the offer with 409 credit_limit.
 * A debtor or seller without a limit row has no limit.
 */
export function createCreditLimitGuard(clock: Clock): OfferGuard {
  return async (tx, { caller, request, receivables }) => {
    const funderId = caller.funderId;
    const plane = request.plane;
    const perDebtor = new Map<string, { country: string; tax_id: string; name: string; cents: Cents }>();
    let requestCents = 0;
    for (const invoice of receivables) {
      const key = debtorKey(invoice.debtor_country, invoice.debtor_tax_id);
      const cents = toCents(invoice.amount)!;
      requestCents += cents;
      const entry = perDebtor.get(key) ?? {
        country: invoice.debtor_country,
        tax_id: invoice.debtor_tax_id,
        name: invoice.debtor_name,
        cents: 0,
      };
      entry.cents += cents;
      perDebtor.set(key, entry);
    }
    const debtors = [...perDebtor.values()];
    const debtorLimits = await store.findDebtorLimits(tx, { funderId, plane }, debtors, { lock: true });
    const sellerLimit = await store.findSellerLimit(tx, { funderId, plane }, request.seller_id, {
      lock: true,
    });
    if (debtorLimits.length === 0 && !sellerLimit) return;

    const now = clock.now();
    const scope: BookScope = { funderId, plane, now, today: madridDate(now), excludeRequestId: request.id };
    const breaches: LimitBreach[] = [];
    if (debtorLimits.length > 0) {
      const book = await debtorBook(
        tx,
        scope,
        debtorLimits.map((l) => ({ country: l.debtor_country, tax_id: l.debtor_tax_id })),
      );
      for (const limit of debtorLimits) {
        const key = debtorKey(limit.debtor_country, limit.debtor_tax_id);
        const line = book.find(
          (b) => b.debtor_country === limit.debtor_country && b.debtor_tax_id === limit.debtor_tax_id,
        );
        const figures = figuresOf(line);
        const requested = perDebtor.get(key)?.cents ?? 0;
        const result = check(limit, figures.exposure, figures.frozen, requested);
        if (result.reason) {
          breaches.push({
            kind: 'debtor',
            debtor_key: key,
            debtor_name: perDebtor.get(key)?.name ?? line?.debtor_name ?? null,
            reason: result.reason,
            status: limit.status,
            limit: result.limit,
            exposure: centsToEuros(figures.exposure),
            requested: centsToEuros(requested),
            available: result.available,
          });
        }
      }
    }
    if (sellerLimit) {
      const [line] = await sellerBook(tx, scope, request.seller_id);
      const figures = figuresOf(line);
      const result = check(sellerLimit, figures.exposure, figures.frozen, requestCents);
      if (result.reason) {
        breaches.push({
          kind: 'seller',
          seller_id: request.seller_id,
          reason: result.reason,
          status: sellerLimit.status,
          limit: result.limit,
          exposure: centsToEuros(figures.exposure),
          requested: centsToEuros(requestCents),
          available: result.available,
        });
      }
    }
    if (breaches.length === 0) return;
    const first = breaches[0]!;
    const what = first.kind === 'debtor' ? `debtor ${first.debtor_key}` : `seller ${first.seller_id}`;
    throw new ApiError(
      'credit_limit',
      `Your credit limit on ${what} cannot hold this offer: ${REASONS[first.reason]}` +
        (first.limit === null
          ? '.'
          : ` (limit ${centsToDecimal(toCents(first.limit)!)}, exposure ${centsToDecimal(toCents(first.exposure)!)}, requested ${centsToDecimal(toCents(first.requested)!)} EUR).`),
      {
        extra: {
          limit: first.limit,
          exposure: first.exposure,
          requested: first.requested,
          available: first.available,
          limits: breaches,
        },
      },
    );
  };
}

export interface DebtorLimitSummary {
  amount: number | null;
  status: store.LimitStatus;
  source: store.LimitSource;
  source_ref: string | null;
  /** outstanding + committed + offered, euros */
  exposure: number;
}

/**
 * The funder's limit on one debtor with its exposure, for other areas (debtor information);
 * null when the funder has no limit on it.
 */
export async function debtorLimitView(
  q: Queryable,
  funderId: string,
  plane: Plane,
  country: string,
  taxId: string,
  now: Date,
): Promise<DebtorLimitSummary | null> {
  const debtor = { country: country.trim().toUpperCase(), tax_id: normalizeTaxId(taxId) };
  const [limit] = await store.findDebtorLimits(q, { funderId, plane }, [debtor]);
  if (!limit) return null;
  const [line] = await debtorBook(q, { funderId, plane, now, today: madridDate(now) }, [debtor]);
  return {
    amount: limit.amount === null ? null : centsToEuros(toCents(limit.amount)!),
    status: limit.status,
    source: limit.source,
    source_ref: limit.source_ref,
    exposure: centsToEuros(figuresOf(line).exposure),
  };
}
