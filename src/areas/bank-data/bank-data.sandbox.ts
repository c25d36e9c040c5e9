import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import type { FunderCaller } from '../../platform/caller.ts';
import { requireSandbox, scopeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { RequestsService } from '../requests/requests.module.ts';
import { recordPaymentIn } from './bank-data.alerts.ts';
import { connectIn, type SuppliedAccount } from './bank-data.consents.ts';
import type { SandboxConnectBody, SandboxPaymentBody } from './bank-data.schemas.ts';
import * as store from './bank-data.store.ts';
import { generatedMovements, ibanLast4, makeIban } from './bank-data.views.ts';

const CONNECT_FIRST =
  'The seller has no bank connection for you: POST /v1/sandbox/requests/{id}/bank-connection connects it first.';

/** A seller's two made-up accounts in its own name; the first is the one it is paid into. */
function sandboxAccounts(sellerName: string): SuppliedAccount[] {
  return [
    { iban: makeIban(), holder_name: sellerName, in_company_name: true, balance: 48_250.4 },
    { iban: makeIban(), holder_name: sellerName, in_company_name: true, balance: 12_900 },
  ];
}

/** The sandbox helpers playing a request's seller: it connects its account, a debtor pays it. */
export function createBankDataSandbox(deps: { write: RunWrite; requests: Pick<RequestsService, 'visible'> }) {
  const { write } = deps;
  return {
    /** Sandbox: the request's seller connects its account for the caller, with a year of movements. */
    async sandboxConnect(caller: FunderCaller, requestId: string, body: Static<typeof SandboxConnectBody>) {
      requireSandbox(caller);
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
      requireSandbox(caller);
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
  };
}
