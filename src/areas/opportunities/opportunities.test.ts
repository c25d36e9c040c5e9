import { describe, expect, it } from 'vitest';
import { clientsGiven } from '../../../test/support/clients-given.ts';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { expectError } from '../../../test/support/errors.ts';
import type {
  FunderFixture,
  InvoiceFixture,
  SellerFixture,
} from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven();
const clients = clientsGiven(service);

interface Line {
  kind: string;
  reason: string | null;
  invoice_id: string;
  number: string;
  amount: number;
  currency: string;
  due_date: string | null;
  debtor: { name: string; tax_id: string; country: string };
  client: {
    seller_id: string;
    name: string;
    tax_id: string;
    sector: string | null;
    grade: string | null;
    size_band: string | null;
  };
}
interface Digest {
  digest_id: string;
  date: string;
  stale: boolean;
  snapshot_at: string | null;
  clients: { sharing: number; not_sharing: number };
  eligible: { count: number; total: number };
  new: { count: number; total: number };
  changes: { paid: number; disputed: number; no_longer_eligible: number };
  currency: string;
  line_count: number;
  lines: string;
}
interface Answer {
  funder: { bank_id: string };
  date: string | null;
  digest: Digest | null;
  lines: Line[];
  next: string | null;
}

/** Two workers, side by side, until nothing is due. */
async function drainWithTwoWorkers() {
  const a = service.runtime.createWorker();
  const b = service.runtime.createWorker();
  for (let i = 0; i < 20; i++) {
    const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
    if (x + y === 0) break;
  }
}

async function digestOf(funder: FunderFixture, query = ''): Promise<Answer> {
  const answer = await service.call<Answer>(funder.key, 'GET', `/v1/opportunities${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A live approved seller that becomes the funder's client through its open link. */
async function clientOf(linkId: string): Promise<SellerFixture> {
  const seller = await given.liveSeller();
  const arrived = await clients.arrive(linkId, {
    company_name: seller.name,
    tax_id: seller.tax_id,
    country: seller.country,
    email: 'admin@company.example',
  });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(201);
  const accepted = await clients.accept(arrived.body.invitation.id);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.invitation.seller_id).toBe(seller.id);
  return seller;
}

async function share(seller: SellerFixture, sharing: boolean) {
  const answer = await service.ops('POST', '/ops/v1/opportunities/sharing', {
    seller_id: seller.id,
    sharing,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { changed: boolean };
}

async function exitLedger(invoice: InvoiceFixture, exit: 'cancelled' | 'removed') {
  const answer = await service.ops('POST', `/ops/v1/invoices/${invoice.id}/ledger-exit`, { exit });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { changed: boolean };
}

async function digestRows(funder: FunderFixture) {
  const { rows } = await service.db.query<{ digest_date: string; n: number }>(
    `SELECT digest_date::text, count(*)::int AS n FROM opportunity_digests WHERE funder_id = $1
      GROUP BY digest_date ORDER BY digest_date`,
    [funder.bankId],
  );
  return rows;
}

async function dailyEvents(funder: FunderFixture) {
  const { rows } = await service.db.query<{ payload: { date: string } }>(
    `SELECT payload FROM outbox_events WHERE type = 'opportunities.daily' AND funder_id = $1 ORDER BY created_at`,
    [funder.bankId],
  );
  return rows.map((r) => r.payload.date);
}

const byNumber = (lines: Line[]) => new Map(lines.map((l) => [l.number, l]));

describe('the nightly prequalification and the morning digest', () => {
  let funder: FunderFixture;
  let a: SellerFixture;
  let b: SellerFixture;
  let e: SellerFixture;
  let quiet: SellerFixture;
  const inv: Record<string, InvoiceFixture> = {};

  it('first morning: the eligible invoices of sharing clients are new, nothing before 06:30', async () => {
    funder = await given.funder();
    const link = await clients.newLink(funder);
    expect(link.status).toBe(201);
    const linkId = link.body.client_link.id;
    a = await clientOf(linkId);
    b = await clientOf(linkId);
    e = await clientOf(linkId);
    quiet = await clientOf(linkId);
    const stranger = await given.liveSeller();
    for (const s of [a, b, e]) expect((await share(s, true)).changed).toBe(true);
    expect((await share(a, true)).changed).toBe(false);
    for (const name of ['paid', 'disputed', 'requested', 'cancelled', 'removed', 'rules', 'kept']) {
      inv[name] = await given.invoice(a, { amount: 10_000 });
    }
    inv.undated = await given.invoice(a, { dueInDays: null });
    inv.shared = await given.invoice(b, { amount: 2_500.5 });
    inv.left = await given.invoice(e, { amount: 4_000 });
    inv.quiet = await given.invoice(quiet);
    inv.stranger = await given.invoice(stranger);

    // The worker starts on Friday 20 at 10:30: the nightly job waits for 01:00.
    await service.runtime.scheduleMaintenance();
    await drainWithTwoWorkers();
    expect(await digestRows(funder)).toEqual([]);

    await moveClockToMadrid(service, '2026-11-21', '01:00');
    // Two workers, and the night started twice: still one run per funder and night.
    await Promise.all([
      service.runtime.services.opportunities.startNight('2026-11-21'),
      service.runtime.services.opportunities.startNight('2026-11-21'),
    ]);
    await drainWithTwoWorkers();
    const { rows: runs } = await service.db.query<{ status: string }>(
      `SELECT status FROM opportunity_runs WHERE funder_id = $1`,
      [funder.bankId],
    );
    expect(runs).toEqual([{ status: 'completed' }]);

    await moveClockToMadrid(service, '2026-11-21', '06:29');
    await drainWithTwoWorkers();
    const early = await digestOf(funder);
    expect(early).toMatchObject({ date: null, digest: null, lines: [], next: null });
    expect(await digestRows(funder)).toEqual([]);

    await moveClockToMadrid(service, '2026-11-21', '06:30');
    await drainWithTwoWorkers();
    const first = await digestOf(funder);
    expect(first.date).toBe('2026-11-21');
    expect(first.digest).toMatchObject({
      date: '2026-11-21',
      stale: false,
      clients: { sharing: 3, not_sharing: 1 },
      eligible: { count: 9, total: 76_500.5 },
      new: { count: 9, total: 76_500.5 },
      changes: { paid: 0, disputed: 0, no_longer_eligible: 0 },
      currency: 'EUR',
      line_count: 9,
      lines: '/v1/opportunities?date=2026-11-21',
    });
    expect(first.lines.every((l) => l.kind === 'new' && l.reason === null)).toBe(true);
    const numbers = new Set(first.lines.map((l) => l.number));
    for (const name of ['undated', 'quiet', 'stranger']) expect(numbers.has(inv[name]!.number)).toBe(false);
    const line = byNumber(first.lines).get(inv.shared!.number)!;
    expect(line).toMatchObject({
      invoice_id: inv.shared!.id,
      amount: 2_500.5,
      currency: 'EUR',
      due_date: inv.shared!.due_date,
      debtor: { name: inv.shared!.debtor.name, tax_id: inv.shared!.debtor.tax_id, country: 'ES' },
      client: { seller_id: b.id, name: b.name, tax_id: b.tax_id, sector: 'C', size_band: 'small' },
    });
    expect(await dailyEvents(funder)).toEqual(['2026-11-21']);
  });

  it('pages the lines with limit and the next path', async () => {
    const page = await digestOf(funder, '?limit=4');
    expect(page.lines).toHaveLength(4);
    expect(page.next).toBe('/v1/opportunities?date=2026-11-21&offset=4&limit=4');
    const second = await digestOf(funder, page.next!.slice('/v1/opportunities'.length));
    const third = await digestOf(funder, second.next!.slice('/v1/opportunities'.length));
    expect(third.next).toBeNull();
    const all = [...page.lines, ...second.lines, ...third.lines].map((l) => l.invoice_id);
    expect(new Set(all).size).toBe(9);
  });

  it('second morning: new first, then paid, disputed and every no-longer-eligible reason', async () => {
    await moveClockToMadrid(service, '2026-11-21', '10:00');
    const paid = await service.ops('POST', `/ops/v1/invoices/${inv.paid!.id}/seller-paid`, {
      paid_at: '2026-11-21T08:30:00Z',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const disputedRequest = await service.ops<{ request_id: string }>('POST', '/ops/v1/requests', {
      seller_id: a.id,
      type: 'factoring',
      invoice_ids: [inv.disputed!.id],
      status: 'submitted',
    });
    expect(disputedRequest.status).toBe(201);
    await given.dispute({ id: disputedRequest.body.request_id }, { invoice: inv.disputed! });
    const requested = await service.ops('POST', '/ops/v1/requests', {
      seller_id: a.id,
      type: 'factoring',
      invoice_ids: [inv.requested!.id],
      status: 'submitted',
    });
    expect(requested.status).toBe(201);
    expect((await exitLedger(inv.cancelled!, 'cancelled')).changed).toBe(true);
    expect((await exitLedger(inv.removed!, 'removed')).changed).toBe(true);
    expect((await exitLedger(inv.removed!, 'cancelled')).changed).toBe(false);
    const limit = await service.call(funder.key, 'PUT', '/v1/credit-limits', {
      body: { debtor_tax_id: inv.rules!.debtor.tax_id, debtor_country: 'ES', amount: 1_000 },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    await share(b, false);
    // The client leaves the funder's network (the operations team records it).
    const left = await service.ops('POST', `/ops/v1/clients/${e.id}/leave`, {
      reason: 'The company moved its invoices elsewhere',
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect((left.body as { changed: boolean }).changed).toBe(true);
    inv.fresh = await given.invoice(a, { amount: 1_234 });

    await moveClockToMadrid(service, '2026-11-22', '01:00');
    await drainWithTwoWorkers();
    await moveClockToMadrid(service, '2026-11-22', '06:30');
    await drainWithTwoWorkers();
    const second = await digestOf(funder);
    expect(second.digest).toMatchObject({
      date: '2026-11-22',
      stale: false,
      clients: { sharing: 1, not_sharing: 2 },
      eligible: { count: 2, total: 11_234 },
      new: { count: 1, total: 1_234 },
      changes: { paid: 1, disputed: 1, no_longer_eligible: 6 },
      line_count: 9,
    });
    expect(second.lines.map((l) => [l.number, l.kind, l.reason])).toEqual([
      [inv.fresh.number, 'new', null],
      [inv.paid!.number, 'paid', null],
      [inv.disputed!.number, 'disputed', null],
      ...second.lines.slice(3).map((l) => [l.number, 'no_longer_eligible', l.reason]),
    ]);
    const reasons = new Map(second.lines.slice(3).map((l) => [l.number, l.reason]));
    expect(Object.fromEntries(reasons)).toEqual({
      [inv.requested!.number]: 'requested',
      [inv.cancelled!.number]: 'cancelled',
      [inv.removed!.number]: 'removed',
      [inv.left!.number]: 'left_programme',
      [inv.shared!.number]: 'not_shared',
      [inv.rules!.number]: 'rules',
    });
    expect(byNumber(second.lines).get(inv.paid!.number)!.amount).toBe(0);
    expect(byNumber(second.lines).get(inv.requested!.number)!.amount).toBe(10_000);
    // The first morning's digest reads the same.
    const again = await digestOf(funder, '?date=2026-11-21');
    expect(again.digest!.new.count).toBe(9);
    expect(again.lines).toHaveLength(9);
    expect(await dailyEvents(funder)).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('third morning: a run that fails overnight gives a stale digest, nothing compared', async () => {
    await moveClockToMadrid(service, '2026-11-22', '12:00');
    inv.third = await given.invoice(a, { amount: 700 });
    // The snapshot cannot be written tonight: every insert is refused by the database.
    await service.db.query(
      'ALTER TABLE opportunity_snapshot_rows ADD CONSTRAINT tonight_fails CHECK (false) NOT VALID',
    );
    try {
      await moveClockToMadrid(service, '2026-11-23', '01:00');
      await drainWithTwoWorkers();
      await moveClockToMadrid(service, '2026-11-23', '06:30');
      await drainWithTwoWorkers();
    } finally {
      await service.db.query('ALTER TABLE opportunity_snapshot_rows DROP CONSTRAINT tonight_fails');
    }
    const third = await digestOf(funder);
    expect(third.date).toBe('2026-11-23');
    expect(third.digest).toMatchObject({
      stale: true,
      eligible: { count: 2, total: 11_234 },
      new: { count: 0, total: 0 },
      changes: { paid: 0, disputed: 0, no_longer_eligible: 0 },
      line_count: 0,
    });
    expect(third.lines).toEqual([]);
    const { rows } = await service.db.query<{ status: string }>(
      `SELECT status FROM opportunity_runs WHERE funder_id = $1 AND run_date = '2026-11-23'`,
      [funder.bankId],
    );
    expect(rows).toEqual([{ status: 'abandoned' }]);
    // A stale digest has no lines: no event.
    expect(await dailyEvents(funder)).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('fourth morning: the next run compares with the last completed snapshot', async () => {
    await moveClockToMadrid(service, '2026-11-24', '01:00');
    await drainWithTwoWorkers();
    await moveClockToMadrid(service, '2026-11-24', '06:30');
    await drainWithTwoWorkers();
    const fourth = await digestOf(funder);
    expect(fourth.digest).toMatchObject({ stale: false, new: { count: 1, total: 700 }, line_count: 1 });
    expect(fourth.lines.map((l) => l.number)).toEqual([inv.third!.number]);
    expect(await digestRows(funder)).toEqual([
      { digest_date: '2026-11-21', n: 1 },
      { digest_date: '2026-11-22', n: 1 },
      { digest_date: '2026-11-23', n: 1 },
      { digest_date: '2026-11-24', n: 1 },
    ]);
  });

  it('fifth night: a run stopped after its snapshot resumes from it, not from the start', async () => {
    await moveClockToMadrid(service, '2026-11-24', '12:00');
    inv.fifth = await given.invoice(a, { amount: 300 });
    // The comparison cannot write its lines: the run stops after its snapshot committed.
    await service.db.query(
      'ALTER TABLE opportunity_lines ADD CONSTRAINT tonight_fails CHECK (false) NOT VALID',
    );
    try {
      await moveClockToMadrid(service, '2026-11-25', '01:00');
      await drainWithTwoWorkers();
    } finally {
      await service.db.query('ALTER TABLE opportunity_lines DROP CONSTRAINT tonight_fails');
    }
    const stopped = await service.db.query<{ status: string; snapshot_at: Date }>(
      `SELECT status, snapshot_at FROM opportunity_runs WHERE funder_id = $1 AND run_date = '2026-11-25'`,
      [funder.bankId],
    );
    expect(stopped.rows[0]!.status).toBe('snapshotted');
    // The job's retry, a minute later: the snapshot is not taken again.
    await moveClockToMadrid(service, '2026-11-25', '01:01');
    await drainWithTwoWorkers();
    const resumed = await service.db.query<{ status: string; snapshot_at: Date }>(
      `SELECT status, snapshot_at FROM opportunity_runs WHERE funder_id = $1 AND run_date = '2026-11-25'`,
      [funder.bankId],
    );
    expect(resumed.rows[0]).toEqual({ status: 'completed', snapshot_at: stopped.rows[0]!.snapshot_at });
    await moveClockToMadrid(service, '2026-11-25', '06:30');
    await drainWithTwoWorkers();
    const fifth = await digestOf(funder);
    expect(fifth.digest).toMatchObject({ date: '2026-11-25', stale: false, new: { count: 1, total: 300 } });
    expect(fifth.lines.map((l) => l.number)).toEqual([inv.fifth!.number]);
  });

  it('a day without a digest answers date null; bad dates and limits are refused', async () => {
    expect(await digestOf(funder, '?date=2026-11-20')).toMatchObject({ date: null, digest: null, lines: [] });
    for (const query of [
      '?date=2026-13-01',
      '?date=21-11-2026',
      '?date=2026-02-30',
      '?limit=0',
      '?limit=1001',
      '?offset=-1',
      '?page=2',
    ]) {
      expectError(await service.call(funder.key, 'GET', `/v1/opportunities${query}`), 422, 'query_invalid');
    }
  });

  it('another funder sees none of it; a key without requests:read is refused', async () => {
    const other = await given.funder();
    expect(await digestOf(other)).toMatchObject({ date: null, digest: null, lines: [] });
    const narrow = await given.keyOf(funder, ['limits:read']);
    expectError(await service.call(narrow, 'GET', '/v1/opportunities'), 403, 'forbidden');
  });

  it('refuses consent for a company that is not a client and an exit for an unknown invoice', async () => {
    const stranger = await given.liveSeller();
    expectError(
      await service.ops('POST', '/ops/v1/opportunities/sharing', { seller_id: stranger.id, sharing: true }),
      404,
      'not_found',
    );
    expectError(
      await service.ops('POST', '/ops/v1/invoices/00000000-0000-4000-8000-000000000000/ledger-exit', {
        exit: 'removed',
      }),
      404,
      'not_found',
    );
    expectError(
      await service.call(funder.key, 'POST', `/v1/sandbox/clients/${a.id}/sharing`, {
        body: { sharing: false },
      }),
      403,
      'sandbox_only',
    );
  });
});
