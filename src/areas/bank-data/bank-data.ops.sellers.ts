import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import type { FunderScope, OperatorCaller } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { funderPlane } from '../../platform/db/funders.ts';
import { ApiError } from '../../platform/errors.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { recordPaymentIn } from './bank-data.alerts.ts';
import { connectIn } from './bank-data.consents.ts';
import * as opsStore from './bank-data.ops.store.ts';
import type { OpsConnectBody, OpsPaymentBody, OpsRevokeBody } from './bank-data.schemas.ts';
import * as store from './bank-data.store.ts';
import { generatedMovements, normalIban } from './bank-data.views.ts';

/** The funder the operations team names, as the scope its rows are written in. */
async function funderScopeForOps(q: Queryable, funderId: string): Promise<FunderScope> {
  const plane = await funderPlane(q, funderId);
  if (plane === undefined) throw new ApiError('not_found', 'Funder was not found.');
  if (plane === null)
    throw new ApiError('conflict', 'The funder is not classified yet: it has no plane to share data on.');
  return { funderId, plane };
}

/** A write of the operations team in the scope of the funder it names. */
export const writeForFunder = <T>(
  write: RunWrite,
  operator: OperatorCaller,
  funderId: string,
  work: (ws: WriteScope, scope: FunderScope) => Promise<T>,
) => write(operator, async (ws) => work(ws, await funderScopeForOps(ws.tx, funderId)));

/** The operations team records a seller's side: its consent given or revoked, a debtor paying it. */
export function createBankDataSellersForOps(deps: { write: RunWrite }) {
  const { write } = deps;
  return {
    /** Operations: a seller consents to one funder, with its accounts, balances and movements. */
    async connectForOps(operator: OperatorCaller, body: Static<typeof OpsConnectBody>) {
      return writeForFunder(write, operator, body.bank_id, async (ws, scope) => {
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
      const reason = requireReason(body.reason);
      return write(operator, async (ws) => {
        const connection = await opsStore.connectionForOps(ws.tx, connectionId);
        if (!connection) throw new ApiError('not_found', 'Bank connection was not found.');
        if (connection.status !== 'active')
          throw new ApiError('conflict', 'This consent is revoked already.');
        const scope = { funderId: connection.funder_id, plane: connection.plane };
        await store.revokeActive(ws.tx, scope, connection.seller_id, ws.now, reason);
        ws.evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'bank_data.revoked',
          subjectType: 'seller',
          subjectId: connection.seller_id,
          payload: { connection_id: connection.id, reason },
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
  };
}
