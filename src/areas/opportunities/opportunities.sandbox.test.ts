import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { addDays, madridDate } from '../../platform/clock.ts';

let service: TestService;
let key: string;
let today: string;
beforeAll(async () => {
  service = await startService({ demoPlane: true });
  key = (await service.given.demoFunder()).key;
  const clock = await service.ops<{ now: string }>('GET', '/ops/v1/clock');
  today = madridDate(new Date(clock.body.now));
}, 180_000);
afterAll(async () => service?.close());

interface Line {
  kind: string;
  reason: string | null;
  invoice_id: string;
  number: string;
  amount: number;
  client: { seller_id: string; name: string; size_band: string | null };
}
interface Answer {
  date: string | null;
  digest: {
    stale: boolean;
    new: { count: number };
    changes: Record<string, number>;
    clients: Record<string, number>;
  } | null;
  lines: Line[];
}

const read = async (query = '') => {
  const answer = await service.call<Answer>(key, 'GET', `/v1/opportunities${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('the demonstration plane’s digest', () => {
  it('shows last night’s digest with new and changed lines, and the night before’s all new', async () => {
    const latest = await read();
    expect(latest.date).toBe(addDays(today, -1));
    expect(latest.digest).toMatchObject({
      stale: false,
      clients: { sharing: 2, not_sharing: 1 },
      new: { count: 1 },
      changes: { paid: 1, disputed: 0, no_longer_eligible: 2 },
    });
    expect(latest.lines.map((l) => [l.kind, l.reason])).toEqual([
      ['new', null],
      ['paid', null],
      ['no_longer_eligible', 'requested'],
      ['no_longer_eligible', 'cancelled'],
    ]);
    const before = await read(`?date=${addDays(today, -2)}`);
    expect(before.digest!.new.count).toBe(5);
    expect(before.lines.every((l) => l.kind === 'new')).toBe(true);
    expect(new Set(before.lines.map((l) => l.client.name)).size).toBe(2);
    expect(await read(`?date=${today}`)).toMatchObject({ date: null, digest: null, lines: [] });
  });

  it('the helpers play a client’s consent and an invoice leaving its ledger; never another funder’s', async () => {
    const latest = await read();
    const line = latest.lines.find((l) => l.kind === 'new')!;
    const stop = await service.call(key, 'POST', `/v1/sandbox/clients/${line.client.seller_id}/sharing`, {
      body: { sharing: false, reason: 'Trying the consent out.' },
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body).toMatchObject({ sharing: false, changed: true });
    const again = await service.call(key, 'POST', `/v1/sandbox/clients/${line.client.seller_id}/sharing`, {
      body: { sharing: false },
    });
    expect(again.body).toMatchObject({ changed: false });
    const exit = await service.call(key, 'POST', `/v1/sandbox/invoices/${line.invoice_id}/ledger-exit`, {
      body: { exit: 'removed' },
    });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body).toMatchObject({ exit: 'removed', changed: true });

    const other = await service.given.funderWithKey({ environment: 'sandbox' });
    expectError(
      await service.call(other.key, 'POST', `/v1/sandbox/clients/${line.client.seller_id}/sharing`, {
        body: { sharing: true },
      }),
      404,
      'not_found',
    );
    expectError(
      await service.call(other.key, 'POST', `/v1/sandbox/invoices/${line.invoice_id}/ledger-exit`, {
        body: { exit: 'cancelled' },
      }),
      404,
      'not_found',
    );
    expect(await service.call<Answer>(other.key, 'GET', '/v1/opportunities')).toMatchObject({
      status: 200,
      body: { date: null, digest: null, lines: [] },
    });
  });
});
