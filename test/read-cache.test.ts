import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE, runAs } from '../src/platform/db/actor.ts';
import { pruneReadChanges } from '../src/platform/read-cache.store.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';
import { type FunderFixture, type RequestsGiven, requestsGiven } from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';
import { drainJobs, runDueJobs } from './support/worker.ts';

/**
 * Kept answers (platform/read-cache, migrations 0063 and 0064): two servers on one database, each
 * keeping the request lists, packets, event logs and limit books it answered. A kept answer is served again only
 * while no write touched it and its time holds, and a write made through either server shows on
 * the other's next call. Both servers run with the
 * cache in `verify` (as every test service does): a kept answer served is also read afresh and
 * the call fails if the two differ, so the assertions below cannot pass on a stale answer the
 * server did not notice; the counters say which calls were served from what was kept.
 */

interface ListItem {
  id: string;
  status: string;
  company_name: string;
  my_offer: { status: string } | null;
  debtor_consent: { debtor_name: string; meets_requirement: boolean }[];
}

let database: TestDatabase;
let a: TestService;
let b: TestService;
let given: RequestsGiven;

beforeAll(async () => {
  database = await freshDatabase();
  const secretsKey = randomBytes(32);
  a = await startService({ database, secretsKey });
  b = await startService({ database, secretsKey });
  given = requestsGiven(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.drop();
});

/** How many calls of `service` ended each way so far (funder_api_read_cache_answers_total). */
async function outcomes(service: TestService): Promise<Record<'served' | 'changed' | 'read', number>> {
  const text = await service.runtime.metrics.render();
  const count = (outcome: string) =>
    Number(
      new RegExp(`^funder_api_read_cache_answers_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return { served: count('served'), changed: count('changed'), read: count('read') };
}

/** `GET path` on `service` with the funder's key, and what the server did to answer it. */
async function read<T>(service: TestService, funder: FunderFixture, path: string) {
  const before = await outcomes(service);
  const answer = await service.call<T>(funder.key, 'GET', path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const after = await outcomes(service);
  const how = after.served > before.served ? 'served' : after.changed > before.changed ? 'changed' : 'read';
  return { body: answer.body, how };
}

async function list(service: TestService, funder: FunderFixture, query = ''): Promise<ListItem[]> {
  return (await read<{ requests: ListItem[] }>(service, funder, `/v1/requests${query}`)).body.requests;
}

/** The list on `a`, and what `a` did to answer it: served what it kept, or read it again. */
async function listOnA(funder: FunderFixture, query = '') {
  const { body, how } = await read<{ requests: ListItem[] }>(a, funder, `/v1/requests${query}`);
  return { items: body.requests, how };
}

describe('the request list kept between calls', () => {
  it('is served again while nothing changed, and shows at once a write made through the other server', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });

    const first = await listOnA(funder);
    expect(first.how).toBe('read');
    expect(first.items.map((item) => [item.id, item.my_offer])).toEqual([[request.id, null]]);
    const again = await listOnA(funder);
    expect(again).toEqual({ items: first.items, how: 'served' });

    // The offer, through the other server: the next call on the first one shows it.
    expect(
      (
        await b.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
          body: { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 },
        })
      ).status,
    ).toBe(201);
    const offered = await listOnA(funder);
    expect(offered.how).toBe('changed');
    expect(offered.items[0]).toMatchObject({
      id: request.id,
      status: 'terms_sent',
      my_offer: { status: 'pending' },
    });
    expect((await listOnA(funder)).how).toBe('served');
  });

  it('is kept per funder, plane and query: another funder’s write does not touch it, a new routing does', async () => {
    const funder = await given.funder();
    const other = await given.funder();
    await given.routedRequest({ funder });
    await list(a, funder);
    await list(a, funder, '?status=all');
    expect((await listOnA(funder)).how).toBe('served');

    // Another funder's request and offer leave no mark on this funder's answers.
    const theirs = await given.routedRequest({ funder: other });
    await given.offerFrom(other, theirs);
    expect((await listOnA(funder)).how).toBe('served');
    expect((await listOnA(funder, '?status=all')).how).toBe('served');

    // A request routed to this funder is in its next answer, whichever query.
    const mine = await given.routedRequest({ funder });
    const open = await listOnA(funder);
    expect(open.how).toBe('changed');
    expect(open.items.map((item) => item.id)).toContain(mine.id);
    expect((await listOnA(funder, '?status=all')).items.map((item) => item.id)).toContain(mine.id);
  });

  it('shows the funder’s own decisions, its settings, and the companies’ new names', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, type: 'factoring' });
    await list(a, funder);

    // Declined through the other server: no longer open.
    expect(
      (
        await b.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
          body: { decision: 'decline', reason: 'concentration' },
        })
      ).status,
    ).toBe(200);
    const afterDecline = await listOnA(funder);
    expect(afterDecline.how).toBe('changed');
    expect(afterDecline.items.map((item) => item.id)).not.toContain(request.id);

    // The consent policy is part of each item: a settings write is a change.
    const next = await given.routedRequest({ funder, type: 'factoring' });
    await list(a, funder);
    expect(
      (
        await b.call(funder.key, 'PUT', '/v1/settings', {
          body: { require_counsel_approved_texts: true, reason: 'Counsel asked for approved texts' },
        })
      ).status,
    ).toBe(200);
    expect((await listOnA(funder)).how).toBe('changed');

    // A seller's and a debtor's names are shown by every funder's answers.
    await a.db.query('UPDATE sellers SET name = $2 WHERE id = $1', [next.seller.id, 'Renamed Seller SL']);
    const renamed = await listOnA(funder);
    expect(renamed.how).toBe('changed');
    expect(renamed.items.find((item) => item.id === next.id)?.company_name).toBe('Renamed Seller SL');
    await a.db.query('UPDATE debtors SET name = $2 WHERE id = $1', [
      next.debtors[0]!.id,
      'Renamed Debtor SA',
    ]);
    const debtorRenamed = await listOnA(funder);
    expect(debtorRenamed.how).toBe('changed');
    expect(
      debtorRenamed.items.find((item) => item.id === next.id)?.debtor_consent.map((c) => c.debtor_name),
    ).toContain('Renamed Debtor SA');
  });

  it('reads an offer as expired when its time comes, with no write in between', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder, offer: { valid_days: 1 } });
    const kept = await listOnA(funder);
    expect(kept.items.find((item) => item.id === request.id)?.my_offer?.status).toBe('pending');
    expect((await listOnA(funder)).how).toBe('served');

    await a.advanceClock(3 * 24 * 3600);
    const later = await listOnA(funder);
    expect(later.how).toBe('changed');
    expect(later.items.find((item) => item.id === request.id)?.my_offer?.status).toBe('expired');
  });
});

describe('the packet kept between calls', () => {
  interface Packet {
    score: { score: number; computed_at: string } | null;
    risk: { signals: { code: string }[]; disputes: { reason: string }[] };
    my_offer: { status: string } | null;
  }
  const packetOn = async (service: TestService, funder: FunderFixture, id: string) => {
    const { body, how } = await read<Packet>(service, funder, `/v1/requests/${id}`);
    return { packet: body, how };
  };
  /**
   * The worker's due jobs, the sellers' daily scoring among them, run through the worker, an
   * hour on (the scoring runs hourly).
   */
  async function runWorker(service: TestService) {
    await service.advanceClock(3600);
    await runDueJobs(service);
  }

  it('is read every time while its score is computed on the spot, and kept once the day’s score is stored', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const spot = await packetOn(a, funder, request.id);
    expect(spot.packet.score?.computed_at).toBe((await given.now()).toISOString());
    expect((await packetOn(a, funder, request.id)).how).toBe('read');

    // The worker stores the seller's score of the day: the packet shows it, and keeps it.
    await runWorker(b);
    const stored = await packetOn(a, funder, request.id);
    expect(stored.how).toBe('read');
    expect(stored.packet.score).toEqual({
      ...spot.packet.score,
      computed_at: (await given.now()).toISOString(),
    });
    expect((await packetOn(a, funder, request.id)).how).toBe('served');

    // The next day's scoring, the same outcome: the score's time moves, and the packet with it.
    await a.advanceClock(24 * 3600);
    expect((await packetOn(a, funder, request.id)).how).toBe('served');
    await runWorker(b);
    const rescored = await packetOn(a, funder, request.id);
    expect(rescored.how).toBe('changed');
    expect(rescored.packet.score?.computed_at).toBe((await given.now()).toISOString());
  });

  it('is kept once the worker ran after the routing, which asked for the seller’s score at once', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    expect((await packetOn(a, funder, request.id)).how).toBe('read');
    expect((await packetOn(a, funder, request.id)).how).toBe('read');
    // No hour passes: the job the routing queued is due now.
    await drainJobs(b);
    const stored = await packetOn(a, funder, request.id);
    expect(stored.packet.score?.computed_at).toBe((await given.now()).toISOString());
    expect((await packetOn(a, funder, request.id)).how).toBe('served');
  });

  it('shows a fraud signal and a dispute recorded through the other server', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await runWorker(b);
    await packetOn(a, funder, request.id);
    expect((await packetOn(a, funder, request.id)).how).toBe('served');

    const signal = await b.ops('POST', `/ops/v1/requests/${request.id}/risk-signals`, {
      code: 'amount_above_history',
      severity: 'low',
      hard: false,
    });
    expect(signal.status, JSON.stringify(signal.body)).toBe(201);
    const signalled = await packetOn(a, funder, request.id);
    expect(signalled.how).toBe('changed');
    expect(signalled.packet.risk.signals.map((s) => s.code)).toEqual(['amount_above_history']);

    const dispute = await b.ops('POST', `/ops/v1/requests/${request.id}/disputes`, {
      raised_by: 'debtor',
      reason: 'Goods returned',
    });
    expect(dispute.status, JSON.stringify(dispute.body)).toBe(201);
    const disputed = await packetOn(a, funder, request.id);
    expect(disputed.how).toBe('changed');
    expect(disputed.packet.risk.disputes.map((d) => d.reason)).toEqual(['Goods returned']);
    expect((await packetOn(a, funder, request.id)).how).toBe('served');
  });

  it('reads its offer as expired when its time comes, and another funder’s packet apart', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder, offer: { valid_days: 1 } });
    await runWorker(b);
    expect((await packetOn(a, funder, request.id)).packet.my_offer?.status).toBe('pending');
    expect((await packetOn(a, funder, request.id)).how).toBe('served');
    const other = await given.funder();
    const theirs = await given.routedRequest({ funder: other });
    await given.offerFrom(other, theirs);
    expect((await packetOn(a, funder, request.id)).how).toBe('served');

    await a.advanceClock(3 * 24 * 3600);
    const later = await packetOn(a, funder, request.id);
    expect(later.how).toBe('changed');
    expect(later.packet.my_offer?.status).toBe('expired');
  });
});

describe('the event log kept between calls', () => {
  interface EventPage {
    count: number;
    events: { id: string; type: string }[];
    poll_cursor: string | null;
  }
  const eventsOn = async (service: TestService, funder: FunderFixture, query = '') => {
    const { body, how } = await read<EventPage>(service, funder, `/v1/events${query}`);
    return { page: body, how };
  };

  it('is served again until an event of the funder is added, whichever server adds it', async () => {
    const funder = await given.funder();
    await given.routedRequest({ funder });
    const first = await eventsOn(a, funder);
    expect(first.page.events.map((e) => e.type)).toEqual(['request.routed']);
    expect((await eventsOn(a, funder)).how).toBe('served');

    // Another routing, through the other server's helpers: a new event on the next call.
    await requestsGiven(b).routedRequest({ funder });
    const next = await eventsOn(a, funder);
    expect(next.how).toBe('changed');
    expect(next.page.events.map((e) => e.type)).toEqual(['request.routed', 'request.routed']);
    // A follower's page after the last event: kept apart, empty until the next one.
    const tail = await eventsOn(a, funder, `?after=${next.page.poll_cursor}`);
    expect(tail.page.count).toBe(0);
    expect((await eventsOn(a, funder, `?after=${next.page.poll_cursor}`)).how).toBe('served');
  });

  it('is served again after the dispatcher fanned its events out: a dispatch changes nothing it shows', async () => {
    const funder = await given.funder();
    await given.routedRequest({ funder });
    const undispatched = async () =>
      (
        await a.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM outbox_events WHERE funder_id = $1 AND dispatched_at IS NULL',
          [funder.bankId],
        )
      ).rows[0]!.n;
    const first = await eventsOn(a, funder);
    expect(first.page.events.map((e) => e.type)).toEqual(['request.routed']);
    expect(await undispatched()).toBe(1);

    // The other server's dispatcher fans the event out (to no endpoint): the kept log holds.
    await b.runtime.createDispatcher().drain();
    expect(await undispatched()).toBe(0);
    const after = await eventsOn(a, funder);
    expect(after).toEqual({ page: first.page, how: 'served' });
  });

  it('drops an event once it is past the log’s 30 days, with no write in between', async () => {
    const funder = await given.funder();
    await given.routedRequest({ funder });
    expect((await eventsOn(a, funder)).page.count).toBe(1);
    expect((await eventsOn(a, funder)).how).toBe('served');
    await a.advanceClock(31 * 24 * 3600);
    const later = await eventsOn(a, funder);
    expect(later.how).toBe('changed');
    expect(later.page.count).toBe(0);
  });
});

describe('the limit books kept between calls', () => {
  interface DebtorLine {
    debtor_tax_id: string;
    limit_amount: number | null;
    outstanding: number;
    offered: number;
    seller_marked_paid: unknown[];
  }
  const bookOn = async (service: TestService, funder: FunderFixture, path = '/v1/credit-limits') => {
    const { body, how } = await read<{ debtors: DebtorLine[]; sellers: { seller_name: string }[] }>(
      service,
      funder,
      path,
    );
    return { book: body, how };
  };

  it('show a limit set and an invoice marked paid through the other server, and the seller’s new name', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, type: 'factoring' });
    const debtor = request.debtors[0]!;
    const first = await bookOn(a, funder);
    expect(first.book.debtors.find((d) => d.debtor_tax_id === debtor.tax_id)?.outstanding).toBeGreaterThan(0);
    expect((await bookOn(a, funder)).how).toBe('served');

    // A limit set through the other server.
    expect(
      (
        await b.call(funder.key, 'PUT', '/v1/credit-limits', {
          body: { debtor_tax_id: debtor.tax_id, debtor_country: debtor.country, amount: 250000 },
        })
      ).status,
    ).toBe(200);
    const limited = await bookOn(a, funder);
    expect(limited.how).toBe('changed');
    expect(limited.book.debtors.find((d) => d.debtor_tax_id === debtor.tax_id)?.limit_amount).toBe(250000);
    expect((await bookOn(a, funder)).how).toBe('served');

    // The seller's invoicing software marks an invoice paid: the book lists it.
    await a.db.query('UPDATE invoices SET seller_marked_paid_at = $2 WHERE id = $1', [
      request.invoices[0]!.id,
      await given.now(),
    ]);
    const marked = await bookOn(a, funder);
    expect(marked.how).toBe('changed');
    expect(
      marked.book.debtors.find((d) => d.debtor_tax_id === debtor.tax_id)?.seller_marked_paid,
    ).toHaveLength(1);

    // The seller book names the seller as it is named now.
    await bookOn(a, funder, '/v1/seller-limits');
    expect((await bookOn(a, funder, '/v1/seller-limits')).how).toBe('served');
    await a.db.query('UPDATE sellers SET name = $2 WHERE id = $1', [request.seller.id, 'Book Renamed SL']);
    const renamed = await bookOn(a, funder, '/v1/seller-limits');
    expect(renamed.how).toBe('changed');
    expect(renamed.book.sellers.map((line) => line.seller_name)).toContain('Book Renamed SL');
  });

  it('count an offer as offered until it expires, with no write in between', async () => {
    const funder = await given.funder();
    await given.offeredRequest({ funder, offer: { valid_days: 1 } });
    const offered = async () => (await bookOn(a, funder)).book.debtors.reduce((sum, d) => sum + d.offered, 0);
    expect(await offered()).toBeGreaterThan(0);
    expect((await bookOn(a, funder)).how).toBe('served');
    await a.advanceClock(3 * 24 * 3600);
    expect(await offered()).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a write still running when the answer was kept', () => {
  it('shows on the first call after it commits', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const owner = database.superuser();
    try {
      await runAs(GATE, () =>
        owner.transaction(async (tx) => {
          await tx.query('UPDATE sellers SET name = $2 WHERE id = $1', [
            request.seller.id,
            'Committed Later SL',
          ]);
          // Kept while the rename runs: the answer's snapshot does not see it, nor does the check.
          const during = await listOnA(funder);
          expect(during.items[0]?.company_name).toBe(request.seller.name);
          expect((await listOnA(funder)).how).toBe('served');
        }),
      );
    } finally {
      await owner.close();
    }
    const after = await listOnA(funder);
    expect(after.how).toBe('changed');
    expect(after.items[0]?.company_name).toBe('Committed Later SL');
  });
});

describe('the upkeep of the change marks', () => {
  it('removes the marks of transactions that ended before its horizon, and a kept answer holds after', async () => {
    const funder = await given.funder();
    await given.routedRequest({ funder });
    const marks = async (olderThanHorizon: boolean) =>
      Number(
        (
          await a.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM read_changes
              WHERE funder_id = $1 AND (NOT $2 OR xid < (SELECT oldest_xid FROM read_change_horizons
                                                         ORDER BY taken_at DESC LIMIT 1))`,
            [funder.bankId, olderThanHorizon],
          )
        ).rows[0]!.n,
      );
    expect(await marks(false)).toBeGreaterThan(0);
    await list(a, funder);
    // A horizon of no age: the oldest transaction running now, whatever else runs meanwhile.
    await pruneReadChanges(a.db, 0);
    expect(await marks(true)).toBe(0);
    // The embedded database runs nothing else: every mark of this funder's ended writes went.
    if (!process.env.TEST_DATABASE_URL) expect(await marks(false)).toBe(0);
    expect((await listOnA(funder)).how).toBe('served');
    await given.routedRequest({ funder });
    expect(await marks(false)).toBeGreaterThan(0);
    expect((await listOnA(funder)).how).toBe('changed');
  });
});
