import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCode as code } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';

const { service } = startGiven();

type Body = Record<string, unknown>;

interface Deal {
  request_id: string;
  deal_file: { routing: Stage | null; funding: Stage | null };
  current: Body[];
  missing_today: Body[];
}
interface Stage {
  recorded_at: string;
  documents: Body[];
}

async function now(): Promise<Date> {
  const answer = await service.ops<{ now: string }>('GET', '/ops/v1/clock');
  return new Date(answer.body.now);
}

/** A seller, a debtor, an invoice and a request routed to the funder, written directly. */
async function seedRequest(options: { funderId: string; plane?: 'live' | 'demo'; country?: string }) {
  const plane = options.plane ?? 'live';
  const country = options.country ?? 'ES';
  const sellerId = randomUUID();
  const debtorId = randomUUID();
  const invoiceId = randomUUID();
  const requestId = randomUUID();
  const suffix = randomBytes(4).toString('hex');
  await service.db.query(
    `INSERT INTO sellers (id, plane, name, tax_id, country, created_at) VALUES ($1, $2, $3, $4, $5, now())`,
    [sellerId, plane, `Seller ${suffix}`, `S${suffix}`, country],
  );
  await service.db.query(
    `INSERT INTO debtors (id, plane, name, tax_id, country, created_at) VALUES ($1, $2, $3, $4, $5, now())`,
    [debtorId, plane, `Debtor ${suffix}`, `D${suffix}`, country],
  );
  await service.db.query(
    `INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
     VALUES ($1, $2, $3, $4, $5, 1000.00, current_date, current_date + 60, 'upload', now())`,
    [invoiceId, plane, sellerId, debtorId, `F-${suffix}`],
  );
  await service.db.query(
    `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                   assigned_funder_id, consent_level_required, routed_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'factoring', 'under_review', $4, 1000.00, 800.00, $5, 'acknowledgment', now(), now(), now())`,
    [requestId, plane, `R-${suffix}`, sellerId, options.funderId],
  );
  await service.db.query(
    'INSERT INTO request_invoices (request_id, invoice_id, position) VALUES ($1, $2, 1)',
    [requestId, invoiceId],
  );
  await service.db.query(
    `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at) VALUES ($1, $2, $3, now())`,
    [requestId, options.funderId, plane],
  );
  return { sellerId, requestId, country, plane };
}

async function upload(
  sellerId: string,
  docCode: string,
  options: { issuedOn?: string; validUntil?: string | null; content?: string; fileName?: string } = {},
) {
  const issuedOn = options.issuedOn ?? madridDate(await now());
  const answer = await service.ops<{ document: Body & { id: string } }>('POST', '/ops/v1/seller-documents', {
    seller_id: sellerId,
    code: docCode,
    file_name: options.fileName ?? `${docCode}.pdf`,
    content_base64: Buffer.from(options.content ?? `%PDF ${docCode} ${randomUUID()}`).toString('base64'),
    issued_on: issuedOn,
    ...(options.validUntil !== undefined ? { valid_until: options.validUntil } : {}),
  });
  expect(answer.status).toBe(201);
  return answer.body.document;
}

async function verify(documentId: string) {
  const answer = await service.ops<{ document: Body; changed: boolean }>(
    'POST',
    `/ops/v1/seller-documents/${documentId}/verify`,
    { method: 'issuer_portal' },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function requireDocuments(key: string, country: string, codes: string[]) {
  const answer = await service.call(key, 'PUT', '/v1/required-documents', { body: { country, codes } });
  expect(answer.status).toBe(200);
}

async function record(
  seeded: { sellerId: string; requestId: string; country: string; plane: 'live' | 'demo' },
  funderId: string,
  stage: 'routing' | 'funding',
) {
  const documents = service.runtime.services.documents;
  const at = await now();
  return service.db.transaction((tx) =>
    documents.recordDealFile(tx, {
      requestId: seeded.requestId,
      funderId,
      plane: seeded.plane,
      sellerId: seeded.sellerId,
      country: seeded.country,
      stage,
      at,
      onDate: madridDate(at),
    }),
  );
}

const path = (url: string) => new URL(url).pathname;

describe('seller documents (operations API)', () => {
  it('stores an upload as pending, its bytes once per SHA-256, then verifies and revokes it', async () => {
    const { bankId } = await service.given.funderWithKey();
    const seeded = await seedRequest({ funderId: bankId });
    const content = `%PDF tax certificate ${randomUUID()}`;
    const today = madridDate(await now());
    const first = await upload(seeded.sellerId, 'es_tax_compliance', { content, issuedOn: today });
    expect(first).toEqual({
      id: expect.any(String),
      seller_id: seeded.sellerId,
      plane: 'live',
      code: 'es_tax_compliance',
      name: 'Tax compliance certificate (Spain)',
      file_name: 'es_tax_compliance.pdf',
      sha256: sha256Hex(content),
      size_bytes: Buffer.byteLength(content),
      media_type: 'application/pdf',
      issued_on: today,
      valid_until: addDays(today, 365),
      status: 'pending',
      verified_at: null,
      verification_method: null,
      uploaded_at: expect.any(String),
    });
    const second = await upload(seeded.sellerId, 'es_tax_compliance', { content, validUntil: null });
    expect(second.sha256).toBe(first.sha256);
    expect(second.valid_until).toBeNull();
    const files = await service.db.query('SELECT 1 FROM document_files WHERE sha256 = $1', [first.sha256]);
    expect(files.rows).toHaveLength(1);

    const verified = await verify(first.id);
    expect(verified.changed).toBe(true);
    expect(verified.document).toMatchObject({ status: 'verified', verification_method: 'issuer_portal' });
    expect((await verify(first.id)).changed).toBe(false);

    const revoked = await service.ops<{ document: Body; changed: boolean }>(
      'POST',
      `/ops/v1/seller-documents/${first.id}/revoke`,
      { reason: 'Issuer withdrew it' },
    );
    expect(revoked.body).toMatchObject({ changed: true, document: { status: 'revoked' } });
    const again = await service.ops('POST', `/ops/v1/seller-documents/${first.id}/verify`, { method: 'x1' });
    expect(again.status).toBe(409);
    expect(code(again)).toBe('invalid_state');
    const rejected = await service.ops<{ document: Body }>(
      'POST',
      `/ops/v1/seller-documents/${second.id}/revoke`,
    );
    expect(rejected.body.document.status).toBe('rejected');

    const kinds = await service.db.query<{ kind: string }>(
      `SELECT kind FROM evidence_entries WHERE subject_id = $1 ORDER BY seq`,
      [first.id],
    );
    expect(kinds.rows.map((row) => row.kind)).toEqual([
      'seller_document.uploaded',
      'seller_document.verified',
      'seller_document.revoked',
    ]);
  });

  it('refuses unknown sellers, codes outside the catalogue and unreadable or empty files', async () => {
    const { bankId } = await service.given.funderWithKey();
    const { sellerId } = await seedRequest({ funderId: bankId, country: 'PT' });
    const today = madridDate(await now());
    const base = { file_name: 'a.pdf', content_base64: 'JVBERg==', issued_on: today };
    const unknownSeller = await service.ops('POST', '/ops/v1/seller-documents', {
      ...base,
      seller_id: randomUUID(),
      code: 'pt_tax_compliance',
    });
    expect(unknownSeller.status).toBe(404);
    const wrongCountry = await service.ops('POST', '/ops/v1/seller-documents', {
      ...base,
      seller_id: sellerId,
      code: 'es_tax_compliance',
    });
    expect(code(wrongCountry)).toBe('document_code_unknown');
    const unreadable = await service.ops('POST', '/ops/v1/seller-documents', {
      ...base,
      seller_id: sellerId,
      code: 'pt_tax_compliance',
      content_base64: 'not base64!',
    });
    expect(code(unreadable)).toBe('file_unreadable');
    const empty = await service.ops('POST', '/ops/v1/seller-documents', {
      ...base,
      seller_id: sellerId,
      code: 'pt_tax_compliance',
      content_base64: '',
    });
    expect(code(empty)).toBe('file_empty');
    const future = await service.ops('POST', '/ops/v1/seller-documents', {
      ...base,
      seller_id: sellerId,
      code: 'pt_tax_compliance',
      issued_on: addDays(today, 3),
    });
    expect(code(future)).toBe('body_invalid');
    const count = await service.db.query('SELECT 1 FROM seller_documents WHERE seller_id = $1', [sellerId]);
    expect(count.rows).toHaveLength(0);
  });
});

describe('missingDocuments', () => {
  it('names each listed document that is missing, unverified or expired on the date', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const seeded = await seedRequest({ funderId: bankId });
    await requireDocuments(key, 'ES', [
      'es_tax_compliance',
      'es_social_security_compliance',
      'es_registry_extract',
      'bank_account_ownership',
    ]);
    const today = madridDate(await now());
    await upload(seeded.sellerId, 'es_social_security_compliance');
    const expired = await upload(seeded.sellerId, 'es_registry_extract', {
      issuedOn: addDays(today, -100),
      validUntil: addDays(today, -1),
    });
    await verify(expired.id);
    await verify((await upload(seeded.sellerId, 'bank_account_ownership')).id);
    const missing = await service.runtime.services.documents.missingDocuments(service.db, {
      funderId: bankId,
      plane: 'live',
      sellerId: seeded.sellerId,
      country: 'ES',
      onDate: today,
    });
    expect(missing).toEqual([
      { code: 'es_tax_compliance', name: 'Tax compliance certificate (Spain)', problem: 'missing' },
      {
        code: 'es_social_security_compliance',
        name: 'Social security compliance certificate (Spain)',
        problem: 'unverified',
      },
      { code: 'es_registry_extract', name: 'Commercial registry extract (Spain)', problem: 'expired' },
    ]);
    // Another plane's list is not this one.
    const onDemo = await service.runtime.services.documents.missingDocuments(service.db, {
      funderId: bankId,
      plane: 'demo',
      sellerId: seeded.sellerId,
      country: 'ES',
      onDate: today,
    });
    expect(onDemo).toEqual([]);
  });
});

describe('GET /v1/requests/{id}/documents', () => {
  it('shows the deal file recorded at routing and funding, the current documents, and download URLs', async () => {
    const { bankId, key, keyId } = await service.given.funderWithKey({
      scopes: ['requests:read', 'settings:write'],
    });
    const seeded = await seedRequest({ funderId: bankId });
    await requireDocuments(key, 'ES', ['es_tax_compliance', 'bank_account_ownership']);
    const taxContent = `%PDF tax ${randomUUID()}`;
    const tax = await upload(seeded.sellerId, 'es_tax_compliance', {
      content: taxContent,
      fileName: 'certificado hacienda ñ.pdf',
    });
    await verify(tax.id);
    const bank = await upload(seeded.sellerId, 'bank_account_ownership', { validUntil: null });
    await verify(bank.id);

    expect(await record(seeded, bankId, 'routing')).toBe(2);
    expect(await record(seeded, bankId, 'routing')).toBe(0);

    const answer = await service.call<Deal>(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    expect(answer.status).toBe(200);
    const routing = answer.body.deal_file.routing!;
    expect(answer.body.request_id).toBe(seeded.requestId);
    expect(answer.body.deal_file.funding).toBeNull();
    expect(answer.body.missing_today).toEqual([]);
    expect(routing.recorded_at).toEqual(expect.any(String));
    expect(routing.documents.map((d) => d.code)).toEqual(['bank_account_ownership', 'es_tax_compliance']);
    const taxEntry = routing.documents.find((d) => d.code === 'es_tax_compliance')!;
    expect(taxEntry).toEqual({
      document_id: tax.id,
      code: 'es_tax_compliance',
      name: 'Tax compliance certificate (Spain)',
      file_name: 'certificado hacienda ñ.pdf',
      sha256: sha256Hex(taxContent),
      media_type: 'application/pdf',
      size_bytes: Buffer.byteLength(taxContent),
      issued_on: tax.issued_on,
      valid_until: tax.valid_until,
      verified_at: expect.any(String),
      verification_method: 'issuer_portal',
      status_today: 'current',
      download_url: expect.stringMatching(
        /^http:\/\/localhost:8080\/v1\/document-downloads\/dl_[0-9a-f]{64}$/,
      ),
      url_expires_in: 120,
    });
    expect(answer.body.current).toHaveLength(2);
    const currentTax = answer.body.current.find((d) => d.code === 'es_tax_compliance')!;
    expect(currentTax).toEqual({
      document_id: tax.id,
      code: 'es_tax_compliance',
      name: 'Tax compliance certificate (Spain)',
      required: true,
      file_name: 'certificado hacienda ñ.pdf',
      sha256: sha256Hex(taxContent),
      media_type: 'application/pdf',
      size_bytes: Buffer.byteLength(taxContent),
      issued_on: tax.issued_on,
      valid_until: tax.valid_until,
      status: 'verified',
      verified_at: expect.any(String),
      verification_method: 'issuer_portal',
      uploaded_at: expect.any(String),
      valid_today: true,
      download_url: taxEntry.download_url,
      url_expires_in: 120,
    });

    // Every URL issued is logged with only the token's SHA-256.
    const token = path(taxEntry.download_url as string)
      .split('/')
      .pop()!;
    const log = await service.db.query<Body>(
      'SELECT * FROM document_url_log WHERE request_id = $1 ORDER BY issued_at',
      [seeded.requestId],
    );
    expect(log.rows).toHaveLength(2);
    const logged = log.rows.find((row) => row.document_id === tax.id)!;
    expect(logged).toMatchObject({
      token_sha256: sha256Hex(token),
      funder_id: bankId,
      key_id: keyId,
      plane: 'live',
      downloads: 0,
    });
    expect((logged.expires_at as Date).getTime() - (logged.issued_at as Date).getTime()).toBe(120_000);
    expect(JSON.stringify(log.rows)).not.toContain(token);

    // The URL downloads the file without a key, and the download is counted.
    const download = await service.call(null, 'GET', path(taxEntry.download_url as string));
    expect(download.status).toBe(200);
    expect(download.body).toBe(taxContent);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="certificado hacienda _.pdf"; filename*=UTF-8''certificado%20hacienda%20%C3%B1.pdf`,
    );
    expect(download.headers['cache-control']).toBe('no-store');
    const counted = await service.db.query<{ downloads: number }>(
      'SELECT downloads FROM document_url_log WHERE token_sha256 = $1',
      [sha256Hex(token)],
    );
    expect(counted.rows[0]!.downloads).toBe(1);

    // Two minutes later the URL no longer works.
    await service.advanceClock(121);
    const late = await service.call(null, 'GET', path(taxEntry.download_url as string));
    expect(late.status).toBe(404);
    expect(code(late)).toBe('not_found');

    // A newer version leaves the routing record as it was and marks its entry superseded.
    const newerContent = `%PDF tax renewed ${randomUUID()}`;
    const newer = await upload(seeded.sellerId, 'es_tax_compliance', { content: newerContent });
    await verify(newer.id);
    expect(await record(seeded, bankId, 'funding')).toBe(2);
    const after = await service.call<Deal>(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    const routingAfter = after.body.deal_file.routing!;
    expect(routingAfter.recorded_at).toBe(routing.recorded_at);
    const oldEntry = routingAfter.documents.find((d) => d.code === 'es_tax_compliance')!;
    expect(oldEntry).toMatchObject({
      document_id: tax.id,
      sha256: sha256Hex(taxContent),
      status_today: 'superseded',
    });
    expect(oldEntry.download_url).not.toBe(taxEntry.download_url);
    const fundingTax = after.body.deal_file.funding!.documents.find((d) => d.code === 'es_tax_compliance')!;
    expect(fundingTax).toMatchObject({ document_id: newer.id, status_today: 'current' });
    expect(after.body.current.find((d) => d.code === 'es_tax_compliance')!.document_id).toBe(newer.id);
    const fresh = await service.call(null, 'GET', path(oldEntry.download_url as string));
    expect(fresh.body).toBe(taxContent);

    // A revoked document shows as revoked in every record that holds it.
    await service.ops('POST', `/ops/v1/seller-documents/${bank.id}/revoke`, { reason: 'Account closed' });
    const revoked = await service.call<Deal>(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    for (const stage of [revoked.body.deal_file.routing!, revoked.body.deal_file.funding!]) {
      expect(stage.documents.find((d) => d.code === 'bank_account_ownership')!.status_today).toBe('revoked');
    }
    expect(revoked.body.current.map((d) => d.code)).toEqual(['es_tax_compliance']);
    expect(revoked.body.missing_today).toEqual([
      { code: 'bank_account_ownership', name: 'Bank account ownership certificate', problem: 'missing' },
    ]);
  });

  it('marks an entry expired once its validity has passed', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const seeded = await seedRequest({ funderId: bankId });
    await requireDocuments(key, 'ES', ['es_registry_extract']);
    const today = madridDate(await now());
    const doc = await upload(seeded.sellerId, 'es_registry_extract', { validUntil: today });
    await verify(doc.id);
    expect(await record(seeded, bankId, 'routing')).toBe(1);
    await service.advanceClock(2 * 24 * 3600);
    const answer = await service.call<Deal>(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    expect(answer.body.deal_file.routing!.documents[0]!.status_today).toBe('expired');
    expect(answer.body.current[0]!.valid_today).toBe(false);
    expect(answer.body.missing_today).toEqual([
      { code: 'es_registry_extract', name: 'Commercial registry extract (Spain)', problem: 'expired' },
    ]);
  });

  it('records nothing for a document that does not satisfy the funder', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const seeded = await seedRequest({ funderId: bankId });
    await requireDocuments(key, 'ES', ['es_tax_compliance', 'es_registry_extract']);
    await verify((await upload(seeded.sellerId, 'es_tax_compliance')).id);
    await upload(seeded.sellerId, 'es_registry_extract');
    expect(await record(seeded, bankId, 'routing')).toBe(1);
    const answer = await service.call<Deal>(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    expect(answer.body.deal_file.routing!.documents.map((d) => d.code)).toEqual(['es_tax_compliance']);
    expect(answer.body.current.find((d) => d.code === 'es_registry_extract')).toMatchObject({
      status: 'pending',
      valid_today: false,
    });
  });

  it('answers an empty deal file for a request without recorded documents', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const seeded = await seedRequest({ funderId: bankId });
    const answer = await service.call<Deal>(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      request_id: seeded.requestId,
      deal_file: { routing: null, funding: null },
      current: [],
      missing_today: [],
    });
  });

  it('answers 404 for a request not routed to the caller, on another plane, or unknown', async () => {
    const owner = await service.given.funderWithKey();
    const seeded = await seedRequest({ funderId: owner.bankId });
    const stranger = await service.given.funderWithKey();
    const sandbox = await service.given.demoFunder();
    const unclassified = await service.given.funderWithKey({ environment: 'unclassified' });
    for (const key of [stranger.key, sandbox.key, unclassified.key]) {
      const answer = await service.call(key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
      expect(answer.status).toBe(404);
      expect(code(answer)).toBe('not_found');
    }
    const unknown = await service.call(owner.key, 'GET', `/v1/requests/${randomUUID()}/documents`);
    expect(unknown.status).toBe(404);
    const notUuid = await service.call(owner.key, 'GET', '/v1/requests/nope/documents');
    expect(notUuid.status).toBe(404);
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine

  it('shows a demonstration request to a sandbox key routed to it, never to a live key', async () => {
    const sandbox = await service.given.demoFunder();
    const seeded = await seedRequest({ funderId: sandbox.bankId, plane: 'demo', country: 'FR' });
    await requireDocuments(sandbox.key, 'FR', ['fr_kbis_extract']);
    await verify((await upload(seeded.sellerId, 'fr_kbis_extract')).id);
    expect(await record(seeded, sandbox.bankId, 'routing')).toBe(1);
    const answer = await service.call<Deal>(sandbox.key, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    expect(answer.status).toBe(200);
    expect(answer.body.deal_file.routing!.documents).toHaveLength(1);
    const log = await service.db.query<{ plane: string }>(
      'SELECT plane FROM document_url_log WHERE request_id = $1',
      [seeded.requestId],
    );
    expect(log.rows.map((row) => row.plane)).toEqual(['demo']);
  });

  it('opens to requests:read and is refused with forbidden to a key with only limits:read', async () => {
    const funder = await service.given.funderAccount();
    const seeded = await seedRequest({ funderId: funder.bank_id });
    const read = await service.given.key({ bankId: funder.bank_id, scopes: ['requests:read'] });
    const limits = await service.given.key({ bankId: funder.bank_id, scopes: ['limits:read'] });
    expect(
      (await service.call(read.secret, 'GET', `/v1/requests/${seeded.requestId}/documents`)).status,
    ).toBe(200);
    const refused = await service.call(limits.secret, 'GET', `/v1/requests/${seeded.requestId}/documents`);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('forbidden');
  });
});

describe('GET /v1/document-downloads/{token}', () => {
  it('answers not_found for an unknown or malformed token', async () => {
    const unknown = await service.call(null, 'GET', `/v1/document-downloads/dl_${'0'.repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(code(unknown)).toBe('not_found');
    const malformed = await service.call(null, 'GET', '/v1/document-downloads/whatever');
    expect(malformed.status).toBe(404);
    expect(code(malformed)).toBe('not_found');
  });
});

describe('document download links of a suspended funder or a revoked key', () => {
  it('stop working: after the key that obtained a link is revoked it answers 404 while another key’s link works, and after the funder is suspended every link answers 404', async () => {
    const { bankId, key, keyId } = await service.given.funderWithKey({ scopes: ['requests:read'] });
    const other = await service.given.key({ bankId, scopes: ['requests:read'] });
    const seeded = await seedRequest({ funderId: bankId });
    const content = `%PDF ${randomUUID()}`;
    const document = await upload(seeded.sellerId, 'es_tax_compliance', { content });
    await verify(document.id);
    const linkWith = async (secret: string) => {
      const answer = await service.call<Deal>(secret, 'GET', `/v1/requests/${seeded.requestId}/documents`);
      expect(answer.status).toBe(200);
      return path(answer.body.current.find((d) => d.document_id === document.id)!.download_url as string);
    };
    const linkOfFirst = await linkWith(key);
    const linkOfOther = await linkWith(other.secret);
    expect((await service.call(null, 'GET', linkOfFirst)).body).toBe(content);
    expect((await service.call(null, 'GET', linkOfOther)).body).toBe(content);

    expect((await service.ops('POST', `/ops/v1/keys/${keyId}/revoke`, { reason: 'leaked' })).status).toBe(
      200,
    );
    const afterRevoke = await service.call(null, 'GET', linkOfFirst);
    expect(afterRevoke.status).toBe(404);
    expect(code(afterRevoke)).toBe('not_found');
    expect((await service.call(null, 'GET', linkOfOther)).body).toBe(content);

    const suspended = await service.ops('POST', `/ops/v1/funders/${bankId}/status`, {
      status: 'suspended',
      reason: 'security review',
    });
    expect(suspended.status).toBe(200);
    const afterSuspend = await service.call(null, 'GET', linkOfOther);
    expect(afterSuspend.status).toBe(404);
    expect(code(afterSuspend)).toBe('not_found');
    // Nothing was counted for the refused downloads.
    const counted = await service.db.query<{ downloads: number }>(
      'SELECT downloads FROM document_url_log WHERE request_id = $1 ORDER BY key_id = $2 DESC',
      [seeded.requestId, keyId],
    );
    expect(counted.rows.map((row) => row.downloads)).toEqual([1, 2]);
  });
});
