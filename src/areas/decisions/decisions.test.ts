import { describe, expect, it } from 'vitest';
import { decisionsGiven, offerBody, UUID } from '../../../test/support/decisions-given.ts';
import { errorCode } from '../../../test/support/errors.ts';
import { type Refusal, refusals } from '../../../test/support/refusals.ts';
import type {
  FunderFixture,
  OfferedRequest,
  RoutedRequest,
} from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';
import {
  canMove,
  type Move,
  nextStatus,
  REQUEST_STATUSES,
  type RequestStatus,
} from '../requests/requests.status.ts';

const { service, given } = startGiven();
const { consentLevel, decide, expectRefused, snapshot } = decisionsGiven(service);

type Body = Record<string, unknown>;

// ---------------------------------------------------------------------- who may decide

describe('who may decide', () => {
  it('a funder the request was re-routed away from gets not_routed_to_you on every decision', async () => {
    const earlier = await given.funder();
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder: earlier });
    await given.routed(request, funder);
    expect(await given.statusOf(request)).toBe('under_review');
    for (const body of [offerBody(), { decision: 'decline', reason: 'other' }]) {
      await expectRefused(request, () => decide(earlier, request, body), 409, 'not_routed_to_you');
    }
    expect((await decide(funder, request, offerBody())).status).toBe(201);
  });

  it('a request with terms sent cannot be routed again to the same funder', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder });
    const answer = await service.ops('POST', `/ops/v1/requests/${request.id}/route`, {
      bank_id: funder.bankId,
    });
    expect(answer.status).toBe(409);
    expect(errorCode(answer)).toBe('invalid_state');
  });

  /** A request routed to its funder, which the cases call on as someone else or with too little. */
  const theirs = shared(async () => given.routedRequest({ funder: await given.funder() }));
  type Caller = { key: string };
  type Case = Refusal & {
    /** The request and the caller of the case, made at its first call. */
    on: () => Promise<{ request: RoutedRequest; caller: Caller }>;
    call: typeof decide;
    body: unknown;
  };
  const onTheirs = (caller: (request: RoutedRequest) => Promise<Caller>) =>
    shared(async () => {
      const request = await theirs();
      return { request, caller: await caller(request) };
    });
  /** The request's own funder with a key that cannot decide. */
  const reader = async (request: RoutedRequest) => ({
    key: await given.keyOf(request.funder, ['requests:read', 'settings:write']),
  });
  const raise = { level: 'acceptance', reason: 'Large exposure.' };
  refusals<Case>(
    '$name is refused with $code ($status) and changes nothing',
    [
      {
        name: 'an offer on a request the funder cannot see',
        on: onTheirs(() => given.funder()),
        call: decide,
        body: offerBody(),
        status: 404,
        code: 'not_found',
      },
      {
        name: 'a consent level on a request the funder cannot see',
        on: onTheirs(() => given.funder()),
        call: consentLevel,
        body: raise,
        status: 404,
        code: 'not_found',
      },
      {
        name: 'an offer with a key without decisions:write',
        on: onTheirs(reader),
        call: decide,
        body: offerBody(),
        status: 403,
        code: 'forbidden',
      },
      {
        name: 'a consent level with a key without decisions:write',
        on: onTheirs(reader),
        call: consentLevel,
        body: raise,
        status: 403,
        code: 'forbidden',
      },
      {
        name: 'an offer with a key of an unclassified funder',
        on: onTheirs(() => given.funder({ environment: 'unclassified' })),
        call: decide,
        body: offerBody(),
        status: 403,
        code: 'forbidden',
      },
      {
        name: 'an offer with a sandbox key on a live request',
        on: onTheirs(() => given.demoFunder()),
        call: decide,
        body: offerBody(),
        status: 404,
        code: 'not_found',
      },
      {
        name: 'a consent level from a funder the request is no longer routed to',
        on: shared(async () => {
          const earlier = await given.funder();
          const request = await given.offeredRequest({ funder: earlier });
          return { request: await given.routed(request, await given.funder()), caller: earlier };
        }),
        call: consentLevel,
        body: raise,
        status: 409,
        code: 'not_routed_to_you',
      },
    ],
    {
      send: async ({ on, call, body }) => {
        const { request, caller } = await on();
        return call(caller, request, body);
      },
      unchanged: async ({ on }) => snapshot((await on()).request),
      // The sandbox key's case resets the demonstration plane: seconds on a loaded machine.
      timeout: 180_000,
    },
  );
});

// ------------------------------------------------------------------------------ bad input

describe('bad input changes nothing', () => {
  /** A request routed to its funder, sent bodies that no decision reads. */
  const routed = shared(async () => given.routedRequest({ funder: await given.funder() }));
  type Case = Refusal & { body?: unknown; payload?: string };
  refusals<Case>(
    '$name is refused with $code ($status) before anything is read',
    [
      {
        name: 'a body that is not JSON',
        payload: '{"decision": "offer",',
        status: 422,
        code: 'body_invalid',
      },
      { name: 'a body that is an array', body: [offerBody()], status: 422, code: 'body_invalid' },
      { name: 'a body that is a string', body: 'offer', status: 422, code: 'body_invalid' },
      {
        name: 'a body that is too large',
        body: offerBody({ notes: 'x'.repeat(1_100_000) }),
        status: 413,
        code: 'body_too_large',
      },
    ],
    {
      send: async ({ body, payload }) => {
        const request = await routed();
        return service.call(request.funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
          ...(payload === undefined
            ? { body }
            : { payload, headers: { 'content-type': 'application/json' } }),
        });
      },
      unchanged: async () => snapshot(await routed()),
    },
  );

  it('a decision on a request id that is not a UUID answers 404', async () => {
    const funder = await given.funder();
    const answer = await service.call(funder.key, 'POST', '/v1/requests/42/decision', { body: offerBody() });
    expect(answer.status).toBe(404);
  });
});

// ------------------------------------------------------------------ the status machine

type Reachable = Exclude<RequestStatus, 'accepted'>;

/** How to bring a fresh request routed to `funder` into each status, through the APIs. */
const reach: Record<Reachable, (funder: FunderFixture) => Promise<RoutedRequest | OfferedRequest>> = {
  pending: (funder) => given.routedRequest({ funder, status: 'pending' }),
  submitted: (funder) => given.routedRequest({ funder, status: 'submitted' }),
  under_review: (funder) => given.routedRequest({ funder, status: 'under_review' }),
  terms_sent: (funder) => given.offeredRequest({ funder }),
  approved: (funder) => given.approvedRequest({ funder, debtorsAcknowledged: true }),
  funded: (funder) => given.fundedRequest({ funder }),
  settled: (funder) => given.settledRequest({ funder }),
  declined: (funder) => given.declinedRequest({ funder }),
  rejected: (funder) => given.rejectedRequest({ funder }),
  cancelled: (funder) => given.cancelledRequest({ funder }),
};

interface Action {
  name: string;
  /** The moves of request-status.ts this call makes; the first one the status allows applies. */
  moves: Move[];
  /** Statuses the call is also allowed from without a move of the table (routing keeps the status). */
  keepsFrom?: RequestStatus[];
  run(request: RoutedRequest, funder: FunderFixture): Promise<{ status: number; body: unknown }>;
}

const ops = (path: string, body: unknown = {}) => service.ops('POST', path, body);

const ACTIONS: Action[] = [
  {
    name: 'the operations team submits',
    moves: ['submit'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/submit`),
  },
  {
    name: 'the operations team reviews',
    moves: ['review'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/review`),
  },
  {
    name: 'the operations team routes to another funder',
    moves: ['reroute'],
    keepsFrom: ['pending', 'submitted', 'under_review'],
    run: async (r) => ops(`/ops/v1/requests/${r.id}/route`, { bank_id: (await given.funder()).bankId }),
  },
  { name: 'the funder offers', moves: ['offer'], run: (r, f) => decide(f, r, offerBody()) },
  {
    name: 'the seller accepts',
    moves: ['accept_terms'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/seller-answer`, { answer: 'accept' }),
  },
  {
    name: 'the seller rejects',
    moves: ['reject_terms'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/seller-answer`, { answer: 'reject' }),
  },
  {
    name: 'the funder funds',
    moves: ['fund'],
    run: async (r, f) =>
      decide(f, r, { decision: 'fund', value_date: await given.today(), reference: 'TRF-WALK' }),
  },
  {
    name: 'the funder records part of the money',
    moves: ['settle_partial'],
    run: (r, f) => decide(f, r, { decision: 'settle', amount: 1 }),
  },
  {
    name: 'the funder records a final settlement',
    moves: ['settle_final'],
    run: (r, f) => decide(f, r, { decision: 'settle', amount: 1, final: true }),
  },
  {
    name: 'the funder declines (a step back from approved)',
    moves: ['decline', 'step_back'],
    run: (r, f) =>
      decide(f, r, { decision: 'decline', reason: 'other', notes: 'We cannot go on with this one.' }),
  },
  { name: 'the seller cancels', moves: ['cancel'], run: (r) => ops(`/ops/v1/requests/${r.id}/cancel`) },
];

function expectedAfter(status: RequestStatus, action: Action): RequestStatus | null {
  const move = action.moves.find((m) => canMove(status, m));
  if (move) return nextStatus(status, move);
  return action.keepsFrom?.includes(status) ? status : null;
}

describe('the request status machine, walked through the APIs', () => {
  /** One request in each status, made at the first case that needs it: refusals leave it there. */
  const inStatus = {
    approved: shared(async () => given.approvedRequest({ funder: await given.funder() })),
    'approved, its debtors acknowledged': shared(async () =>
      given.approvedRequest({ funder: await given.funder(), debtorsAcknowledged: true }),
    ),
    terms_sent: shared(async () => given.offeredRequest({ funder: await given.funder() })),
    funded: shared(async () => given.fundedRequest({ funder: await given.funder() })),
    settled: shared(async () => given.settledRequest({ funder: await given.funder() })),
    declined: shared(async () => given.declinedRequest({ funder: await given.funder() })),
  };
  type Case = Refusal & { from: keyof typeof inStatus; body: (today: string) => Body };
  const decline = { decision: 'decline', reason: 'other', notes: 'We step back from this one.' };
  const wrong = (name: string, from: Case['from'], body: (today: string) => Body): Case => ({
    name,
    from,
    body,
    status: 409,
    code: 'invalid_state',
  });
  refusals<Case>(
    '$name is refused with $code and changes nothing',
    [
      wrong('an offer on an approved request', 'approved', () => offerBody()),
      wrong('an offer on a funded request', 'funded', () => offerBody()),
      wrong('an offer on a settled request', 'settled', () => offerBody()),
      wrong('an offer on a declined request', 'declined', () => offerBody()),
      wrong('funding a request in terms_sent', 'terms_sent', (today) => ({
        decision: 'fund',
        value_date: today,
        reference: 'TRF-0001',
      })),
      wrong('funding a request twice', 'funded', (today) => ({
        decision: 'fund',
        value_date: today,
        reference: 'TRF-0002',
      })),
      wrong('a settlement on a settled request', 'settled', () => ({ decision: 'settle', amount: 1 })),
      wrong(
        'a settlement on an approved request, not funded yet',
        'approved, its debtors acknowledged',
        () => ({
          decision: 'settle',
          amount: 1,
        }),
      ),
      wrong('a decline on a funded request', 'funded', () => decline),
      wrong('a decline on a settled request', 'settled', () => decline),
      wrong('a decline on a declined request', 'declined', () => decline),
    ],
    {
      send: async ({ from, body }) => {
        const request = await inStatus[from]();
        return decide(request.funder, request, body(await given.today()));
      },
      unchanged: async ({ from }) => snapshot(await inStatus[from]()),
    },
  );

  it('covers every status but accepted, which no move produces', () => {
    expect(REQUEST_STATUSES.filter((s) => !(s in reach))).toEqual(['accepted']);
    const covered = new Set(ACTIONS.flatMap((a) => a.moves));
    expect(
      (
        [
          'submit',
          'review',
          'offer',
          'accept_terms',
          'reject_terms',
          'reroute',
          'fund',
          'settle_partial',
          'settle_final',
          'decline',
          'step_back',
          'cancel',
        ] as Move[]
      ).filter((m) => !covered.has(m)),
    ).toEqual([]);
  });

  it.each(Object.keys(reach) as Reachable[])(
    'from %s, the allowed moves go through and every other one is refused with invalid_state',
    async (status) => {
      const funder = await given.funder();
      // Refusals change nothing, so they are all tried on one request.
      const refusing = await reach[status](funder);
      expect(await given.statusOf(refusing)).toBe(status);
      for (const action of ACTIONS.filter((a) => expectedAfter(status, a) === null)) {
        const before = await snapshot(refusing);
        const answer = await action.run(refusing, funder);
        expect({ action: action.name, status: answer.status, code: errorCode(answer) }).toEqual({
          action: action.name,
          status: 409,
          code: 'invalid_state',
        });
        expect(await snapshot(refusing)).toEqual(before);
      }
      for (const action of ACTIONS) {
        const to = expectedAfter(status, action);
        if (to === null) continue;
        const request = await reach[status](funder);
        const answer = await action.run(request, funder);
        expect({ action: action.name, ok: answer.status < 300 }).toEqual({ action: action.name, ok: true });
        expect({ action: action.name, to: await given.statusOf(request) }).toEqual({
          action: action.name,
          to,
        });
      }
    },
  );
});

// --------------------------------------------------------------------- events and evidence

describe('events and evidence', () => {
  async function eventsOf(funderId: string) {
    const { rows } = await service.db.query<{
      id: string;
      funder_id: string;
      plane: string;
      type: string;
      api_version: string;
      payload: Body;
    }>(
      'SELECT id, funder_id, plane, type, api_version, payload FROM outbox_events WHERE funder_id = $1 ORDER BY seq',
      [funderId],
    );
    return rows;
  }

  it('routing, offering, the seller accepting, acknowledging, funding and settling put each their event in the outbox', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: [{ amount: 6_000 }, { amount: 4_000 }] });
    expect((await eventsOf(funder.bankId)).map((e) => e.type)).toEqual(['request.routed']);
    await decide(funder, request, offerBody());
    await given.sellerAccepts(request);
    await given.debtorAnswers(request, { answer: 'acknowledged' });
    const refused = await decide(funder, request, {
      decision: 'fund',
      value_date: await given.today(),
      reference: 'TRF-EVT',
      amount: 1,
    });
    expect(refused.status).toBe(409);
    await decide(funder, request, {
      decision: 'fund',
      value_date: await given.today(),
      reference: 'TRF-EVT',
    });
    await decide(funder, request, { decision: 'settle', amount: 4_000 });
    await decide(funder, request, { decision: 'settle', amount: 6_000 });

    const events = await eventsOf(funder.bankId);
    expect(events.map((e) => e.type)).toEqual([
      'request.routed',
      'offer.created',
      'request.approved',
      'notice.acknowledged',
      'notice.acknowledged',
      'request.funded',
      'settlement.recorded',
      'settlement.recorded',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const event of events) {
      expect(event).toMatchObject({ funder_id: funder.bankId, plane: 'live', api_version: '2026-09-23' });
      expect(event.id).toMatch(UUID);
    }
    expect(events[0]!.payload).toMatchObject({
      request: { id: request.id, assigned_bank_id: funder.bankId },
    });
    expect(events[1]!.payload).toMatchObject({
      request: { id: request.id, status: 'terms_sent', my_offer: { status: 'pending' } },
    });
    expect(events[2]!.payload).toMatchObject({
      request: { id: request.id, status: 'approved', my_offer: { status: 'accepted' } },
    });
    expect(events[3]!.payload).toMatchObject({
      request_id: request.id,
      level_achieved: 'acknowledgment',
      meets_requirement: true,
    });
    expect(events[5]!.payload).toMatchObject({
      request: { id: request.id, status: 'funded' },
      reference: 'TRF-EVT',
      amount: 8_000,
    });
    expect(events[7]!.payload).toMatchObject({ request_id: request.id, amount: 6_000, status: 'settled' });
  });

  it('an event on the demonstration plane goes to the demonstration funder, on plane demo', async () => {
    const sandbox = await given.demoFunder();
    const request = await given.routedRequest({ funder: sandbox, plane: 'demo' });
    const events = await eventsOf(sandbox.bankId);
    const routed = events.filter((e) => (e.payload.request as Body | undefined)?.id === request.id);
    expect(routed).toEqual([
      expect.objectContaining({ type: 'request.routed', plane: 'demo', api_version: '2026-09-23' }),
    ]);
  });

  it('every decision is kept on the evidence chain with the key that made it', async () => {
    const funder = await given.funder();
    const request = await given.settledRequest({ funder });
    const stepped = await given.approvedRequest({ funder });
    await decide(funder, stepped, { decision: 'decline', notes: 'Our insurer withdrew the cover.' });
    const declined = await given.routedRequest({ funder });
    await decide(funder, declined, {
      decision: 'decline',
      reason: 'sector_excluded',
      internal_note: 'Sector policy 4.2.',
    });
    const raised = await given.routedRequest({ funder });
    await consentLevel(funder, raised, { level: 'acceptance', reason: 'Large exposure on this debtor.' });

    const { rows } = await service.db.query<{
      kind: string;
      subject_id: string;
      plane: string;
      actor: Body;
      payload: Body;
    }>(
      `SELECT kind, subject_id, plane, actor, payload FROM evidence_entries
        WHERE funder_id = $1 AND (kind LIKE 'decision.%' OR kind = 'request.consent_level_raised') ORDER BY seq`,
      [funder.bankId],
    );
    expect(rows.map((r) => [r.kind, r.subject_id])).toEqual([
      ['decision.offer', request.id],
      ['decision.fund', request.id],
      ['decision.settle', request.id],
      ['decision.offer', stepped.id],
      ['decision.step_back', stepped.id],
      ['decision.decline', declined.id],
      ['request.consent_level_raised', raised.id],
    ]);
    for (const row of rows) {
      expect(row.plane).toBe('live');
      expect(row.actor).toMatchObject({ kind: 'funder_key', funder_id: funder.bankId, key_id: funder.keyId });
    }
    expect(rows[5]!.payload).toMatchObject({
      reason: 'sector_excluded',
      internal_note: 'Sector policy 4.2.',
    });
    expect(rows[6]!.payload).toMatchObject({
      from: 'acknowledgment',
      to: 'acceptance',
      reason: 'Large exposure on this debtor.',
    });
  });
});
