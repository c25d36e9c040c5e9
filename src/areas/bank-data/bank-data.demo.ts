import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { addDays, madridDate, madridInstant } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import type { RebuildControl } from '../../platform/write.ts';
import { recordPaymentIn } from './bank-data.alerts.ts';
import { connectIn } from './bank-data.consents.ts';
import * as store from './bank-data.store.ts';
import { generatedMovements, makeIban, spanishIban } from './bank-data.views.ts';

/** The demonstration funder's own collection account: the same on every reset. */
export const DEMO_COLLECTION_IBAN = spanishIban('00000001200000012345');

/**
 * The demonstration funder's collection account, read 40 days ago: played before every other
 * part, so that whatever names where the funder is paid (a recourse claim's `pay_to_iban`)
 * finds it.
 */
export async function playCollectionAccountDemo(input: {
  control: RebuildControl;
  funder: FunderCaller;
  today: string;
}) {
  const { control, funder, today } = input;
  const scope = scopeOf(funder);
  control.playAt(madridInstant(addDays(today, -40), '08:15:00'));
  await control.write(funder, async (ws) => {
    await store.saveCollectionRead(ws.tx, scope, {
      id: newId(),
      bankName: 'Banco Demostración',
      accounts: [{ iban: DEMO_COLLECTION_IBAN, holder_name: funder.funderName, currency: 'EUR' }],
      error: null,
      at: ws.now,
    });
    await store.countRead(ws.tx, scope, `${madridDate(ws.now).slice(0, 7)}-01`);
  });
}

/**
 * The bank data part of the demonstration: the confidential programme's company connects its
 * business account for the demonstration funder (the account paid into is its own), and a
 * debtor of the funded, unannounced request pays the company directly: a payment alert on that
 * request. Played on top of the programme's part.
 */
export async function playBankDataDemo(input: {
  control: RebuildControl;
  funder: FunderCaller;
  today: string;
  /** The confidential request funded and not announced (the programme part's first). */
  requestId: string;
}) {
  const { control, funder, today, requestId } = input;
  const scope = scopeOf(funder);
  const at = (offset: number) => control.playAt(madridInstant(addDays(today, offset), '09:30:00'));

  at(-30);
  const facts = await control.write(funder, async (ws) => {
    const seller = await store.requestSellerOf(ws.tx, scope, requestId);
    if (!seller) throw new Error('the bank data demonstration needs the programme’s funded request');
    const main = makeIban();
    await connectIn(ws, scope, {
      sellerId: seller.seller_id,
      accounts: [
        { iban: main, holder_name: seller.seller_name, in_company_name: true, balance: 61_480.25 },
        { iban: makeIban(), holder_name: seller.seller_name, in_company_name: true, balance: 8_300 },
      ],
      movements: generatedMovements(today).map((m) => ({
        iban: main,
        booked_on: m.bookedOn,
        amount: Number(m.amount),
      })),
      payoutIban: main,
    });
    const connection = await store.latestConnection(ws.tx, scope, seller.seller_id);
    const debtors = await store.requestDebtorTaxIds(ws.tx, scope, requestId);
    return { sellerId: seller.seller_id, connectionId: connection!.id, debtorTaxId: debtors[0]! };
  });

  at(-4);
  await control.write(funder, (ws) =>
    recordPaymentIn(ws, scope, {
      connectionId: facts.connectionId,
      sellerId: facts.sellerId,
      debtorTaxId: facts.debtorTaxId,
      amount: 18_400,
      receivedAt: ws.now,
      reference: 'BONIFICO ARREDO CASA NORD FT CR-001',
    }),
  );
}
