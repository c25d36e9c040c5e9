import { describe, expect, it } from 'vitest';
import { decisionsGiven } from '../../../test/support/decisions-given.ts';
import { type Refusal, refusals } from '../../../test/support/refusals.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';

const { service, given } = startGiven();
const { decide, packet, snapshot } = decisionsGiven(service);

type Body = Record<string, unknown>;
type Case = Refusal & { body: Body };

/** A request routed to its funder, which has not answered it yet. */
const routed = shared(async () => {
  const funder = await given.funder();
  return { funder, request: await given.routedRequest({ funder }) };
});

/** An approved request whose debtors acknowledged their notices: the funder may only step back. */
const approved = shared(async () => {
  const funder = await given.funder();
  return { funder, request: await given.approvedRequest({ funder, debtorsAcknowledged: true }) };
});

// ---------------------------------------------------------------------------------- decline

describe('decline', () => {
  it('a decline answers 200 with status declined, its reason and no step back', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const now = await given.now();
    const answer = await decide(funder, request, {
      decision: 'decline',
      reason: 'concentration',
      notes: 'Our exposure to these debtors is full.',
      internal_note: 'Limit review due in March.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      decision: 'decline',
      request_id: request.id,
      status: 'declined',
      reason: 'concentration',
      step_back: false,
      declined_at: now.toISOString(),
    });
    expect((await snapshot(request)).request).toMatchObject({
      status: 'declined',
      close_reason: 'concentration',
      close_note: 'Our exposure to these debtors is full.',
    });
  });

  const reason = (name: string, body: Body): Case => ({ name, body, status: 400, code: 'reason_required' });
  const member = (name: string, body: Body): Case => ({ name, body, status: 422, code: 'body_invalid' });
  refusals(
    'a decline with $name is refused with $code ($status)',
    [
      reason('no reason and no notes', {}),
      reason('notes of spaces only', { notes: '    ' }),
      reason('a null reason and no notes', { reason: null }),
      member('a reason not in the list', { reason: 'bad_debtor' }),
      member('notes that are not text', { reason: 'other', notes: 5 }),
      member('an internal note longer than 2,000 characters', {
        reason: 'other',
        internal_note: 'i'.repeat(2_001),
      }),
      member('a member decline does not know', { reason: 'other', severity: 'high' }),
    ],
    {
      send: async ({ body }) => {
        const { funder, request } = await routed();
        return decide(funder, request, { decision: 'decline', ...body });
      },
      unchanged: async () => snapshot((await routed()).request),
    },
  );

  it('a decline with only notes keeps the message with reason other', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const answer = await decide(funder, request, { decision: 'decline', notes: 'Not for us this time.' });
    expect(answer.body).toMatchObject({ status: 'declined', reason: 'other', step_back: false });
    expect((await snapshot(request)).request).toMatchObject({
      close_reason: 'other',
      close_note: 'Not for us this time.',
    });
  });

  it('declining terms the seller has not answered withdraws the offer', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder });
    expect((await decide(funder, request, { decision: 'decline', reason: 'payer_credit' })).status).toBe(200);
    expect((await packet(funder, request)).body.my_offer).toMatchObject({
      id: request.offerId,
      status: 'withdrawn',
    });
  });

  const message = (name: string, body: Body): Case => ({
    name,
    body,
    status: 422,
    code: 'step_back_message_required',
  });
  refusals(
    'stepping back from an approved request with $name is refused with $code',
    [
      message('only a reason', { reason: 'documentation' }),
      message('a message of 9 characters', { notes: 'Too late.' }),
      message('a message of spaces around 9 characters', { reason: 'other', notes: '   Too late.   ' }),
    ],
    {
      send: async ({ body }) => {
        const { funder, request } = await approved();
        return decide(funder, request, { decision: 'decline', ...body });
      },
      unchanged: async () => snapshot((await approved()).request),
    },
  );

  it('stepping back from an approved request keeps the accepted offer and withdraws the notices', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, invoices: 2 });
    await given.debtorAnswers(request, { answer: 'acknowledged', debtor: request.debtors[0]! });
    const answer = await decide(funder, request, {
      decision: 'decline',
      notes: 'The debtor limit was withdrawn by our insurer.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      decision: 'decline',
      status: 'declined',
      step_back: true,
      reason: 'other',
    });
    const read = await packet(funder, request);
    expect(read.body.my_offer).toMatchObject({ id: request.offerId, status: 'accepted' });
    expect(read.body.debtor_consent.map((n) => n.status)).toEqual(['withdrawn', 'withdrawn']);
    expect((await snapshot(request)).request).toMatchObject({ accepted_offer_id: request.offerId });
  });
});
