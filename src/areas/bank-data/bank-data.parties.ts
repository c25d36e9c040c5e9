import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import type { FunderCaller, FunderScope, OperatorCaller } from '../../platform/caller.ts';
import { scopeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import * as opsStore from './bank-data.ops.store.ts';
import type {
  OpsCollectionReadBody,
  OpsConnectBody,
  OpsPaymentBody,
  OpsPriceBody,
  OpsRevokeBody,
  SandboxConnectBody,
  SandboxPaymentBody,
} from './bank-data.schemas.ts';
import { connectIn, recordPaymentIn, type SuppliedAccount } from './bank-data.service.ts';
import * as store from './bank-data.store.ts';
import { generatedMovements, ibanLast4, makeIban, normalIban } from './bank-data.views.ts';

export type BankDataPartiesService = ReturnType<typeof createBankDataParties>;

const CONNECT_FIRST =
  'The seller has no bank connection for you: POST /v1/sandbox/requests/{id}/bank-connection connects it first.';

/** A seller's two made-up accounts in its own name; the first is the one it is paid into. */
function sandboxAccounts(sellerName: string): SuppliedAccount[] {
  return [
    { iban: makeIban(), holder_name: sellerName, in_company_name: true, balance: 48_250.4 },
    { iban: makeIban(), holder_name: sellerName, in_company_name: true, balance: 12_900 },
  ];
}

/**
 * The other parties of bank data: the seller connecting or revoking its account, its debtors
 * paying it, the funder's collection account being read, the provider's price. Played by the
 * operations API for any funder, and by the sandbox helpers on the demonstration plane.
 */
export function createBankDataParties(deps: { write: RunWrite; requests: Pick<RequestsService, 'visible'> }) {
  const { write } = deps;

  function demoOnly(caller: FunderCaller): void {
    if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
      throw new ApiError(
        'sandbox_only',
        'Test helpers work with sandbox keys only, on the demonstration plane.',
      );
    }
  }

  /** The funder the operations team names, as the scope its rows are written in. */
  async function funderScopeForOps(q: Queryable, funderId: string): Promise<FunderScope> {
    const plane = await opsStore.funderPlaneForOps(q, funderId);
    if (plane === undefined) throw new ApiError('not_found', 'Funder was not found.');
    if (plane === null)
      throw new ApiError('conflict', 'The funder is not classified yet: it has no plane to share data on.');
    return { funderId, plane };
  }

  return {
    /** Sandbox: the request's seller connects its account for the caller, with a year of movements. */
    async sandboxConnect(caller: FunderCaller, requestId: string, body: Static<typeof SandboxConnectBody>) {
      demoOnly(caller);
      const row = await deps.requests.visible(caller, requestId);
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const accounts = sandboxAccounts(row.seller_name);
        const own = body.payout_account_own ?? true;
        const payoutIban = own ? accounts[0]!.iban : makeIban();
        const movements = generatedMovements(madridDate(ws.now)).map((m) => ({
          iban: accounts[0]!.iban,
          booked_on: m.bookedOn,
          amount: Number(m.amount),
        }));
        const made = await connectIn(ws, scope, { sellerId: row.seller_id, accounts, movements, payoutIban });
        return {
          request_id: row.id,
          seller_id: row.seller_id,
          ...made,
          accounts: accounts.map((a) => ibanLast4(a.iban)),
          payout_iban_last4: ibanLast4(payoutIban),
          payout_account_own: own,
          movements: movements.length,
        };
      });
    },

    /** Sandbox: a debtor of the request (or the one named) pays the seller directly. */
    async sandboxPayment(caller: FunderCaller, requestId: string, body: Static<typeof SandboxPaymentBody>) {
      demoOnly(caller);
      const row = await deps.requests.visible(caller, requestId);
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const connection = await store.latestConnection(ws.tx, scope, row.seller_id);
        if (connection?.status !== 'active') throw new ApiError('invalid_state', CONNECT_FIRST);
        const debtorTaxId = body.debtor_tax_id ?? (await store.requestDebtorTaxIds(ws.tx, scope, row.id))[0];
        if (debtorTaxId === undefined)
          throw new ApiError('invalid_state', 'The request has no debtor to pay the seller.');
        const recorded = await recordPaymentIn(ws, scope, {
          connectionId: connection.id,
          sellerId: row.seller_id,
          debtorTaxId,
          amount: body.amount,
          receivedAt: ws.now,
          reference: `SBX-PAY-${randomBytes(6).toString('hex').toUpperCase()}`,
        });
        return { request_id: row.id, seller_id: row.seller_id, debtor_tax_id: debtorTaxId, ...recorded };
      });
    },

    /** Operations: a seller consents to one funder, with its accounts, balances and movements. */
    async connectForOps(operator: OperatorCaller, body: Static<typeof OpsConnectBody>) {
      return write(operator, async (ws) => {
        const scope = await funderScopeForOps(ws.tx, body.bank_id);
        const seller = await opsStore.sellerForOps(ws.tx, body.seller_id);
        if (!seller) throw new ApiError('not_found', 'Seller was not found.');
        if (seller.plane !== scope.plane) {
          throw new ApiError('conflict', 'The seller and the funder are not on the same plane.');
        }
        const ibans = new Set(body.accounts.map((a) => normalIban(a.iban)));
        if (ibans.size !== body.accounts.length) {
          throw new ApiError('body_invalid', 'Each account is given once.', { extra: { field: 'accounts' } });
        }
        const stray = (body.movements ?? []).find((m) => !ibans.has(normalIban(m.iban)) || m.amount === 0);
        if (stray) {
          throw new ApiError(
            'body_invalid',
            'Each movement names one of `accounts` and an amount other than 0.',
            {
              extra: { field: 'movements' },
            },
          );
        }
        const movements =
          body.movements ??
          generatedMovements(madridDate(ws.now)).map((m) => ({
            iban: body.accounts[0]!.iban,
            booked_on: m.bookedOn,
            amount: Number(m.amount),
          }));
        const made = await connectIn(ws, scope, {
          sellerId: seller.id,
          accounts: body.accounts,
          movements,
          payoutIban: body.payout_iban ?? null,
        });
        return { bank_id: scope.funderId, seller_id: seller.id, ...made, movements: movements.length };
      });
    },

    /** Operations: the seller revokes its consent. */
    async revokeForOps(operator: OperatorCaller, connectionId: string, body: Static<typeof OpsRevokeBody>) {
      return write(operator, async (ws) => {
        const connection = await opsStore.connectionForOps(ws.tx, connectionId);
        if (!connection) throw new ApiError('not_found', 'Bank connection was not found.');
        if (connection.status !== 'active')
          throw new ApiError('conflict', 'This consent is revoked already.');
        const scope = { funderId: connection.funder_id, plane: connection.plane };
        await store.revokeActive(ws.tx, scope, connection.seller_id, ws.now, body.reason.trim());
        ws.evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'bank_data.revoked',
          subjectType: 'seller',
          subjectId: connection.seller_id,
          payload: { connection_id: connection.id, reason: body.reason.trim() },
        });
        return { connection_id: connection.id, status: 'revoked' as const };
      });
    },

    /** Operations: a debtor's payment reaches the seller; read through each consent in force. */
    async paymentForOps(operator: OperatorCaller, body: Static<typeof OpsPaymentBody>) {
      return write(operator, async (ws) => {
        const seller = await opsStore.sellerForOps(ws.tx, body.seller_id);
        if (!seller) throw new ApiError('not_found', 'Seller was not found.');
        const receivedAt = body.received_at ? new Date(body.received_at) : ws.now;
        if (receivedAt.getTime() > ws.now.getTime()) {
          throw new ApiError('body_invalid', 'received_at may not be in the future.', {
            extra: { field: 'received_at' },
          });
        }
        const reference = body.reference ?? `OPS-PAY-${randomBytes(6).toString('hex').toUpperCase()}`;
        const reads = [];
        for (const c of await opsStore.activeConnectionsForOps(ws.tx, seller.id)) {
          const recorded = await recordPaymentIn(
            ws,
            { funderId: c.funder_id, plane: c.plane },
            {
              connectionId: c.id,
              sellerId: seller.id,
              debtorTaxId: body.debtor_tax_id,
              amount: body.amount,
              receivedAt,
              reference,
            },
          );
          reads.push({ bank_id: c.funder_id, connection_id: c.id, ...recorded });
        }
        return { seller_id: seller.id, reference, reads };
      });
    },

    /** Operations: the funder's collection account was read, or the read failed. */
    async collectionReadForOps(operator: OperatorCaller, body: Static<typeof OpsCollectionReadBody>) {
      return write(operator, async (ws) => {
        const scope = await funderScopeForOps(ws.tx, body.bank_id);
        const error = body.error ?? null;
        const accounts =
          body.accounts === undefined
            ? null
            : body.accounts.map((a) => ({
                iban: normalIban(a.iban),
                holder_name: a.holder_name ?? null,
                currency: a.currency ?? 'EUR',
              }));
        const id = await store.saveCollectionRead(ws.tx, scope, {
          id: newId(),
          bankName: body.bank_name,
          accounts,
          error,
          at: ws.now,
        });
        await store.countRead(ws.tx, scope, `${madridDate(ws.now).slice(0, 7)}-01`);
        ws.evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: error === null ? 'bank_data.collection_read' : 'bank_data.collection_failed',
          subjectType: 'collection_connection',
          subjectId: id,
          payload: {
            bank_name: body.bank_name,
            accounts: accounts?.map((a) => ibanLast4(a.iban)) ?? null,
            error,
          },
        });
        return {
          connection_id: id,
          bank_id: scope.funderId,
          status: error === null ? 'connected' : 'failing',
        };
      });
    },

    /** Operations: the provider's price per read for a funder's month. */
    async priceForOps(operator: OperatorCaller, body: Static<typeof OpsPriceBody>) {
      return write(operator, async (ws) => {
        const scope = await funderScopeForOps(ws.tx, body.bank_id);
        const price = body.unit_price_eur === null ? null : body.unit_price_eur.toFixed(4);
        const row = await opsStore.setUnitPriceForOps(ws.tx, {
          funderId: scope.funderId,
          plane: scope.plane,
          month: `${body.month}-01`,
          unitPrice: price,
        });
        ws.evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'bank_data.price_set',
          subjectType: 'funder',
          subjectId: scope.funderId,
          payload: { month: body.month, unit_price_eur: price },
        });
        const unit = row.unit_price_eur === null ? null : Number(row.unit_price_eur);
        return {
          bank_id: scope.funderId,
          month: row.month,
          reads: row.reads,
          unit_price_eur: unit,
          amount_eur: unit === null ? null : Math.round(row.reads * unit * 100) / 100,
        };
      });
    },
  };
}
