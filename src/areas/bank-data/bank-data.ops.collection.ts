import type { Static } from 'typebox';
import type { OperatorCaller } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import { writeForFunder } from './bank-data.ops.sellers.ts';
import * as opsStore from './bank-data.ops.store.ts';
import type { OpsCollectionReadBody, OpsPriceBody } from './bank-data.schemas.ts';
import * as store from './bank-data.store.ts';
import { ibanLast4, normalIban } from './bank-data.views.ts';

/** The operations team records the funder's side: its collection account read, the provider's price. */
export function createBankDataCollectionForOps(deps: { write: RunWrite }) {
  const { write } = deps;
  return {
    /** Operations: the funder's collection account was read, or the read failed. */
    async collectionReadForOps(operator: OperatorCaller, body: Static<typeof OpsCollectionReadBody>) {
      return writeForFunder(write, operator, body.bank_id, async (ws, scope) => {
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
      return writeForFunder(write, operator, body.bank_id, async (ws, scope) => {
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
