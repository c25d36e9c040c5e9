import type { FunderScope } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as store from './bank-data.store.ts';
import { ibanLast4, normalIban } from './bank-data.views.ts';

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
