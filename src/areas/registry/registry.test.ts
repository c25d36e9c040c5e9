import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import type {
  FunderFixture,
  InvoiceFixture,
  RequestFixture,
} from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven({ demoPlane: true });

type Lookup = {
  lookup_id: string;
  count: number;
  assigned_count: number;
  query_sha256: string;
  results: { index: number; ref: string | null; assigned: boolean }[];
};

type Question = Record<string, unknown>;

/** The question a funder would ask about one invoice of a request. */
function questionOf(request: RequestFixture, invoice: InvoiceFixture, extra: Question = {}): Question {
  return {
    seller: { country: request.seller.country, tax_id: request.seller.tax_id },
    debtor: { country: invoice.debtor.country, tax_id: invoice.debtor.tax_id },
    number: invoice.number,
    ...extra,
  };
}

async function lookUp(key: string, invoices: Question[]) {
  return service.call<Lookup>(key, 'POST', '/v1/registry/lookups', { body: { invoices } });
}

async function assigned(key: string, question: Question): Promise<boolean> {
  const answer = await lookUp(key, [question]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.results[0]!.assigned;
}

async function registryRowsOf(funder: FunderFixture): Promise<number> {
  const { rows } = await service.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM registry_lookups WHERE funder_id = $1',
    [funder.bankId],
  );
  return rows[0]!.n;
}

describe('the live registry before the service opens it', () => {
  it('says closed, refuses look-ups with registry_not_open and records nothing', async () => {
    const funder = await given.funder();
    const status = await service.call<{ status: string; environment: string }>(
      funder.key,
      'GET',
      '/v1/registry',
    );
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      status: 'closed',
      environment: 'live',
      max_invoices_per_lookup: 500,
    });

    const request = await given.fundedRequest({ funder });
    const refused = await lookUp(funder.key, [questionOf(request, request.invoices[0]!)]);
    expectError(refused, 403, 'registry_not_open');
    expect(await registryRowsOf(funder)).toBe(0);
  });

  it('is opened and closed by the operations team with a reason, on the evidence chain', async () => {
    expectError(
      await service.ops('POST', '/ops/v1/registry/open', { reason: 'short' }),
      422,
      'reason_required',
    );
    expectError(
      await service.ops('POST', '/ops/v1/registry/open', { reason: '        ' }),
      422,
      'reason_required',
    );
    expectError(await service.ops('POST', '/ops/v1/registry/open', {}), 422, 'reason_required');

    const opened = await service.ops('POST', '/ops/v1/registry/open', {
      reason: 'Board approval of 20 November',
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ plane: 'live', status: 'open', changed: true });
    const again = await service.ops('POST', '/ops/v1/registry/open', {
      reason: 'Board approval of 20 November',
    });
    expect(again.body).toMatchObject({ status: 'open', changed: false });

    const closed = await service.ops('POST', '/ops/v1/registry/close', { reason: 'Paused for the audit' });
    expect(closed.body).toMatchObject({ status: 'closed', changed: true });
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    expectError(
      await lookUp(funder.key, [questionOf(request, request.invoices[0]!)]),
      403,
      'registry_not_open',
    );

    expect(
      (await service.ops('POST', '/ops/v1/registry/open', { reason: 'Audit finished, open again' })).body,
    ).toMatchObject({ status: 'open', changed: true });
    const { rows } = await service.db.query<{ kind: string; payload: { reason: string } }>(
      `SELECT kind, payload FROM evidence_entries WHERE kind IN ('registry.opened', 'registry.closed') ORDER BY seq`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['registry.opened', 'registry.closed', 'registry.opened']);
    expect(rows[1]!.payload.reason).toBe('Paused for the audit');
  });
});

describe('look-ups once open', () => {
  it('answers yes for a funded invoice, to any funder, written in any usual form', async () => {
    const owner = await given.funder();
    const other = await given.funder();
    const request = await given.fundedRequest({ funder: owner, invoices: 2 });
    const [first, second] = request.invoices as [InvoiceFixture, InvoiceFixture];

    expect(await assigned(owner.key, questionOf(request, first))).toBe(true);
    expect(await assigned(other.key, questionOf(request, second))).toBe(true);
    // VAT form of the tax numbers, lower case, spaces and dashes in the number
    const spelled = questionOf(request, first, {
      seller: {
        country: request.seller.country.toLowerCase(),
        tax_id: `${request.seller.country}${request.seller.tax_id}`,
      },
      debtor: {
        country: first.debtor.country,
        tax_id: first.debtor.tax_id.toLowerCase().split('').join(' '),
      },
      number: first.number.toLowerCase().replace(/(.{3})/g, '$1-'),
    });
    expect(await assigned(other.key, spelled)).toBe(true);
  });

  it('takes the issue date and amount into account only when sent', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const invoice = request.invoices[0]!;
    expect(await assigned(funder.key, questionOf(request, invoice, { issue_date: invoice.issue_date }))).toBe(
      true,
    );
    expect(await assigned(funder.key, questionOf(request, invoice, { amount: invoice.amount }))).toBe(true);
    expect(await assigned(funder.key, questionOf(request, invoice, { amount: invoice.amount + 0.01 }))).toBe(
      false,
    );
    expect(await assigned(funder.key, questionOf(request, invoice, { issue_date: '2020-01-01' }))).toBe(
      false,
    );
    const otherDebtor = await given.debtor();
    expect(
      await assigned(
        funder.key,
        questionOf(request, invoice, {
          debtor: { country: otherDebtor.country, tax_id: otherDebtor.tax_id },
        }),
      ),
    ).toBe(false);
    expect(await assigned(funder.key, questionOf(request, invoice, { number: `${invoice.number}X` }))).toBe(
      false,
    );
  });

  it('answers no before funding, and after settlement or a decline', async () => {
    const funder = await given.funder();
    const routed = await given.routedRequest({ funder });
    expect(await assigned(funder.key, questionOf(routed, routed.invoices[0]!))).toBe(false);
    const approved = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    expect(await assigned(funder.key, questionOf(approved, approved.invoices[0]!))).toBe(false);
    const settled = await given.settledRequest({ funder });
    expect(await assigned(funder.key, questionOf(settled, settled.invoices[0]!))).toBe(false);
    const declined = await given.declinedRequest({ funder });
    expect(await assigned(funder.key, questionOf(declined, declined.invoices[0]!))).toBe(false);
  });

  it('releases an invoice when its request is settled', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const question = questionOf(request, request.invoices[0]!);
    expect(await assigned(funder.key, question)).toBe(true);
    const settle = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
      body: { decision: 'settle', amount: request.totalAmount, reference: 'CAMT-REG-1' },
    });
    expect(settle.status).toBe(200);
    expect(await assigned(funder.key, question)).toBe(false);
  });

  it('answers a batch of 500 in order, with the references sent, and never names a funder', async () => {
    const owner = await given.funder();
    const asker = await given.funder();
    const request = await given.fundedRequest({ funder: owner, invoices: 3 });
    const questions: Question[] = [];
    for (let i = 0; i < 500; i++) {
      const invoice = request.invoices[i % 3]!;
      questions.push(
        i % 7 === 0
          ? questionOf(request, invoice, { ref: `line-${i}` })
          : questionOf(request, invoice, { number: `NOPE-${i}`, ref: `line-${i}` }),
      );
    }
    const answer = await lookUp(asker.key, questions);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(500);
    expect(answer.body.results.map((r) => r.index)).toEqual(questions.map((_, i) => i));
    expect(answer.body.results.map((r) => r.ref)).toEqual(questions.map((_, i) => `line-${i}`));
    expect(answer.body.results.map((r) => r.assigned)).toEqual(questions.map((_, i) => i % 7 === 0));
    expect(answer.body.assigned_count).toBe(questions.filter((_, i) => i % 7 === 0).length);

    const text = JSON.stringify(answer.body);
    for (const secret of [
      owner.bankId,
      request.id,
      request.seller.name,
      ...request.invoices.map((x) => x.id),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(answer.body).sort()).toEqual(
      ['assigned_count', 'checked_at', 'count', 'lookup_id', 'query_sha256', 'results'].sort(),
    );
    expect(Object.keys(answer.body.results[0]!).sort()).toEqual(['assigned', 'index', 'ref']);
  });

  it('counts each look-up and keeps it on the evidence chain by its hash only', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const before = await service.call<{ your_lookups: { total: { lookups: number; invoices: number } } }>(
      funder.key,
      'GET',
      '/v1/registry',
    );
    expect(before.body.your_lookups.total).toMatchObject({ lookups: 0, invoices: 0 });

    const question = questionOf(request, request.invoices[0]!);
    const answer = await lookUp(funder.key, [question, { ...question, number: 'UNKNOWN-1' }]);
    expect(answer.body.results.map((r) => r.assigned)).toEqual([true, false]);

    const after = await service.call<{
      status: string;
      your_lookups: { total: Record<string, unknown>; last_30_days: Record<string, unknown> };
    }>(funder.key, 'GET', '/v1/registry');
    expect(after.body.status).toBe('open');
    expect(after.body.your_lookups.total).toMatchObject({ lookups: 1, invoices: 2, assigned: 1 });
    expect(after.body.your_lookups.last_30_days).toMatchObject({ lookups: 1, invoices: 2, assigned: 1 });

    const { rows } = await service.db.query<{ payload: Record<string, unknown>; funder_id: string }>(
      `SELECT payload, funder_id FROM evidence_entries WHERE kind = 'registry.lookup' AND subject_id = $1`,
      [answer.body.lookup_id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.funder_id).toBe(funder.bankId);
    expect(rows[0]!.payload).toEqual({ invoices: 2, assigned: 1, query_sha256: answer.body.query_sha256 });
    expect(JSON.stringify(rows[0]!.payload)).not.toContain(request.seller.tax_id);

    // The operations team sees look-ups per funder.
    const ops = await service.ops<{ lookups_by_funder: { bank_id: string; lookups: number }[] }>(
      'GET',
      '/ops/v1/registry',
    );
    expect(ops.body.lookups_by_funder.find((f) => f.bank_id === funder.bankId)).toMatchObject({ lookups: 1 });
  });

  it('refuses bad questions with the field named and writes nothing', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const good = questionOf(request, request.invoices[0]!);
    const cases: [unknown, number, string, string?][] = [
      [{}, 422, 'body_invalid', 'invoices'],
      [{ invoices: [] }, 422, 'body_invalid', 'invoices'],
      [{ invoices: Array(501).fill(good) }, 422, 'body_invalid', 'invoices'],
      [
        { invoices: [{ ...good, seller: { country: 'ESP', tax_id: 'B1' } }] },
        422,
        'country_invalid',
        'invoices[0].seller.country',
      ],
      [{ invoices: [{ ...good, amount: 10.001 }] }, 422, 'invalid_amount', 'invoices[0].amount'],
      [{ invoices: [{ ...good, amount: -5 }] }, 422, 'invalid_amount', 'invoices[0].amount'],
      [{ invoices: [{ ...good, issue_date: '2026-13-01' }] }, 422, 'body_invalid', 'invoices[0].issue_date'],
      [{ invoices: [{ ...good, number: '' }] }, 422, 'body_invalid', 'invoices[0].number'],
      [{ invoices: [{ ...good, funder: 'x' }] }, 422, 'body_invalid'],
      [
        { invoices: [{ ...good, debtor: { country: 'ES' } }] },
        422,
        'body_invalid',
        'invoices[0].debtor.tax_id',
      ],
    ];
    for (const [body, status, code, field] of cases) {
      const answer = await service.call(funder.key, 'POST', '/v1/registry/lookups', { body });
      const error = expectError(answer, status, code);
      if (field) expect(error.field, JSON.stringify(error)).toBe(field);
    }
    expect(await registryRowsOf(funder)).toBe(0);
  });

  it('needs a key that may read requests or decide', async () => {
    const funder = await given.funder({ scopes: ['limits:read'] });
    expectError(await service.call(funder.key, 'GET', '/v1/registry'), 403, 'forbidden');
    expectError(await lookUp(funder.key, []), 403, 'forbidden');
  });
});

describe('the sandbox registry', () => {
  it('is open without the operations team and answers on the demonstration plane only', async () => {
    await service.ops('POST', '/ops/v1/registry/close', { reason: 'Live closed again for this test' });
    const sandbox = await service.given.demoFunder();
    const status = await service.call(sandbox.key, 'GET', '/v1/registry');
    expect(status.body).toMatchObject({ status: 'open', environment: 'sandbox' });

    const live = await given.funder();
    const liveRequest = await given.fundedRequest({ funder: live });
    // A live invoice is unknown on the demonstration plane.
    expect(await assigned(sandbox.key, questionOf(liveRequest, liveRequest.invoices[0]!))).toBe(false);

    const demoRequest = await given.fundedRequest({
      funder: { bankId: sandbox.bankId, key: sandbox.key, keyId: sandbox.keyId },
      plane: 'demo',
    });
    expect(await assigned(sandbox.key, questionOf(demoRequest, demoRequest.invoices[0]!))).toBe(true);
    // ...and a demonstration invoice is unknown to a live funder.
    await service.ops('POST', '/ops/v1/registry/open', { reason: 'Open for the plane wall check' });
    expect(await assigned(live.key, questionOf(demoRequest, demoRequest.invoices[0]!))).toBe(false);
  });
});
