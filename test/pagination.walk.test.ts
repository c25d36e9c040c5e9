/**
 * Cursor pagination (docs/decisions/platform.md, "Pages"). The request list is walked to its end
 * in pages of 50 with `status=all` while other requests are created and some change status
 * between pages; the walk is compared with the requests file of an export built when the walk
 * began: every request that existed then comes exactly once. Every other paged list is walked
 * page by page to its end and compared with the whole list, and refuses a cursor that is not
 * one of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs, getExport, readAll, unzipExport } from './support/exports.ts';
import {
  type FunderFixture,
  type RequestsGiven,
  requestsGiven,
  type SellerFixture,
} from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

let service: TestService;
let given: RequestsGiven;
let funder: FunderFixture;
let seller: SellerFixture;

/** How many requests the walk starts with. */
const WALKED = 1000;

interface Page {
  count: number;
  has_more: boolean;
  next_cursor: string | null;
  [items: string]: unknown;
}

/** Every page of `path` (its query ending so `&cursor=` can follow), and the items of each. */
async function walk(key: string, path: string, items: string, between?: (page: number) => Promise<void>) {
  const seen: { id: string }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  for (;;) {
    const url: string = cursor === null ? path : `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`;
    const answer = await service.call<Page>(key, 'GET', url);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const got = answer.body[items] as { id: string }[];
    expect(answer.body.count).toBe(got.length);
    seen.push(...got);
    pages += 1;
    expect(answer.body.has_more).toBe(answer.body.next_cursor !== null);
    if (!answer.body.has_more) return { seen, pages };
    cursor = answer.body.next_cursor;
    if (between) await between(pages);
  }
}

/** A request of the funder's seller routed to the funder, made with the fewest calls. */
async function routedRequest() {
  const invoice = await given.invoice(seller);
  const created = await service.ops<{ request_id: string }>('POST', '/ops/v1/requests', {
    seller_id: seller.id,
    type: 'factoring',
    invoice_ids: [invoice.id],
    status: 'submitted',
  });
  expect(created.status).toBe(201);
  const routed = await service.ops('POST', `/ops/v1/requests/${created.body.request_id}/route`, {
    bank_id: funder.bankId,
  });
  expect(routed.status).toBe(200);
  return created.body.request_id;
}

beforeAll(async () => {
  service = await startService();
  given = requestsGiven(service);
  funder = await given.funder({ environment: 'live' });
  seller = await given.liveSeller();
  await given.sellerMeetsDocumentListOf(funder, seller);
}, 60_000);
afterAll(async () => service?.close());

describe('walking GET /v1/requests', () => {
  it(`walks ${WALKED} requests in pages of 50 while others are created and change status, as the export has them`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < WALKED; i++) {
      ids.push(await routedRequest());
      // Creation times apart and equal in turn: the order's second column (the reference) decides ties.
      if (i % 3 === 0) await service.advanceClock(1);
    }
    const queued = await service.call<{ export: { id: string } }>(funder.key, 'POST', '/v1/exports', {
      body: {},
    });
    expect(queued.status).toBe(202);
    await drainJobs(service);
    const files = await readAll(
      await unzipExport(service, await getExport(service, funder.key, queued.body.export.id)),
    );
    const exported = files
      .get('requests.jsonl')!
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(new Set(exported)).toEqual(new Set(ids));

    const added: string[] = [];
    let moved = 0;
    const { seen, pages } = await walk(
      funder.key,
      '/v1/requests?status=all&limit=50',
      'requests',
      async (page) => {
        // New requests (newer than the walk's start) and a change of status on one already
        // shown and on one not yet shown.
        added.push(await routedRequest());
        await given.opsMove({ id: ids[page * 7]! }, 'review');
        await given.opsMove({ id: ids[WALKED - 1 - page * 7]! }, 'review');
        moved += 2;
      },
    );
    const walked = seen.map((r) => r.id);
    const repeats = walked.length - new Set(walked).size;
    const missing = exported.filter((id) => !walked.includes(id));
    const strangers = walked.filter((id) => !exported.includes(id) && !added.includes(id));
    console.log(
      `pagination walk: ${exported.length} exported, ${walked.length} walked in ${pages} pages, ` +
        `${added.length} added and ${moved} moved during the walk, ${repeats} repeated, ${missing.length} missing`,
    );
    expect({ repeats, missing, strangers }).toEqual({ repeats: 0, missing: [], strangers: [] });
  }, 600_000);

  it('binds a cursor to its status filter', async () => {
    const first = await service.call<Page>(funder.key, 'GET', '/v1/requests?status=all&limit=2');
    const cursor = first.body.next_cursor!;
    expect(
      (await service.call<Page>(funder.key, 'GET', `/v1/requests?status=all&limit=2&cursor=${cursor}`))
        .status,
    ).toBe(200);
    const other = await service.call<{ error: { code: string } }>(
      funder.key,
      'GET',
      `/v1/requests?status=under_review&limit=2&cursor=${cursor}`,
    );
    expect([other.status, other.body.error.code]).toEqual([422, 'cursor_invalid']);
  });
});

describe('every other paged list', () => {
  let hookId: string;
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const made = await service.call(funder.key, 'POST', '/v1/prescribers', {
        body: { name: `Asesoria ${i} SL` },
      });
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
      const limit = await service.call(funder.key, 'PUT', '/v1/credit-limits', {
        body: { debtor_tax_id: `B1000000${i}`, debtor_country: 'ES', amount: 1000 * (i + 1) },
      });
      expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    }
    const hook = await service.call<{ webhook: { id: string } }>(funder.key, 'POST', '/v1/webhooks', {
      body: { url: 'https://hooks.acme-bank.com/funder-api' },
    });
    expect(hook.status).toBe(201);
    hookId = hook.body.webhook.id;
    for (let i = 0; i < 3; i++) {
      expect((await service.call(funder.key, 'POST', `/v1/webhooks/${hookId}/test`)).status).toBe(202);
    }
    await drainJobs(service);
  }, 120_000);

  /** Each list: its path, the member holding its items, and the page size the walk takes. */
  const lists = (): { path: string; items: string; id: (item: Record<string, unknown>) => string }[] => [
    { path: '/v1/prescribers', items: 'prescribers', id: (p) => p.id as string },
    { path: '/v1/credit-limits', items: 'debtors', id: (d) => `${d.debtor_country}:${d.debtor_tax_id}` },
    { path: '/v1/seller-limits', items: 'sellers', id: (s) => s.seller_id as string },
    { path: '/v1/exports', items: 'exports', id: (e) => e.id as string },
    { path: `/v1/webhooks/${hookId}/deliveries`, items: 'deliveries', id: (d) => d.id as string },
    { path: '/v1/client-invitations', items: 'invitations', id: (i) => i.id as string },
    { path: '/v1/onboarding-links', items: 'onboarding_links', id: (o) => o.id as string },
    { path: '/v1/recourse', items: 'claims', id: (c) => c.id as string },
    { path: '/v1/early-payments', items: 'early_payments', id: (e) => e.id as string },
    { path: '/v1/opportunities', items: 'lines', id: (l) => `${l.position}` },
  ];

  it('walks each list in pages of one to its end, as the whole list has it', async () => {
    for (const list of lists()) {
      const whole = await service.call<Page>(funder.key, 'GET', `${list.path}?limit=200`);
      expect(whole.status, list.path).toBe(200);
      expect([list.path, whole.body.has_more, whole.body.next_cursor]).toEqual([list.path, false, null]);
      const all = (whole.body[list.items] as Record<string, unknown>[]).map(list.id);
      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `${list.path}?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
        const answer = await service.call<Page>(funder.key, 'GET', url);
        expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
        pages.push(...(answer.body[list.items] as Record<string, unknown>[]).map(list.id));
        cursor = answer.body.next_cursor;
      } while (cursor !== null);
      expect([list.path, pages]).toEqual([list.path, all]);
    }
    // The lists that had no limit answer as before without one: the whole list, no next page.
    const book = await service.call<Page>(funder.key, 'GET', '/v1/credit-limits');
    expect([book.body.count, book.body.has_more, book.body.next_cursor]).toEqual([5, false, null]);
  });

  it('refuses a cursor that is not one of the list’s own with 422 cursor_invalid', async () => {
    const foreign = (await service.call<Page>(funder.key, 'GET', '/v1/prescribers?limit=1')).body
      .next_cursor!;
    const requests = (await service.call<Page>(funder.key, 'GET', '/v1/requests?status=all&limit=1')).body
      .next_cursor!;
    const bad = [
      'bm90LWEtY3Vyc29y', // base64url of a text that is no cursor
      '%25%25', // not base64url
      Buffer.from(JSON.stringify(['requests', 'all', 'not a time', 'FR'])).toString('base64url'),
    ];
    for (const list of [{ path: '/v1/requests' }, ...lists()]) {
      const own = list.path === '/v1/prescribers' ? requests : foreign;
      for (const cursor of [...bad, own]) {
        const answer = await service.call<{ error: { code: string } }>(
          funder.key,
          'GET',
          `${list.path}?cursor=${cursor}`,
        );
        expect([list.path, cursor, answer.status, answer.body.error?.code]).toEqual([
          list.path,
          cursor,
          422,
          'cursor_invalid',
        ]);
      }
    }
  });
});
