import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/support/errors.ts';
import { type Line, limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

/**
 * A page of the debtor book finds its debtors first (the funder's limits, its live exposure
 * lines, its early payments) and sums only theirs (docs/decisions/limits.md). Walked in pages of
 * one, the book must be the whole book, line for line, whatever mix of debtors it holds: with a
 * limit only, with exposure only, with a limit and exposure, and with lines that no longer count
 * (an offer run out, a request paid in full), which must take no place in a page.
 */
const { service } = startGiven();
const { given, funderWithKey, putLimit, debtorBook } = limitsKit(() => service);

type Page = { debtors: Line[]; has_more: boolean; next_cursor: string | null };

describe('pages of the debtor book', () => {
  it('walked one line at a time, hold the whole book and no debtor whose lines no longer count', async () => {
    const funder = await funderWithKey();
    const [limitOnly, offered, expired, paid, both] = [
      await given.debtor(),
      await given.debtor(),
      await given.debtor(),
      await given.debtor(),
      await given.debtor(),
    ] as const;
    for (const debtor of [limitOnly, both]) {
      expectOk(
        await putLimit(funder.key, { debtor_country: 'ES', debtor_tax_id: debtor.tax_id, amount: 90_000 }),
        'limit',
      );
    }
    const request = (debtor: typeof offered, amount: number) =>
      given.request({ bankId: funder.bankId, invoices: [{ debtor, amount }] });
    expectOk(await given.offer(funder.key, (await request(offered, 1000)).id, { valid_days: 30 }), 'offer');
    expectOk(await given.offer(funder.key, (await request(expired, 2000)).id, { valid_days: 1 }), 'offer');
    const settled = await request(paid, 3000);
    await given.funded(funder.key, settled.id);
    await given.settle(funder.key, settled.id, 3000);
    const committed = await request(both, 4000);
    expectOk(await given.offer(funder.key, committed.id), 'offer');
    await given.accept(committed.id);
    await service.advanceClock(2 * 86_400);

    const whole = (await debtorBook(funder.key)).debtors;
    const keys = whole.map((line) => line.debtor_key);
    expect(keys).toEqual(expect.arrayContaining([limitOnly, offered, both].map((d) => d.debtor_key)));
    expect(keys).not.toContain(expired.debtor_key);
    expect(keys).not.toContain(paid.debtor_key);

    const walked: Line[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const query = new URLSearchParams({ limit: '1', ...(cursor ? { cursor } : {}) });
      const answer: Page = expectOk(
        await service.call<Page>(funder.key, 'GET', `/v1/credit-limits?${query}`),
        'page',
      );
      // Every page is full until the last.
      expect(answer.debtors).toHaveLength(answer.has_more ? 1 : answer.debtors.length);
      walked.push(...answer.debtors);
      if (!answer.has_more) break;
      cursor = answer.next_cursor;
    }
    expect(walked).toEqual(whole);
  });
});
