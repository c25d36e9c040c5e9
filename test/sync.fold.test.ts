import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type FunderFixture, type RoutedRequest, requestsGiven } from './support/requests-fixtures.ts';
import { type Answer, startGiven } from './support/service.ts';
import { runDueJobs } from './support/worker.ts';

/**
 * The guarantee an integration builds on (issue 43, docs/webhooks.md, "Keeping a copy in step"):
 * it follows GET /v1/events from the start, or from any cursor it kept, and applies each
 * request event's `request` (dropping the request when it is null); its copy then holds what
 * GET /v1/requests/{id} answers for every request, whoever moved them. Two funders' requests
 * walk every transition at once (offers, replacements, the seller's answers, the debtors',
 * fundings, settlements, declines and a step back, a cancellation, re-routings, a raised
 * consent level, an offer left to expire), then each funder folds its log.
 */

type Item = Record<string, unknown> & { id: string };
type Event = { type: string; cursor: string; data: { request_id?: string; request?: Item | null } };

/** The fields of a list item, taken from the packet GET /v1/requests/{id} answers. */
function itemOf(packet: {
  request: Record<string, unknown>;
  my_offer: Record<string, unknown> | null;
  debtor_consent: Record<string, unknown>[];
}): Record<string, unknown> {
  const pick = (source: Record<string, unknown>, keys: readonly string[]) =>
    Object.fromEntries(keys.map((key) => [key, source[key]]));
  const { debtor_consent: _detail, ...request } = packet.request;
  return {
    ...request,
    my_offer: packet.my_offer
      ? pick(packet.my_offer, [
          'funding_request_id',
          'rate',
          'advance_pct',
          'days',
          'status',
          'submitted_at',
          'accepted_at',
        ])
      : null,
    debtor_consent: packet.debtor_consent.map((d) =>
      pick(d, [
        'debtor_name',
        'debtor_tax_id',
        'status',
        'level_required',
        'level_achieved',
        'meets_requirement',
      ]),
    ),
  };
}

const { service } = startGiven();

describe('following the event log', () => {
  it('keeps a copy of every request that equals what GET /v1/requests/{id} answers, on both funders', async () => {
    const given = requestsGiven(service);
    const a = await given.funder();
    const b = await given.funder();
    const decide = async (funder: FunderFixture, request: { id: string }, body: Record<string, unknown>) => {
      const answer = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, { body });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    };
    const today = await given.today();
    const fund = (funder: FunderFixture, request: RoutedRequest) =>
      decide(funder, request, {
        decision: 'fund',
        value_date: today,
        reference: `TRF-${request.id.slice(0, 8)}`,
      });
    const toB = async (request: RoutedRequest) => {
      await given.sellerMeetsDocumentListOf(b, request.seller);
      await given.routed(request, b);
    };

    // Each walk moves one request; the walks run at the same time, twice over.
    const walks: ((n: number) => Promise<string>)[] = [
      async () => {
        const r = await given.offeredRequest({ funder: a, invoices: [{ amount: 6_000 }, { amount: 4_000 }] });
        await given.sellerAccepts(r);
        await given.debtorAnswers(r, { answer: 'acknowledged' });
        await fund(a, r);
        await decide(a, r, { decision: 'settle', amount: 4_000 });
        await decide(a, r, { decision: 'settle', amount: 6_000 });
        return r.id;
      },
      async () => (await given.rejectedRequest({ funder: a })).id,
      async () => (await given.declinedRequest({ funder: a })).id,
      async () => {
        // Terms replaced, then the request handed to B, which A still reads (it acted on it).
        const r = await given.offeredRequest({ funder: a });
        await decide(a, r, { decision: 'offer', rate: 2.1, advance_pct: 85 });
        await toB(r);
        await given.offerFrom(b, r);
        await given.sellerAccepts(r);
        await given.debtorAnswers(r, { answer: 'acknowledged' });
        await fund(b, r);
        return r.id;
      },
      async () => (await given.cancelledRequest({ funder: a })).id,
      async () => {
        const r = await given.routedRequest({ funder: a });
        await service.call(a.key, 'POST', `/v1/requests/${r.id}/consent-level`, {
          body: { level: 'acceptance', reason: 'Raised for the fold' },
        });
        await given.debtorAnswers(r, { answer: 'disputed', reason: 'Goods not received' });
        return r.id;
      },
      async () => {
        const r = await given.routedRequest({ funder: a });
        await given.offerFrom(a, r, { valid_days: 1 });
        return r.id;
      },
      async () => {
        // Routed to A, never acted on, then routed to B: A no longer sees it.
        const r = await given.routedRequest({ funder: a });
        await toB(r);
        return r.id;
      },
      async () => {
        const r = await given.approvedRequest({ funder: a });
        await decide(a, r, { decision: 'decline', notes: 'We step back from these terms, sorry.' });
        return r.id;
      },
    ];
    const ids = await Promise.all([0, 1].flatMap((n) => walks.map((walk) => walk(n))));

    // Two days on, the offer valid one day has expired; the worker tells its funder, and relays
    // what B did to the request A still reads.
    const moved = await service.ops('POST', '/ops/v1/clock', { advance_seconds: 2 * 86_400 });
    expect(moved.status).toBe(200);
    await runDueJobs(service);

    const figures: Record<string, unknown>[] = [];
    for (const funder of [a, b]) {
      // The log read in pages of 7, folded; half-way the cursor is kept and the walk resumed from it.
      const events: Event[] = [];
      let after: string | null = null;
      for (let page = 0; page < 500; page++) {
        const query: URLSearchParams = new URLSearchParams({ limit: '7', ...(after ? { after } : {}) });
        const answer: Answer<{ events: Event[]; has_more: boolean; next_cursor: string | null }> =
          await service.call<{ events: Event[]; has_more: boolean; next_cursor: string | null }>(
            funder.key,
            'GET',
            `/v1/events?${query}`,
          );
        expect(answer.status).toBe(200);
        events.push(...answer.body.events);
        if (!answer.body.has_more) break;
        after = answer.body.next_cursor;
      }
      const half = Math.floor(events.length / 2);
      const kept = events[half - 1]!.cursor;
      const resumed = await service.call<{ events: Event[] }>(
        funder.key,
        'GET',
        `/v1/events?after=${kept}&limit=200`,
      );
      expect(resumed.body.events.map((e) => e.cursor)).toEqual(events.slice(half).map((e) => e.cursor));

      const copy = new Map<string, Item>();
      let folded = 0;
      for (const event of [...events.slice(0, half), ...resumed.body.events]) {
        if (!event.data.request_id || !('request' in event.data)) continue;
        folded++;
        if (event.data.request) copy.set(event.data.request_id, event.data.request);
        else copy.delete(event.data.request_id);
      }

      const mismatches: string[] = [];
      for (const id of new Set([...ids, ...copy.keys()])) {
        const packet = await service.call<Parameters<typeof itemOf>[0]>(
          funder.key,
          'GET',
          `/v1/requests/${id}`,
        );
        if (packet.status === 404) {
          if (copy.has(id)) mismatches.push(`${id}: kept, but no longer visible`);
          continue;
        }
        expect(packet.status).toBe(200);
        const expected = itemOf(packet.body);
        if (!isDeepStrictEqual(copy.get(id) ?? null, expected)) {
          mismatches.push(`${id}: ${JSON.stringify(copy.get(id) ?? null)} != ${JSON.stringify(expected)}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(folded).toBeGreaterThan(0);
      figures.push({
        funder: funder === a ? 'a' : 'b',
        events: events.length,
        folded,
        requests: copy.size,
        mismatches: 0,
      });
    }
    // A saw every kind of change; B the requests handed to it.
    console.info(`fold figures: ${JSON.stringify(figures)}`);
  }, 300_000);
});
