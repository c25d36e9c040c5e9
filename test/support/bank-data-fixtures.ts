import { expect } from 'vitest';
import { madridDate } from '../../src/platform/clock.ts';
import type { TestService } from './service.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
export type Body = Record<string, any>;

/**
 * Helpers of the bank data tests: sandbox requests of the caller's key walked to `approved`,
 * funding them, the raw text of an answer, and the `payment.reached_seller` events of a request.
 */
export function bankDataGiven(service: () => TestService, sandboxKey: () => string) {
  let n = 0;
  const invoice = () => {
    n += 1;
    return {
      debtor_name: `Cliente Banca ${n} SA`,
      debtor_tax_id: `A8800${String(n).padStart(4, '0')}`,
      debtor_country: 'ES',
      amount: 5000,
      due_date: '2027-02-26',
      source: 'erp',
    };
  };

  const callAs = (key: string, method: string, url: string, body?: unknown) =>
    service().call<Body>(key, method, url, body === undefined ? {} : { body });
  const call = (method: string, url: string, body?: unknown) => callAs(sandboxKey(), method, url, body);

  /** The raw text of an answer, to look for what must never be in it. */
  const rawText = async (key: string, url: string) =>
    (await service().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } })).payload;

  /** A sandbox request with these terms, offered and accepted: ready to fund. */
  async function approved(terms: Record<string, unknown>, key = sandboxKey(), invoices = [invoice()]) {
    const created = await callAs(key, 'POST', '/v1/sandbox/requests', { terms, invoices });
    expect(created.status).toBe(201);
    const id = created.body.request.id as string;
    const offer = await callAs(key, 'POST', `/v1/requests/${id}/decision`, {
      decision: 'offer',
      rate: 2,
      advance_pct: 80,
    });
    expect(offer.status).toBe(201);
    expect((await callAs(key, 'POST', `/v1/sandbox/requests/${id}/accept`)).status).toBe(200);
    return id;
  }

  const today = async () => {
    const clock = await service().ops<{ now: string }>('GET', '/ops/v1/clock');
    return madridDate(new Date(clock.body.now));
  };
  const fund = async (id: string, key = sandboxKey()) =>
    callAs(key, 'POST', `/v1/requests/${id}/decision`, {
      decision: 'fund',
      value_date: await today(),
      reference: 'TRF-BANK-1',
    });

  const sellerOf = async (id: string) => {
    const rows = await service().db.query<{ seller_id: string }>(
      'SELECT seller_id FROM funding_requests WHERE id = $1',
      [id],
    );
    expect(rows.rows).toHaveLength(1);
    return rows.rows[0]!.seller_id;
  };

  /** The `payment.reached_seller` events of one request, in the funder's outbox. */
  const eventsOf = async (bankId: string, requestId: string) =>
    (
      await service().db.query<{ payload: Body }>(
        `SELECT payload FROM outbox_events WHERE funder_id = $1 AND type = 'payment.reached_seller'
            AND payload->'alert'->>'request_id' = $2`,
        [bankId, requestId],
      )
    ).rows;

  return { invoice, callAs, call, rawText, approved, today, fund, sellerOf, eventsOf };
}
