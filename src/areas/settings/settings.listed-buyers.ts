import type { Caller, Plane } from '../../platform/caller.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { funderExists } from '../../platform/db/funders.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import { normalizeTaxId } from '../parties/parties.module.ts';
import * as store from './settings.store.ts';

/** The buyers a funder lists, and whether it takes listed buyers only (set by the operations team). */
export function createListedBuyers(deps: { write: RunWrite }) {
  const { write } = deps;
  return {
    async listedBuyers(q: Queryable, funderId: string, plane: Plane) {
      return store.listedBuyers(q, { funderId, plane });
    },

    /**
     * Operations API: whether the funder takes listed buyers only on a plane, and the list
     * (replaced whole). Tax ids are kept upper case without spaces, dots, dashes or slashes.
     */
    async setListedBuyers(
      caller: Caller,
      bankId: string,
      plane: Plane,
      input: { listed_buyers_only: boolean; buyers: { country: string; tax_id: string }[] },
    ) {
      if (plane !== 'live' && plane !== 'demo')
        throw new ApiError('body_invalid', 'plane must be live or demo.');
      const seen = new Set<string>();
      const buyers: { country: string; tax_id: string }[] = [];
      input.buyers.forEach((buyer, i) => {
        const country = typeof buyer.country === 'string' ? buyer.country.trim().toUpperCase() : '';
        const taxId = typeof buyer.tax_id === 'string' ? normalizeTaxId(buyer.tax_id) : '';
        if (!/^[A-Z]{2}$/.test(country)) {
          throw new ApiError('body_invalid', `buyers[${i}].country must be two letters.`, {
            extra: {
              field: `buyers[${i}].country`,
            },
          });
        }
        if (taxId.length === 0 || taxId.length > 64) {
          throw new ApiError('body_invalid', `buyers[${i}].tax_id must be 1 to 64 characters.`, {
            extra: {
              field: `buyers[${i}].tax_id`,
            },
          });
        }
        const key = `${country}:${taxId}`;
        if (seen.has(key)) return;
        seen.add(key);
        buyers.push({ country, tax_id: taxId });
      });
      buyers.sort((a, b) => (a.country + a.tax_id < b.country + b.tax_id ? -1 : 1));

      return write(caller, async ({ tx, now, evidence }) => {
        if (!(await funderExists(tx, bankId))) throw new ApiError('not_found', 'Funder was not found.');
        const before = await store.lockSettings(tx, { funderId: bankId, plane }, now);
        const beforeBuyers = await store.listedBuyers(tx, { funderId: bankId, plane });
        const sameList =
          beforeBuyers.length === buyers.length &&
          beforeBuyers.every((b) => seen.has(`${b.country}:${b.tax_id}`));
        const changed = !sameList || before.listed_buyers_only !== input.listed_buyers_only;
        if (changed) {
          await store.updateSettings(
            tx,
            { funderId: bankId, plane },
            { listed_buyers_only: input.listed_buyers_only },
            now,
          );
          if (!sameList) await store.replaceListedBuyers(tx, { funderId: bankId, plane }, buyers, now);
          evidence({
            funderId: bankId,
            plane,
            kind: 'settings.listed_buyers_changed',
            subjectType: 'funder_settings',
            subjectId: bankId,
            payload: {
              from: { listed_buyers_only: before.listed_buyers_only, buyers: beforeBuyers.length },
              to: { listed_buyers_only: input.listed_buyers_only, buyers: buyers.length },
              buyers_sha256: sha256Hex(canonicalJson(buyers)),
            },
          });
        }
        return {
          bank_id: bankId,
          plane,
          listed_buyers_only: input.listed_buyers_only,
          buyers,
          changed,
        };
      });
    },
  };
}
