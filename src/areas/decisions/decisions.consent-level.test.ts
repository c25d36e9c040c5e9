import { describe, expect, it } from 'vitest';
import { decisionsGiven } from '../../../test/support/decisions-given.ts';
import { type Refusal, refusals } from '../../../test/support/refusals.ts';
import type { RoutedRequest } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';

const { service, given } = startGiven();
const { consentLevel, packet, snapshot } = decisionsGiven(service);

type Body = Record<string, unknown>;

// ---------------------------------------------------------------------------- consent level

describe('consent level', () => {
  it('raising the level answers what it was and what it is now, and every pending notice follows', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: 2 });
    const answer = await consentLevel(funder, request, {
      level: 'acceptance',
      reason: 'Large exposure on these debtors.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      request_id: request.id,
      consent_level_required: 'acceptance',
      changed: true,
      from: 'acknowledgment',
    });
    const read = await packet(funder, request);
    expect(read.body.request.consent_level_required).toBe('acceptance');
    expect(read.body.debtor_consent.map((n) => n.level_required)).toEqual(['acceptance', 'acceptance']);

    await given.debtorAnswers(request, { answer: 'acknowledged', level: 'acknowledgment' });
    const after = await packet(funder, request);
    expect(after.body.debtor_consent.map((n) => n.meets_requirement)).toEqual([false, false]);
  });

  it('asking for the level already required changes nothing', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const before = await snapshot(request);
    const answer = await consentLevel(funder, request, {
      level: 'acknowledgment',
      reason: 'Confirming the level.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      request_id: request.id,
      consent_level_required: 'acknowledgment',
      changed: false,
      from: null,
    });
    expect(await snapshot(request)).toEqual(before);
  });

  /** A routed factoring request at the usual level, no debtor answered: the cases about the body share it. */
  const routed = shared(async () => given.routedRequest({ funder: await given.funder() }));
  /** A case about the request rather than the body names its own, made once for the case. */
  type Case = Refusal & { body: Body; on?: () => Promise<RoutedRequest> };
  const raise = { level: 'acceptance', reason: 'Large exposure.' };
  const level = (name: string, body: Body): Case => ({ name, body, status: 422, code: 'level_invalid' });
  const reason = (name: string, body: Body): Case => ({ name, body, status: 422, code: 'reason_required' });
  refusals<Case>(
    '$name is refused with $code ($status) and changes nothing',
    [
      {
        name: 'lowering the level',
        body: { level: 'receipt', reason: 'Lighter for this seller.' },
        status: 409,
        code: 'level_lower',
        error: { current: 'acknowledgment' },
      },
      level('a consent level with no level', { reason: 'Large exposure.' }),
      level('a consent level with a level not in the list', { level: 'high', reason: 'Large exposure.' }),
      level('a consent level with a level in capitals', { level: 'ACCEPTANCE', reason: 'Large exposure.' }),
      level('a consent level with a level that is not text', { level: 3, reason: 'Large exposure.' }),
      reason('a consent level with no reason', { level: 'acceptance' }),
      reason('a consent level with a reason of 7 characters', { level: 'acceptance', reason: 'Because' }),
      reason('a consent level with a reason of spaces around 7 characters', {
        level: 'acceptance',
        reason: '   Because   ',
      }),
      reason('a consent level with a reason that is not text', { level: 'acceptance', reason: 12345678 }),
      {
        name: 'a consent level with a member it does not know',
        body: { ...raise, urgent: true },
        status: 422,
        code: 'body_invalid',
      },
      {
        name: 'a consent level on a confirming request',
        on: shared(async () => given.routedRequest({ funder: await given.funder(), type: 'confirming' })),
        body: raise,
        status: 409,
        code: 'not_factoring',
      },
      {
        name: 'a consent level on a declined request',
        on: shared(async () => given.declinedRequest({ funder: await given.funder() })),
        body: raise,
        status: 409,
        code: 'request_not_in_flight',
      },
      {
        name: 'a consent level after one debtor answered',
        on: shared(async () => {
          const request = await given.routedRequest({ funder: await given.funder(), invoices: 2 });
          await given.debtorAnswers(request, { answer: 'acknowledged', debtor: request.debtors[0]! });
          return request;
        }),
        body: raise,
        status: 409,
        code: 'notice_already_decided',
      },
    ],
    {
      send: async ({ body, on }) => {
        const request = await (on ?? routed)();
        return consentLevel(request.funder, request, body);
      },
      unchanged: async ({ on }) => snapshot(await (on ?? routed)()),
    },
  );
});
