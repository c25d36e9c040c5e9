import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addMadridDays, madridDate, madridMidnight } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { RequestRow, RequestsService } from '../requests/requests.module.ts';
import * as alertsStore from './bank-data.alerts.store.ts';
import * as store from './bank-data.store.ts';
import {
  alertView,
  bankDataTermOf,
  cashFlowView,
  chargeView,
  collectionView,
  ibanLast4,
  normalIban,
  payoutCheck,
  problemsOf,
  yearOfMonths,
} from './bank-data.views.ts';

/** How far back `GET /v1/bank-data` lists payment alerts: Madrid calendar days. */
export const ALERT_DAYS = 180;

export interface SuppliedAccount {
  iban: string;
  holder_name: string;
  in_company_name: boolean;
  currency?: string;
  balance: number;
}

export interface SuppliedMovement {
  iban: string;
  booked_on: string;
  amount: number;
}

export type BankDataService = ReturnType<typeof createBankDataService>;

/**
 * Bank data: a seller's account read with its consent for one funder, what a request's
 * `bank_data` terms wait for (and the funding gate it makes under `required`), the payments
 * debtors made to the seller and the alerts they raise, and the funder's own overview.
 */
export function createBankDataService(
  deps: Pick<AreaDeps, 'db' | 'clock'> & {
    requests: Pick<RequestsService, 'visible'>;
  },
) {
  const { db, clock } = deps;

  /** The seller's consent for the funder, its accounts, and what the terms still wait for. */
  async function bankFacts(q: Queryable, scope: FunderScope, row: RequestRow) {
    const connection = await store.latestConnection(q, scope, row.seller_id);
    const accounts = connection?.status === 'active' ? await store.accounts(q, scope, connection.id) : [];
    const check = connection?.status === 'active' ? payoutCheck(connection, accounts) : null;
    const term = bankDataTermOf(row.programme_terms);
    return {
      connection,
      accounts,
      check,
      term,
      problems: problemsOf(term, connection, check, row.routed_at),
    };
  }

  return {
    /**
     * The bank data gate of the fund decision: under `required`, funding waits until the
     * account paid into is confirmed as the seller's own. The only owner of this rule.
     */
    async fundingGates(q: Queryable, scope: FunderScope, row: RequestRow) {
      const { problems } = await bankFacts(q, scope, row);
      const holding = problems.filter((p) => p.holds_funding).map((p) => p.problem);
      return holding.length > 0 ? [{ gate: 'bank_data', problems: holding }] : [];
    },

    /** `GET /v1/requests/{id}/cash-flow`. */
    async cashFlow(caller: FunderCaller, id: string) {
      const row = await deps.requests.visible(caller, id);
      const scope = scopeOf(caller);
      const today = madridDate(clock.now());
      const facts = await bankFacts(db, scope, row);
      const { connection, accounts } = facts;
      let cashFlow = null;
      if (connection?.status === 'active') {
        const moved = await store.movementsByMonth(db, scope, connection.id, `${yearOfMonths(today)[0]}-01`);
        cashFlow = cashFlowView(today, { ...connection, status: 'active' }, accounts, moved, facts.check);
      }
      const alerts = await alertsStore.requestAlerts(db, scope, row.id);
      return {
        request_id: row.id,
        bank_data: facts.term,
        cash_flow: cashFlow,
        bank_data_problems: facts.problems,
        payment_alerts: alerts.map(alertView),
      };
    },

    /** `GET /v1/bank-data`. */
    async overview(caller: FunderCaller) {
      const scope = scopeOf(caller);
      const now = clock.now();
      const since = madridDate(addMadridDays(now, -ALERT_DAYS));
      const [collections, sharing, alerts, charges] = await Promise.all([
        store.collectionConnections(db, scope),
        store.sellersSharing(db, scope),
        alertsStore.funderAlerts(db, scope, madridMidnight(since)),
        store.charges(db, scope),
      ]);
      return {
        funder: { bank_id: caller.funderId, name: caller.funderName },
        collection_connections: collections.map(collectionView),
        sellers_sharing: sharing,
        payment_alerts: { since, count: alerts.length, alerts: alerts.map(alertView) },
        charges: charges.map(chargeView),
      };
    },
  };
}

/**
 * A seller's consent to one funder, inside a write: a consent in force is replaced, the
 * accounts and twelve months of movements are kept, and the read is charged to the funder.
 */
export async function connectIn(
  ws: WriteScope,
  scope: FunderScope,
  input: {
    sellerId: string;
    accounts: SuppliedAccount[];
    movements: SuppliedMovement[];
    payoutIban: string | null;
  },
) {
  const { tx, now } = ws;
  const replaced = await store.revokeActive(tx, scope, input.sellerId, now, 'replaced by a new consent');
  const id = newId();
  const payout = input.payoutIban === null ? null : normalIban(input.payoutIban);
  await store.insertConnection(tx, scope, { id, sellerId: input.sellerId, payoutIban: payout, at: now });
  const accountIds = new Map<string, string>();
  for (const [position, account] of input.accounts.entries()) {
    const accountId = newId();
    accountIds.set(normalIban(account.iban), accountId);
    await store.insertAccount(tx, scope, {
      id: accountId,
      connectionId: id,
      position,
      iban: normalIban(account.iban),
      holderName: account.holder_name,
      inCompanyName: account.in_company_name,
      currency: account.currency ?? 'EUR',
      balance: account.balance.toFixed(2),
      at: now,
    });
  }
  for (const [iban, accountId] of accountIds) {
    const own = input.movements.filter((m) => normalIban(m.iban) === iban);
    await store.insertMovements(
      tx,
      scope,
      accountId,
      own.map((m) => ({ id: newId(), bookedOn: m.booked_on, amount: m.amount.toFixed(2) })),
    );
  }
  await store.countRead(tx, scope, `${madridDate(now).slice(0, 7)}-01`);
  ws.evidence({
    funderId: scope.funderId,
    plane: scope.plane,
    kind: 'bank_data.connected',
    subjectType: 'seller',
    subjectId: input.sellerId,
    payload: {
      connection_id: id,
      replaced_connection_id: replaced,
      accounts: input.accounts.map((a) => ibanLast4(a.iban)),
      movements: input.movements.length,
      payout_iban_last4: payout === null ? null : ibanLast4(payout),
    },
  });
  return { connection_id: id, replaced_connection_id: replaced };
}

/**
 * A debtor's payment read through one consent, inside a write: kept once per consent, and an
 * alert (with the event `payment.reached_seller`) raised once per request it concerns.
 */
export async function recordPaymentIn(
  ws: WriteScope,
  scope: FunderScope,
  input: {
    connectionId: string;
    sellerId: string;
    debtorTaxId: string;
    amount: number;
    receivedAt: Date;
    reference: string;
  },
) {
  const { tx, now } = ws;
  const paymentId = await alertsStore.insertPayment(tx, scope, {
    id: newId(),
    connectionId: input.connectionId,
    sellerId: input.sellerId,
    debtorTaxId: input.debtorTaxId,
    amount: input.amount.toFixed(2),
    receivedAt: input.receivedAt,
    reference: input.reference,
    at: now,
  });
  if (paymentId === null) return { payment_id: null, recorded: false, alerts: [] };
  const raised = [];
  for (const request of await alertsStore.alertedRequests(tx, scope, input)) {
    const alertId = await alertsStore.insertAlert(tx, scope, {
      id: newId(),
      requestId: request.id,
      paymentId,
      at: now,
    });
    if (alertId === null) continue;
    const alert = alertView((await alertsStore.alertById(tx, scope, alertId))!);
    ws.evidence({
      funderId: scope.funderId,
      plane: scope.plane,
      kind: 'bank_data.payment_alert',
      subjectType: 'funding_request',
      subjectId: request.id,
      payload: {
        alert_id: alertId,
        payment_id: paymentId,
        amount: alert.amount,
        debtor_tax_id: alert.debtor_tax_id,
      },
    });
    ws.emit({
      funderId: scope.funderId,
      plane: scope.plane,
      type: 'payment.reached_seller',
      data: { alert },
    });
    raised.push(alert);
  }
  return { payment_id: paymentId, recorded: true, alerts: raised };
}
