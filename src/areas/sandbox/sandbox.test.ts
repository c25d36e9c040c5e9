import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, madridDate } from '../../platform/clock.ts';

let sandbox: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

type Req = {
  id: string;
  status: string;
  advance_amount: number;
  total_amount: number;
  debtor_consent: unknown[];
};
const decide = (id: string, body: Record<string, unknown>) =>
  service.call(sandbox.key, 'POST', `/v1/requests/${id}/decision`, { body });

describe('walking a request through its whole life with the sandbox helpers', () => {
  it('takes a factoring request from routing to settled with two partial settlements', async () => {
    const created = await service.call<{ request: Req }>(sandbox.key, 'POST', '/v1/sandbox/requests');
    expect(created.status).toBe(201);
    const request = created.body.request;
    expect(request.status).toBe('submitted');
    expect(request.total_amount).toBe(20_800.5);
    expect(request.debtor_consent).toHaveLength(2);

    const offer = await decide(request.id, { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 });
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ decision: 'offer', request_id: request.id, status: 'terms_sent' });

    const accepted = await service.call<{ request: Req }>(
      sandbox.key,
      'POST',
      `/v1/sandbox/requests/${request.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.request.status).toBe('approved');
    expect(accepted.body.request.advance_amount).toBe(16_640.4);

    const early = await decide(request.id, {
      decision: 'fund',
      value_date: '2026-11-22',
      reference: 'TRF-0001',
    });
    expect(early.status).toBe(409);
    expect((early.body as { error: { code: string } }).error.code).toBe('funding_gate_failed');

    const answered = await service.call<{ request: Req }>(
      sandbox.key,
      'POST',
      `/v1/sandbox/requests/${request.id}/debtor-answer`,
      { body: { answer: 'acknowledged' } },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.request.debtor_consent).toEqual([
      expect.objectContaining({ status: 'acknowledged', meets_requirement: true }),
      expect.objectContaining({ status: 'acknowledged', meets_requirement: true }),
    ]);

    const today = madridDate(service.runtime.clock.now());
    const funded = await decide(request.id, { decision: 'fund', value_date: today, reference: 'TRF-0001' });
    expect(funded.status).toBe(200);
    expect(funded.body).toMatchObject({ decision: 'fund', status: 'funded', funded_amount: 16_640.4 });

    const first = await decide(request.id, { decision: 'settle', amount: 12_500, reference: 'CAMT-1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'funded', settled_amount: 12_500, remaining_amount: 8_300.5 });

    const second = await decide(request.id, { decision: 'settle', amount: 8_300.5, reference: 'CAMT-2' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'settled', settled_amount: 20_800.5, remaining_amount: 0 });

    const packet = await service.call<{ request: Req }>(sandbox.key, 'GET', `/v1/requests/${request.id}`);
    expect(packet.body.request.status).toBe('settled');
  });

  it('steps back from an approved request with a message to the seller', async () => {
    const created = await service.call<{ request: Req }>(sandbox.key, 'POST', '/v1/sandbox/requests');
    const id = created.body.request.id;
    await decide(id, { decision: 'offer', rate: 3, advance_pct: 75 });
    await service.call(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/accept`);

    const short = await decide(id, { decision: 'decline', notes: 'too late' });
    expect(short.status).toBe(422);
    expect((short.body as { error: { code: string } }).error.code).toBe('step_back_message_required');

    const back = await decide(id, {
      decision: 'decline',
      reason: 'concentration',
      notes: 'Our exposure to this debtor is full this month.',
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ decision: 'decline', step_back: true, status: 'declined' });
    const list = await service.call<{ requests: (Req & { my_offer: { status: string } })[] }>(
      sandbox.key,
      'GET',
      '/v1/requests?status=declined',
    );
    expect(list.body.requests.find((r) => r.id === id)?.my_offer.status).toBe('accepted');
  });

  it('records a funding already paid out: a value date in the past is accepted', async () => {
    const created = await service.call<{ request: Req }>(sandbox.key, 'POST', '/v1/sandbox/requests');
    const id = created.body.request.id;
    await decide(id, { decision: 'offer', rate: 2, advance_pct: 90 });
    await service.call(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/accept`);
    await service.call(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/debtor-answer`, {
      body: { answer: 'acknowledged' },
    });
    const lastWeek = addDays(madridDate(service.runtime.clock.now()), -7);
    const funded = await decide(id, { decision: 'fund', value_date: lastWeek, reference: 'TRF-BACKDATED' });
    expect(funded.status).toBe(200);
    expect(funded.body).toMatchObject({ status: 'funded', value_date: lastWeek });
  });

  it('a debtor that signed below the level required signs again at a higher level, and the request can then be funded', async () => {
    const created = await service.call<{ request: Req }>(sandbox.key, 'POST', '/v1/sandbox/requests');
    const id = created.body.request.id;
    const raised = await service.call(sandbox.key, 'POST', `/v1/requests/${id}/consent-level`, {
      body: { level: 'acceptance', reason: 'Large exposure to these debtors.' },
    });
    expect(raised.status).toBe(200);
    await decide(id, { decision: 'offer', rate: 2, advance_pct: 80 });
    await service.call(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/accept`);
    const debtorAnswer = (body: Record<string, unknown>) =>
      service.call<{ request: Req }>(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/debtor-answer`, {
        body,
      });

    const below = await debtorAnswer({ answer: 'acknowledged', level: 'acknowledgment' });
    expect(below.status).toBe(200);
    expect(below.body.request.debtor_consent).toEqual([
      expect.objectContaining({
        level_required: 'acceptance',
        level_achieved: 'acknowledgment',
        meets_requirement: false,
      }),
      expect.objectContaining({
        level_required: 'acceptance',
        level_achieved: 'acknowledgment',
        meets_requirement: false,
      }),
    ]);
    const today = madridDate(service.runtime.clock.now());
    const gated = await decide(id, { decision: 'fund', value_date: today, reference: 'TRF-RESIGN' });
    expect((gated.body as { error: { code: string } }).error.code).toBe('funding_gate_failed');

    const same = await debtorAnswer({ answer: 'acknowledged', level: 'acknowledgment' });
    expect(same.status).toBe(409);
    const refusal = (same.body as unknown as { error: { code: string; message: string } }).error;
    expect(refusal.code).toBe('notice_already_decided');
    expect(refusal.message).toContain('higher level');

    const again = await debtorAnswer({ answer: 'acknowledged', level: 'acceptance' });
    expect(again.status).toBe(200);
    expect(again.body.request.debtor_consent).toEqual([
      expect.objectContaining({
        status: 'acknowledged',
        level_achieved: 'acceptance',
        meets_requirement: true,
      }),
      expect.objectContaining({
        status: 'acknowledged',
        level_achieved: 'acceptance',
        meets_requirement: true,
      }),
    ]);
    const funded = await decide(id, { decision: 'fund', value_date: today, reference: 'TRF-RESIGN' });
    expect(funded.status).toBe(200);

    const nothingLeft = await debtorAnswer({ answer: 'acknowledged' });
    expect(nothingLeft.status).toBe(409);
    expect((nothingLeft.body as unknown as { error: { message: string } }).error.message).toContain(
      'POST /v1/sandbox/requests',
    );
  });

  it('a helper that cannot act says what to do instead', async () => {
    const created = await service.call<{ request: Req }>(sandbox.key, 'POST', '/v1/sandbox/requests', {
      body: { type: 'confirming' },
    });
    const id = created.body.request.id;
    const early = await service.call(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/accept`);
    expect(early.status).toBe(409);
    const noOffer = (early.body as { error: { code: string; message: string } }).error;
    expect(noOffer.code).toBe('invalid_state');
    expect(noOffer.message).toContain('POST /v1/requests/{id}/decision');

    const notices = await service.call(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/debtor-answer`, {
      body: { answer: 'acknowledged' },
    });
    expect(notices.status).toBe(409);
    const confirming = (notices.body as { error: { code: string; message: string } }).error;
    expect(confirming.code).toBe('not_factoring');
    expect(confirming.message).toContain('POST /v1/sandbox/requests');

    const unknown = await service.call(
      sandbox.key,
      'POST',
      '/v1/sandbox/requests/00000000-0000-4000-8000-000000000000/accept',
    );
    expect(unknown.status).toBe(404);
    expect((unknown.body as { error: { message: string } }).error.message).toContain(
      'POST /v1/sandbox/requests',
    );
  });

  it("a sandbox key cannot accept an offer on another funder's request: 404 from inside the write, nothing changes", async () => {
    const created = await service.call<{ request: Req }>(sandbox.key, 'POST', '/v1/sandbox/requests');
    const id = created.body.request.id;
    await decide(id, { decision: 'offer', rate: 2, advance_pct: 80 });
    const other = await service.given.funderWithKey({ environment: 'sandbox' });
    const answer = await service.call(other.key, 'POST', `/v1/sandbox/requests/${id}/accept`);
    expect(answer.status).toBe(404);
    const packet = await service.call<{ request: Req }>(sandbox.key, 'GET', `/v1/requests/${id}`);
    expect(packet.body.request.status).toBe('terms_sent');
  });

  it('refuses a live key with sandbox_only', async () => {
    const live = await service.given.funderWithKey({ environment: 'live' });
    const answer = await service.call(live.key, 'POST', '/v1/sandbox/requests', { body: {} });
    expect(answer.status).toBe(403);
    expect((answer.body as { error: { code: string } }).error.code).toBe('sandbox_only');
  });
});
