import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addDays, madridDate } from '../../src/platform/clock.ts';
import { expectOk } from './errors.ts';
import { limitsGiven } from './limits-fixtures.ts';
import type { TestService } from './service.ts';
import { csvStatement } from './statement-files.ts';

/**
 * Walks of src/areas/webhooks/webhooks.typed-events.test.ts beside its request lifecycle: the
 * limit, statement and document events, each made through the API as an integration would see
 * them made.
 */

const call = async (service: TestService, key: string, method: string, url: string, body?: unknown) =>
  expectOk(await service.call<Record<string, unknown>>(key, method, url, body ? { body } : {}), url);

/** A live key writes a debtor limit and a limit on a seller it sees, and imports a bank statement. */
export async function limitsAndStatement(service: TestService, key: string, sellerId: string): Promise<void> {
  const debtor = await limitsGiven(service).debtor();
  await call(service, key, 'PUT', '/v1/credit-limits', {
    debtor_tax_id: debtor.tax_id,
    debtor_country: 'ES',
    amount: 15_000,
  });
  await call(service, key, 'PUT', '/v1/seller-limits', { seller_id: sellerId, amount: 60_000 });
  const today = madridDate(service.runtime.clock.now());
  const answer = await service.call(key, 'POST', '/v1/statements', {
    payload: csvStatement('meseta_es', [
      {
        date: today,
        cents: 98_000,
        text: `TRANSFER ${randomUUID().slice(0, 8)}`,
        counterparty: 'Cliente SA',
      },
    ]),
    headers: { 'content-type': 'text/csv' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/**
 * A live funder requires a document; a seller with a request routed to it gets the document
 * verified (valid until today), so it lapses on the next day the worker's hourly job sees.
 */
export async function requiredDocument(
  service: TestService,
  funder: { bankId: string; key: string },
): Promise<{ sellerId: string }> {
  const given = limitsGiven(service);
  const debtor = await given.debtor();
  const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 3_500 }] });
  await call(service, funder.key, 'PUT', '/v1/required-documents', {
    country: 'ES',
    codes: ['es_tax_compliance'],
  });
  const today = madridDate(service.runtime.clock.now());
  const uploaded = expectOk(
    await service.ops<{ document: { id: string } }>('POST', '/ops/v1/seller-documents', {
      seller_id: request.seller.id,
      code: 'es_tax_compliance',
      file_name: 'tax-certificate.pdf',
      content_base64: Buffer.from(`%PDF ${randomUUID()}`).toString('base64'),
      issued_on: addDays(today, -364),
      valid_until: today,
    }),
    'upload',
  );
  expectOk(
    await service.ops('POST', `/ops/v1/seller-documents/${uploaded.document.id}/verify`, {
      method: 'issuer_portal',
    }),
    'verify',
  );
  return { sellerId: request.seller.id };
}
