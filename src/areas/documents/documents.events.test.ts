import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/support/errors.ts';
import { eventsOfType, type ListedEvent } from '../../../test/support/events.ts';
import { limitsGiven } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { runDueJobs } from '../../../test/support/worker.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { OPEN_STATUSES } from '../requests/requests.module.ts';
import { OPEN_REQUEST_STATUSES } from './documents.notices.store.ts';

/**
 * A required document provided or lapsed is an event (docs/decisions/documents.md, "A required
 * document that is provided or lapses is an event"): for each open request of the seller routed
 * to a funder that requires the document, read on `GET /v1/events` by the funder's live keys.
 */
const { service } = startGiven();
const given = limitsGiven(() => service);

type Body = Record<string, unknown>;
type DocumentEvent = ListedEvent<{ request_id: string; document: Body; reason?: string }>;
const CODE = 'es_tax_compliance';

const today = () => madridDate(service.runtime.clock.now());

/** A live funder with two keys, and a request of a fresh seller routed to it. */
async function routedRequest() {
  const funder = await service.given.funderWithKey();
  const reader = (await service.given.key({ bankId: funder.bankId })).secret;
  const debtor = await given.debtor();
  const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 2_000 }] });
  return { funder, reader, request };
}

async function requireDocument(key: string) {
  expectOk(
    await service.call(key, 'PUT', '/v1/required-documents', { body: { country: 'ES', codes: [CODE] } }),
    'required documents',
  );
}

async function upload(sellerId: string, validUntil: string) {
  return expectOk(
    await service.ops<{ document: { id: string } }>('POST', '/ops/v1/seller-documents', {
      seller_id: sellerId,
      code: CODE,
      file_name: 'certificate.pdf',
      content_base64: Buffer.from(`%PDF ${randomUUID()}`).toString('base64'),
      issued_on: today(),
      valid_until: validUntil,
    }),
    'upload',
  ).document;
}

const verify = async (id: string) =>
  expectOk(
    await service.ops('POST', `/ops/v1/seller-documents/${id}/verify`, { method: 'issuer_portal' }),
    'verify',
  );

/** The document as the request's documents list it under `current`, its link aside. */
async function listed(key: string, requestId: string, documentId: string): Promise<Body> {
  const deal = expectOk(
    await service.call<{ current: Body[] }>(key, 'GET', `/v1/requests/${requestId}/documents`),
    'documents',
  );
  const { download_url, url_expires_in, ...document } = deal.current.find(
    (d) => d.document_id === documentId,
  )!;
  expect(download_url).toEqual(expect.any(String));
  expect(url_expires_in).toBe(120);
  return document;
}

describe('document events', () => {
  it('asks of the requests the open statuses of the requests area', () => {
    expect([...OPEN_REQUEST_STATUSES]).toEqual([...OPEN_STATUSES]);
  });

  it('a required document verified is document.provided for each open request routed to the funder; revoked, document.lapsed', async () => {
    const { funder, reader, request } = await routedRequest();
    // Another funder, with a request of the same seller routed to it, that requires nothing.
    const bystander = await service.given.funderWithKey();
    const debtor = await given.debtor();
    await given.request({
      bankId: bystander.bankId,
      seller: request.seller,
      invoices: [{ debtor, amount: 500 }],
    });
    await requireDocument(funder.key);

    const document = await upload(request.seller.id, addDays(today(), 90));
    expect(await eventsOfType(service, reader, 'document.provided')).toEqual([]);
    await verify(document.id);
    const provided = await eventsOfType<DocumentEvent['data']>(service, reader, 'document.provided');
    expect(provided).toHaveLength(1);
    expect(provided[0]!.data).toEqual({
      request_id: request.id,
      document: await listed(reader, request.id, document.id),
    });
    expect(provided[0]!.data.document).toMatchObject({
      status: 'verified',
      required: true,
      valid_today: true,
    });
    expect(await eventsOfType(service, bystander.key, 'document.provided')).toEqual([]);

    expectOk(
      await service.ops('POST', `/ops/v1/seller-documents/${document.id}/revoke`, { reason: 'Withdrawn' }),
      'revoke',
    );
    const lapsed = await eventsOfType<DocumentEvent['data']>(service, reader, 'document.lapsed');
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]!.data).toMatchObject({
      request_id: request.id,
      reason: 'revoked',
      document: { document_id: document.id, status: 'revoked', valid_today: false },
    });

    // A pending document rejected never counted: nothing to tell.
    const pending = await upload(request.seller.id, addDays(today(), 90));
    expectOk(await service.ops('POST', `/ops/v1/seller-documents/${pending.id}/revoke`), 'reject');
    expect(await eventsOfType(service, reader, 'document.lapsed')).toHaveLength(1);
  });

  it('the hourly job tells a document that lapsed once, with the document as the request shows it that day', async () => {
    const { funder, reader, request } = await routedRequest();
    await requireDocument(funder.key);
    const document = await upload(request.seller.id, addDays(today(), 1));
    await verify(document.id);

    await runDueJobs(service);
    expect(await eventsOfType(service, reader, 'document.lapsed')).toEqual([]);

    // Two days on, the document's last valid day is behind: the worker's next run tells it.
    expectOk(await service.ops('POST', '/ops/v1/clock', { advance_seconds: 2 * 86_400 }), 'clock');
    await runDueJobs(service);
    const lapsed = await eventsOfType<DocumentEvent['data']>(service, reader, 'document.lapsed');
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]!.data).toEqual({
      request_id: request.id,
      reason: 'expired',
      document: await listed(reader, request.id, document.id),
    });
    expect(lapsed[0]!.data.document).toMatchObject({ status: 'verified', valid_today: false });

    // Later runs, and a run of its own, tell it no more.
    expectOk(await service.ops('POST', '/ops/v1/clock', { advance_seconds: 3_600 }), 'clock');
    await runDueJobs(service);
    expect(await service.runtime.services.documents.tellLapses({ kind: 'system', job: 'test' })).toBe(0);
    expect(await eventsOfType(service, reader, 'document.lapsed')).toHaveLength(1);
  });
});
