import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { DebtorFixture, FunderFixture, RequestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { runDueJobs } from '../../../test/support/worker.ts';
import { addDays } from '../../platform/clock.ts';

const { service, given } = startGiven();

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
type Body = Record<string, any>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function programme(funder: FunderFixture, terms: Record<string, unknown>) {
  const answer = await service.call(funder.key, 'PUT', '/v1/programme', {
    body: { terms, reason: 'Programme for the test' },
  });
  expect(answer.status).toBe(200);
}

async function confidentialFunder(terms: Record<string, unknown> = {}) {
  const funder = await given.funder();
  await programme(funder, { disclosure: 'confidential', ...terms });
  return funder;
}

async function noticeAddress(debtor: { id: string }, address: string | null = 'cuentas@example.test') {
  const answer = await service.ops('POST', `/ops/v1/debtors/${debtor.id}/notice-address`, { address });
  expect(answer.status).toBe(200);
}

const notices = (key: string, id: string) => service.call<Body>(key, 'GET', `/v1/requests/${id}/notices`);
const announce = (key: string, id: string, body: unknown = { reason: 'Seller asked us to notify' }) =>
  service.call<Body>(key, 'POST', `/v1/requests/${id}/announce`, { body });
const fund = async (funder: FunderFixture, id: string) =>
  service.call<Body>(funder.key, 'POST', `/v1/requests/${id}/decision`, {
    body: {
      decision: 'fund',
      value_date: await given.today(),
      reference: `TRF-${randomBytes(3).toString('hex')}`,
    },
  });

/** A confidential request approved by its seller, every debtor with an address to send to. */
async function approvedConfidential(
  funder: FunderFixture,
  invoices: Parameters<RequestsGiven['request']>[0] = {},
) {
  const request = await given.offeredRequest({ funder, ...invoices });
  for (const debtor of request.debtors) await noticeAddress(debtor);
  await given.sellerAccepts(request);
  return request;
}

async function fundedConfidential(
  funder: FunderFixture,
  invoices: Parameters<RequestsGiven['request']>[0] = {},
) {
  const request = await approvedConfidential(funder, invoices);
  const funded = await fund(funder, request.id);
  expect(funded.status).toBe(200);
  return request;
}

const runWorker = () => runDueJobs(service);

async function disclosureOf(id: string) {
  const { rows } = await service.db.query<{ disclosure: string; announced_trigger: string | null }>(
    'SELECT disclosure, announced_trigger FROM funding_requests WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

describe('GET /v1/requests/{id}/notices', () => {
  it('gives each debtor’s prepared notice: exact subject and HTML in the law’s language, naming the funder, with its SHA-256', async () => {
    const funder = await given.funder();
    const seller = await given.liveSeller({ country: 'ES' });
    const es = await given.debtor({ country: 'ES' });
    const pt = await given.debtor({ country: 'PT' });
    const de = await given.debtor({ country: 'DE' });
    const request = await given.routedRequest({
      funder,
      seller,
      invoices: [{ debtor: es, amount: 1200.5 }, { debtor: es, amount: 800 }, { debtor: pt }, { debtor: de }],
    });
    const answer = await notices(funder.key, request.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ request_id: request.id, disclosure: 'announced', count: 3 });
    const byDebtor = new Map<string, Body>(answer.body.notices.map((n: Body) => [n.debtor_tax_id, n]));
    const expectations: [DebtorFixture, string, string][] = [
      [es, 'es', 'ES'],
      [pt, 'pt', 'PT'],
      [de, 'en', 'DE'],
    ];
    const { rows } = await service.db.query<{ name: string }>('SELECT name FROM funders WHERE id = $1', [
      funder.bankId,
    ]);
    const funderName = rows[0]!.name;
    for (const [debtor, language, law] of expectations) {
      const notice = byDebtor.get(debtor.tax_id)!;
      expect(notice).toMatchObject({
        debtor_name: debtor.name,
        status: 'pending',
        sending: null,
        names_this_funder: true,
        current: true,
        has_notice_address: false,
        document: { language, governing_law: law },
      });
      const { subject, html, sha256: digest } = notice.document;
      expect(digest).toBe(sha256(`${subject}\n${html}`));
      expect(subject).toContain(funderName);
      expect(html).toContain(funderName);
      expect(html).toContain(debtor.name);
      expect(html).toContain('{{ACK_LINK}}');
      expect(html).not.toMatch(/https?:/);
    }
    const esNotice = byDebtor.get(es.tax_id)!;
    expect(esNotice.invoices.map((i: Body) => i.amount).sort()).toEqual([1200.5, 800].sort());
    expect(esNotice.document.subject).toMatch(/^Notificación de cesión/);
    expect(esNotice.document.html).toContain('1200.50');
  });

  it('turns a notice not current when an invoice it covers changes amount, and current again once prepared anew', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: 2 });
    const [first, second] = request.invoices;
    const changed = await service.ops<Body>('POST', `/ops/v1/invoices/${first!.id}/amount`, { amount: 9000 });
    expect(changed.status).toBe(200);
    expect(changed.body.requests).toEqual([request.id]);
    const after = (await notices(funder.key, request.id)).body.notices as Body[];
    const of = (invoice: { debtor: { tax_id: string } }) =>
      after.find((n) => n.debtor_tax_id === invoice.debtor.tax_id)!;
    expect(of(first!).current).toBe(false);
    expect(of(first!).invoices[0].amount).toBe(9000);
    expect(of(second!).current).toBe(true);
    const oldDigest = of(first!).document.sha256;

    expect((await service.ops('POST', `/ops/v1/requests/${request.id}/notices/prepare`)).status).toBe(200);
    const again = ((await notices(funder.key, request.id)).body.notices as Body[]).find(
      (n) => n.debtor_tax_id === first!.debtor.tax_id,
    )!;
    expect(again.current).toBe(true);
    expect(again.document.sha256).not.toBe(oldDigest);
    expect(again.document.html).toContain('9000.00');
  });

  it('answers 404 for a request of another funder or none, and an empty list for a confirming request', async () => {
    const funder = await given.funder();
    const other = await given.funder();
    const request = await given.routedRequest({ funder: other });
    expectError(await notices(funder.key, request.id), 404, 'not_found');
    expectError(await notices(funder.key, randomUUID()), 404, 'not_found');
    const confirming = await given.routedRequest({ funder, type: 'confirming' });
    expect((await notices(funder.key, confirming.id)).body).toMatchObject({ count: 0, notices: [] });
  });
});

describe('funding under the programme terms', () => {
  it('funds a confidential request with its debtors unanswered', async () => {
    const funder = await confidentialFunder();
    const request = await approvedConfidential(funder, { invoices: 2 });
    const funded = await fund(funder, request.id);
    expect(funded.status).toBe(200);
    expect(funded.body.status).toBe('funded');
    const list = (await notices(funder.key, request.id)).body;
    expect(list.disclosure).toBe('confidential');
    expect(list.notices.map((n: Body) => n.status)).toEqual(['pending', 'pending']);
  });

  it('refuses an announced request until its debtors acknowledge', async () => {
    const funder = await given.funder();
    const request = await approvedConfidential(funder);
    const refused = expectError(await fund(funder, request.id), 409, 'funding_gate_failed');
    expect(refused.gates).toEqual([{ gate: 'debtor_acknowledgments' }]);
    await given.debtorAnswers(request, { answer: 'acknowledged' });
    expect((await fund(funder, request.id)).status).toBe(200);
  });

  it('names each unmet confidential gate: invoice source, notice prepared, notice address, seller verification', async () => {
    const funder = await confidentialFunder();
    const seller = await given.liveSeller();
    const debtor = await given.debtor();
    const today = await given.today();
    const invoice = await service.ops<Body>('POST', '/ops/v1/invoices', {
      seller_id: seller.id,
      debtor_id: debtor.id,
      number: `UP-${randomBytes(3).toString('hex')}`,
      amount: 5000,
      issue_date: addDays(today, -3),
      due_date: addDays(today, 60),
      source: 'upload',
    });
    expect(invoice.status).toBe(201);
    const created = await service.ops<Body>('POST', '/ops/v1/requests', {
      seller_id: seller.id,
      type: 'factoring',
      invoice_ids: [invoice.body.invoice.id],
    });
    const request = { id: created.body.request_id as string };
    await given.routed(request as never, funder);
    await given.offerFrom(funder, request);
    await given.sellerAccepts(request);
    // The amount changes after the notice was prepared; the hard signal it raises is reviewed.
    await service.ops('POST', `/ops/v1/invoices/${invoice.body.invoice.id}/amount`, { amount: 4900 });
    const { rows } = await service.db.query<{ id: string }>(
      `SELECT id FROM risk_signals WHERE request_id = $1 AND code = 'amount_changed_in_request'`,
      [request.id],
    );
    expect(rows).toHaveLength(1);
    const blocked = expectError(await fund(funder, request.id), 409, 'funding_gate_failed');
    expect(blocked.gates).toEqual([{ gate: 'invoice_checks' }]);
    await given.signalReviewed(rows[0]!.id, 'cleared');
    await service.ops('POST', `/ops/v1/sellers/${seller.id}/verification-lapse`, { lapses_on: today });

    const refused = expectError(await fund(funder, request.id), 409, 'funding_gate_failed');
    expect(refused.gates).toEqual([
      { gate: 'invoice_source', invoices: [invoice.body.invoice.number] },
      { gate: 'notice_prepared', debtors: [debtor.name] },
      { gate: 'notice_address', debtors: [debtor.name] },
      { gate: 'seller_verification' },
    ]);
    expect(await given.statusOf(request)).toBe('approved');

    await noticeAddress(debtor);
    await service.ops('POST', `/ops/v1/requests/${request.id}/notices/prepare`);
    await service.ops('POST', `/ops/v1/sellers/${seller.id}/verification-lapse`, { lapses_on: null });
    const onlySource = expectError(await fund(funder, request.id), 409, 'funding_gate_failed');
    expect((onlySource.gates as Body[]).map((g) => g.gate)).toEqual(['invoice_source']);
  });
});

describe('POST /v1/requests/{id}/announce', () => {
  it('announces a confidential request: notices queued, evidence with the reason, event request.announced', async () => {
    const funder = await confidentialFunder();
    const request = await given.routedRequest({ funder, invoices: 2 });
    const answer = await announce(funder.key, request.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      request_id: request.id,
      request_ref: expect.any(String),
      disclosure: 'announced',
      announced_at: expect.any(String),
      announced_trigger: 'manual',
      reason: 'Seller asked us to notify',
      notices_queued: 2,
    });
    const list = (await notices(funder.key, request.id)).body;
    expect(list).toMatchObject({ disclosure: 'announced', announced_trigger: 'manual' });
    expect(list.notices.map((n: Body) => n.sending)).toEqual(['sending_queued', 'sending_queued']);
    expect(await given.statusOf(request)).toBe('submitted');

    const entries = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM evidence_entries WHERE kind = 'request.announced' AND subject_id = $1`,
      [request.id],
    );
    expect(entries.rows.map((r) => r.payload)).toEqual([
      expect.objectContaining({ trigger: 'manual', reason: 'Seller asked us to notify', notices_queued: 2 }),
    ]);
    const events = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM outbox_events WHERE funder_id = $1 AND type = 'request.announced'`,
      [funder.bankId],
    );
    expect(events.rows).toHaveLength(1);
    expect(JSON.stringify(events.rows[0]!.payload)).toContain(request.id);

    // It stays announced.
    expectError(await announce(funder.key, request.id), 422, 'already_announced');
    const programmeView = (await service.call<Body>(funder.key, 'GET', '/v1/programme')).body;
    expect(programmeView.requests).toEqual({ 'announced:with:submitted': 1 });
  });

  it('announces a funded confidential request too', async () => {
    const funder = await confidentialFunder();
    const request = await fundedConfidential(funder);
    expect((await announce(funder.key, request.id)).status).toBe(200);
  });

  it('refuses an announced-programme request, a closed one, and one not routed to the caller', async () => {
    const announced = await given.funder();
    const plain = await given.routedRequest({ funder: announced });
    expectError(await announce(announced.key, plain.id), 422, 'already_announced');

    const funder = await confidentialFunder();
    const declined = await given.declinedRequest({ funder });
    expectError(await announce(funder.key, declined.id), 422, 'request_closed');

    // The funder sent terms, the seller did not take them, the request went to another funder.
    const first = await confidentialFunder();
    const second = await given.funder();
    const offered = await given.offeredRequest({ funder: first });
    await given.sellerDocument(offered.seller, 'none').catch(() => undefined);
    const rerouted = await service.ops('POST', `/ops/v1/requests/${offered.id}/route`, {
      bank_id: second.bankId,
    });
    expect(rerouted.status).toBe(200);
    expectError(await announce(first.key, offered.id), 403, 'not_routed_to_you');
    expect((await disclosureOf(offered.id)).disclosure).toBe('announced');
  });

  it('answers 404 for a request it cannot see, and refuses a bad body without changing anything', async () => {
    const funder = await confidentialFunder();
    const other = await confidentialFunder();
    const theirs = await given.routedRequest({ funder: other });
    expectError(await announce(funder.key, theirs.id), 404, 'not_found');
    expectError(await announce(funder.key, randomUUID()), 404, 'not_found');
    const request = await given.routedRequest({ funder });
    expectError(await announce(funder.key, request.id, {}), 422, 'reason_required');
    expectError(await announce(funder.key, request.id, { reason: 'short' }), 422, 'reason_required');
    expectError(await announce(funder.key, request.id, { reason: '           ' }), 422, 'reason_required');
    expectError(
      await announce(funder.key, request.id, { reason: 'A good reason', x: 1 }),
      422,
      'body_invalid',
    );
    expect(await disclosureOf(request.id)).toEqual({ disclosure: 'confidential', announced_trigger: null });
    const readOnly = await given.keyOf(funder, ['requests:read']);
    expectError(await announce(readOnly, request.id), 403, 'forbidden');
  });
});

describe('automatic announcement by the worker', () => {
  it('announces on the day an invoice is announce_overdue_days past due, not the day before', async () => {
    const funder = await confidentialFunder({ announce_overdue_days: 10 });
    const request = await fundedConfidential(funder, { invoices: [{ dueInDays: 3 }] });
    const today = await given.today();
    const dueDay = addDays(today, 3 + 10);
    await moveClockToMadrid(service, addDays(dueDay, -1), '23:30');
    await runWorker();
    expect(await disclosureOf(request.id)).toEqual({ disclosure: 'confidential', announced_trigger: null });
    await moveClockToMadrid(service, dueDay, '00:30');
    await runWorker();
    expect(await disclosureOf(request.id)).toEqual({ disclosure: 'announced', announced_trigger: 'overdue' });
    const list = (await notices(funder.key, request.id)).body;
    expect(list.notices.every((n: Body) => n.sending === 'sending_queued')).toBe(true);
  });

  it('announces on the day the seller’s verification lapses, not the day before', async () => {
    const funder = await confidentialFunder({ announce_on_kyc_lapse: true });
    const request = await fundedConfidential(funder);
    const lapsesOn = addDays(await given.today(), 2);
    await service.ops('POST', `/ops/v1/sellers/${request.seller.id}/verification-lapse`, {
      lapses_on: lapsesOn,
    });
    await moveClockToMadrid(service, addDays(lapsesOn, -1), '23:30');
    await runWorker();
    expect((await disclosureOf(request.id)).disclosure).toBe('confidential');
    await moveClockToMadrid(service, lapsesOn, '00:30');
    await runWorker();
    expect(await disclosureOf(request.id)).toEqual({
      disclosure: 'announced',
      announced_trigger: 'kyc_lapse',
    });
  });

  it('announces on the day a dispute is raised, only when the trigger is on', async () => {
    const on = await confidentialFunder({ announce_on_dispute: true });
    const off = await confidentialFunder();
    const withTrigger = await fundedConfidential(on);
    const without = await fundedConfidential(off);
    await runWorker();
    expect((await disclosureOf(withTrigger.id)).disclosure).toBe('confidential');
    await given.dispute(withTrigger);
    await given.dispute(without);
    await runWorker();
    expect(await disclosureOf(withTrigger.id)).toEqual({
      disclosure: 'announced',
      announced_trigger: 'dispute',
    });
    expect((await disclosureOf(without.id)).disclosure).toBe('confidential');
    const entries = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM evidence_entries WHERE kind = 'request.announced' AND subject_id = $1`,
      [withTrigger.id],
    );
    expect(entries.rows[0]!.payload).toMatchObject({ trigger: 'dispute' });
  });

  it('leaves a confidential request that is not funded alone, and announces it once funded', async () => {
    const funder = await confidentialFunder({ announce_on_kyc_lapse: true });
    const request = await approvedConfidential(funder);
    await service.ops('POST', `/ops/v1/sellers/${request.seller.id}/verification`, { status: 'lapsed' });
    await runWorker();
    expect((await disclosureOf(request.id)).disclosure).toBe('confidential');
    // The operations team's run on demand does the same; once funded, the lapse announces it.
    const run = await service.ops<Body>('POST', '/ops/v1/announcements/run');
    expect(run.status).toBe(200);
    expect(run.body.announced.map((a: Body) => a.request_id)).not.toContain(request.id);
    await service.ops('POST', `/ops/v1/sellers/${request.seller.id}/verification`, { status: 'approved' });
    expect((await fund(funder, request.id)).status).toBe(200);
    await service.ops('POST', `/ops/v1/sellers/${request.seller.id}/verification`, { status: 'lapsed' });
    const again = await service.ops<Body>('POST', '/ops/v1/announcements/run');
    expect(again.body.announced).toContainEqual({ request_id: request.id, trigger: 'kyc_lapse' });
    expect(await disclosureOf(request.id)).toEqual({
      disclosure: 'announced',
      announced_trigger: 'kyc_lapse',
    });
  });
});
