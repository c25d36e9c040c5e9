import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/support/errors.ts';
import { eventsOfType } from '../../../test/support/events.ts';
import { type Body, limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

/**
 * Every limit written is an event (docs/decisions/limits.md, "Every limit written is an event"):
 * `credit_limit.updated` and `seller_limit.updated`, read here on `GET /v1/events` by another
 * key of the funder than the one that wrote, each carrying the line its book answers.
 */
const { service } = startGiven({ demoPlane: true });
const { given, funderWithKey, putLimit, importLimits, putSellerLimit, lineOf, sellerLineOf } = limitsKit(
  () => service,
);

/** A second live key of the funder: it did not write, and reads every event of the live plane. */
async function otherKey(bankId: string): Promise<string> {
  return (await service.given.key({ bankId, perMinute: 1_000_000, perHour: 100_000_000 })).secret;
}

describe('limit events', () => {
  it('a PUT emits credit_limit.updated with the book line, seen by every live key; the same values again emit nothing', async () => {
    const funder = await funderWithKey();
    const reader = await otherKey(funder.bankId);
    const debtor = await given.debtor();
    const body = {
      debtor_tax_id: debtor.tax_id,
      debtor_country: 'ES',
      amount: 12_000,
      note: 'Annual review',
    };
    expectOk(await putLimit(funder.key, body), 'put');
    const events = await eventsOfType(service, reader, 'credit_limit.updated');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      credit_limit: await lineOf(reader, debtor.debtor_key),
      source: 'api',
      source_ref: null,
      import_id: null,
    });
    expect(events[0]!.data.credit_limit).toMatchObject({ limit_amount: 12_000, limit_status: 'active' });

    expectOk(await putLimit(funder.key, body), 'same again');
    expect(await eventsOfType(service, reader, 'credit_limit.updated')).toHaveLength(1);

    // The operations team's write (the portal's) is one too, marked manual.
    expectOk(
      await service.ops<Body>('PUT', `/ops/v1/funders/${funder.bankId}/credit-limits?plane=live`, {
        debtor_tax_id: debtor.tax_id,
        debtor_country: 'ES',
        status: 'suspended',
        amount: 12_000,
      }),
      'operator put',
    );
    const after = await eventsOfType(service, reader, 'credit_limit.updated');
    expect(after).toHaveLength(2);
    expect(after[1]!.data).toMatchObject({
      credit_limit: { debtor_key: debtor.debtor_key, limit_status: 'suspended', limit_source: 'manual' },
      source: 'manual',
    });
    expect(after[1]!.data.credit_limit).toEqual(await lineOf(reader, debtor.debtor_key));
  });

  it('an import emits one event per row it wrote, in row order, with its source, source_ref and import_id', async () => {
    const funder = await funderWithKey();
    const reader = await otherKey(funder.bankId);
    const [first, second, kept] = [await given.debtor(), await given.debtor(), await given.debtor()];
    expectOk(
      await putLimit(funder.key, { debtor_tax_id: kept.tax_id, debtor_country: 'ES', amount: 500 }),
      'kept',
    );
    const imported = expectOk(
      await importLimits(funder.key, {
        source: 'insurer',
        source_ref: 'POLICY-2026-07',
        rows: [
          { debtor_tax_id: second.tax_id, debtor_country: 'ES', amount: 2_000 },
          { debtor_tax_id: second.tax_id, debtor_country: 'ES', amount: 1 },
          { debtor_tax_id: first.tax_id, debtor_country: 'ES', amount: 1_000, status: 'active' },
          { debtor_tax_id: kept.tax_id, debtor_country: 'ES', amount: 500 },
        ],
      }),
      'import',
    ) as Body & { import_id: string; written: number; refused: number };
    expect(imported).toMatchObject({ written: 3, refused: 1 });
    const events = (await eventsOfType(service, reader, 'credit_limit.updated')).slice(1);
    // The kept debtor's row changed its source (api to insurer): written, so an event too.
    expect(events.map((e) => (e.data.credit_limit as Body).debtor_key)).toEqual([
      second.debtor_key,
      first.debtor_key,
      kept.debtor_key,
    ]);
    for (const event of events) {
      expect(event.data).toMatchObject({
        source: 'insurer',
        source_ref: 'POLICY-2026-07',
        import_id: imported.import_id,
      });
      const line = event.data.credit_limit as Body & { debtor_key: string };
      expect(line).toEqual(await lineOf(reader, line.debtor_key));
    }

    // The same file again writes nothing new: no event.
    expectOk(
      await importLimits(funder.key, {
        source: 'insurer',
        source_ref: 'POLICY-2026-07',
        rows: [{ debtor_tax_id: first.tax_id, debtor_country: 'ES', amount: 1_000 }],
      }),
      'again',
    );
    expect(await eventsOfType(service, reader, 'credit_limit.updated')).toHaveLength(4);
  });

  it('a seller limit written emits seller_limit.updated with the seller line; a sandbox key hears its own', async () => {
    const funder = await funderWithKey();
    const reader = await otherKey(funder.bankId);
    const debtor = await given.debtor();
    const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 3_000 }] });
    expectOk(
      await putSellerLimit(funder.key, { seller_id: request.seller.id, amount: 40_000, note: 'Group cap' }),
      'seller put',
    );
    const events = await eventsOfType(service, reader, 'seller_limit.updated');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      seller_limit: await sellerLineOf(reader, request.seller.id),
      source: 'api',
    });
    expect(events[0]!.data.seller_limit).toMatchObject({
      limit_amount: 40_000,
      seller_id: request.seller.id,
    });

    // A sandbox key's own write is an event of its own; another sandbox key does not see it.
    const sandbox = await service.given.demoFunder();
    const stranger = await otherKey(sandbox.bankId);
    const sandboxDebtor = await given.debtor('demo');
    expectOk(
      await putLimit(sandbox.key, {
        debtor_tax_id: sandboxDebtor.tax_id,
        debtor_country: 'ES',
        amount: 9_000,
      }),
      'sandbox put',
    );
    const own = await eventsOfType(service, sandbox.key, 'credit_limit.updated');
    expect(own.map((e) => (e.data.credit_limit as Body).debtor_key)).toEqual([sandboxDebtor.debtor_key]);
    expect(await eventsOfType(service, stranger, 'credit_limit.updated')).toEqual([]);
  });
});
