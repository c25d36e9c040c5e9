import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/support/errors.ts';
import { limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

/**
 * A page of the debtor book finds its debtors first (the funder's limits, its live exposure
 * lines, its early payments) and sums only theirs (docs/decisions/limits.md). Walked in pages of
 * one, the book must be the whole book, line for line, whatever mix of debtors it holds: with a
 * limit only, with exposure only, with a limit and exposure, and with lines that no longer count
 * (an offer run out, a request paid in full), which must take no place in a page.
 */
const { service } = startGiven();
const { given, funderWithKey, putLimit, debtorBook, walkedBook } = limitsKit(() => service);

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
    // Last in the book's order (PT after ES), so the last page ends on a debtor with lines.
    const frozen = await given.debtor('live', { country: 'PT' });
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
    // Funded, past due and marked paid by the seller: overdue, frozen, with its marked line.
    const late = await given.request({
      bankId: funder.bankId,
      invoices: [{ debtor: frozen, amount: 5000, dueInDays: 1 }],
    });
    await given.funded(funder.key, late.id);
    await service.advanceClock(2 * 86_400);
    await given.markPaidBySeller(late.invoices[0]!.id, service.runtime.clock.now().toISOString());

    const whole = (await debtorBook(funder.key)).debtors;
    const keys = whole.map((line) => line.debtor_key);
    expect(keys).toEqual(expect.arrayContaining([limitOnly, offered, both, frozen].map((d) => d.debtor_key)));
    expect(whole.find((line) => line.debtor_key === frozen.debtor_key)).toMatchObject({
      frozen: true,
      overdue_count: 1,
    });
    expect(keys).not.toContain(expired.debtor_key);
    expect(keys).not.toContain(paid.debtor_key);

    // Pages of one, two and three lines: a page's lines are read over the stretch of the book
    // between its first and last debtor, which holds debtors of other pages' or of none.
    for (const size of [1, 2, 3]) expect(await walkedBook(funder.key, size)).toEqual(whole);
  });
});
