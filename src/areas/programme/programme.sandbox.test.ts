import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, madridDate } from '../../platform/clock.ts';

let sandbox: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
type Body = Record<string, any>;

let n = 0;
const invoice = (source = 'erp') => {
  n += 1;
  return {
    debtor_name: `Cliente Sandbox ${n} SA`,
    debtor_tax_id: `A9900${String(n).padStart(4, '0')}`,
    debtor_country: 'ES',
    amount: 4000,
    due_date: '2027-01-29',
    source,
  };
};

const call = (method: string, url: string, body?: unknown) =>
  service.call<Body>(sandbox.key, method, url, body === undefined ? {} : { body });

/** A sandbox request with these terms, offered by the sandbox funder and accepted by its seller. */
async function approved(terms: Record<string, unknown>, invoices = [invoice()]) {
  const created = await call('POST', '/v1/sandbox/requests', { terms, invoices });
  expect(created.status).toBe(201);
  const id = created.body.request.id as string;
  expect(
    (await call('POST', `/v1/requests/${id}/decision`, { decision: 'offer', rate: 2, advance_pct: 80 }))
      .status,
  ).toBe(201);
  expect((await call('POST', `/v1/sandbox/requests/${id}/accept`)).status).toBe(200);
  return id;
}

const today = async () => {
  const clock = await service.ops<{ now: string }>('GET', '/ops/v1/clock');
  return madridDate(new Date(clock.body.now));
};
const fund = async (id: string) =>
  call('POST', `/v1/requests/${id}/decision`, {
    decision: 'fund',
    value_date: await today(),
    reference: 'TRF-SBX-1',
  });

describe('the demonstration scenario', () => {
  it('shows a confidential programme: a funded request not announced, and one announced', async () => {
    const programme = (await call('GET', '/v1/programme')).body;
    const company = programme.companies.find((c: Body) => c.company_name === 'Ceramiche Riservate Demo Srl');
    expect(company).toMatchObject({
      terms: { disclosure: 'confidential', recourse: 'without', source: 'seller' },
    });
    const list = (await call('GET', '/v1/requests?status=all&limit=200')).body.requests as Body[];
    const ours = list.filter((r) => r.company_name === 'Ceramiche Riservate Demo Srl');
    expect(ours.map((r) => r.status)).toEqual(['funded', 'funded']);
    const views = [];
    for (const r of ours) views.push((await call('GET', `/v1/requests/${r.id}/notices`)).body);
    const byDisclosure = Object.fromEntries(views.map((v) => [v.disclosure, v]));
    expect(byDisclosure.confidential).toMatchObject({
      announced_at: null,
      notices: [{ status: 'pending', sending: null }],
    });
    expect(byDisclosure.announced).toMatchObject({
      announced_trigger: 'manual',
      notices: [{ status: 'pending', sending: 'sending_queued', current: true, names_this_funder: true }],
    });
    expect(byDisclosure.announced.notices[0].document.language).toBe('it');
  });
});

describe('sandbox requests under programme terms', () => {
  it('takes terms as the company’s own before routing, and funds a confidential request with its debtors silent', async () => {
    const id = await approved({ disclosure: 'confidential', recourse: 'without' }, [
      invoice(),
      invoice('saft'),
    ]);
    const funded = await fund(id);
    expect(funded.status).toBe(200);
    const notices = (await call('GET', `/v1/requests/${id}/notices`)).body;
    expect(notices).toMatchObject({ disclosure: 'confidential', count: 2 });
    expect(
      notices.notices.every((x: Body) => x.status === 'pending' && x.has_notice_address && x.current),
    ).toBe(true);
    const programme = (await call('GET', '/v1/programme')).body;
    const seller = programme.companies.find(
      (c: Body) => c.terms.source === 'seller' && c.terms.recourse === 'without',
    );
    expect(seller).toBeDefined();
    expect(programme.requests['confidential:without:funded']).toBeGreaterThanOrEqual(1);
    const announced = await call('POST', `/v1/requests/${id}/announce`, {
      reason: 'Announcing from the sandbox',
    });
    expect(announced.status).toBe(200);
    expect(announced.body.notices_queued).toBe(2);
  });

  it('reaches every confidential gate from a sandbox key alone', async () => {
    const id = await approved({ disclosure: 'confidential' }, [invoice('upload')]);
    const first = expectError(await fund(id), 409, 'funding_gate_failed');
    expect((first.gates as Body[]).map((g) => g.gate)).toEqual(['invoice_source']);

    const other = await approved({ disclosure: 'confidential' }, [invoice()]);
    const request = (await call('GET', `/v1/requests/${other}`)).body;
    const receivable = request.receivables[0];
    const debtor = request.debtor_consent[0];
    const changed = await call('POST', `/v1/sandbox/requests/${other}/parties`, {
      seller_verification_lapses_on: await today(),
      notice_addresses: [{ debtor_tax_id: debtor.debtor_tax_id, address: null }],
      invoice_amounts: [{ invoice_number: receivable.invoice_no, amount: 3500 }],
    });
    expect(changed.status).toBe(200);
    const notice = (await call('GET', `/v1/requests/${other}/notices`)).body.notices[0];
    expect(notice).toMatchObject({ current: false, has_notice_address: false });
    const blocked = expectError(await fund(other), 409, 'funding_gate_failed');
    expect(blocked.gates).toEqual([{ gate: 'invoice_checks' }]);
    const signal = (await call('GET', `/v1/requests/${other}`)).body.risk.signals[0];
    expect(signal.code).toBe('amount_changed_in_request');
  });

  it('lets the sandbox seller’s verification lapse later, and refuses a request of another funder', async () => {
    const id = await approved({ disclosure: 'confidential' });
    const later = addDays(await today(), 30);
    const answer = await call('POST', `/v1/sandbox/requests/${id}/parties`, {
      seller_verification: 'approved',
      seller_verification_lapses_on: later,
    });
    expect(answer.status).toBe(200);
    expect((await fund(id)).status).toBe(200);

    const lapsed = await approved({ disclosure: 'confidential' });
    await call('POST', `/v1/sandbox/requests/${lapsed}/parties`, { seller_verification: 'lapsed' });
    const refused = expectError(await fund(lapsed), 409, 'funding_gate_failed');
    expect(refused.gates).toEqual([{ gate: 'seller_verification' }]);
  });

  it('refuses terms it does not know and an empty parties change', async () => {
    expectError(
      await call('POST', '/v1/sandbox/requests', { terms: { interest: 2 } }),
      422,
      'terms_key_unknown',
    );
    expectError(
      await call('POST', '/v1/sandbox/requests', { terms: { recourse_days: 0 } }),
      422,
      'terms_invalid',
    );
    const id = await approved({ disclosure: 'confidential' });
    expectError(await call('POST', `/v1/sandbox/requests/${id}/parties`, {}), 422, 'body_invalid');
  });
});
