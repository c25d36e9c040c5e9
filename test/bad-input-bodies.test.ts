import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/platform/http/json-body.ts';
import { casesOf } from './support/bad-input-cases.ts';
import { tableFootprint } from './support/footprint.ts';
import { type FunderFixture, type RequestsGiven, requestsGiven } from './support/requests-fixtures.ts';
import { type Answer, startService, type TestService } from './support/service.ts';

/**
 * Bodies the JSON reader itself refuses (json-body.ts), on every route that takes one: JSON
 * nested deeper than the bound, and bytes that are not UTF-8. Both answer 400
 * request_unreadable in the envelope and change nothing. And the sandbox's invoice amounts,
 * which take the bounds and cent step of live amounts.
 */

let service: TestService;
let given: RequestsGiven;
let funder: FunderFixture;

beforeAll(async () => {
  service = await startService({ demoPlane: true });
  given = requestsGiven(service);
  funder = await service.given.funderWithKey({ environment: 'live', perMinute: 100_000 });
});
afterAll(async () => service?.close());

const footprint = () => tableFootprint(service.db);
const JSON_TYPE = { 'content-type': 'application/json' };

interface ErrorBody {
  error: { code: string; message: string; request_id: string; field?: string | null };
}

function expectRefused(answer: Answer<unknown>, status: number, code: string): ErrorBody['error'] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const error = (answer.body as unknown as ErrorBody).error;
  expect(error.code, error.message).toBe(code);
  expect(typeof error.request_id).toBe('string');
  return error;
}

/** Arrays inside one member, so the whole body nests `depth` levels. */
const nested = (depth: number) => `{"zz_deep":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

/** Every route that takes a JSON body, with its path filled in, /v1 and /ops/v1. */
function bodyRoutes(): { method: string; url: string; target: string; token: string }[] {
  return service.app.routeInputs
    .filter((r) => (r.url.startsWith('/v1/') || r.url.startsWith('/ops/v1/')) && r.body !== undefined)
    .map((r) => {
      const target = casesOf({ ...r, querystring: undefined })[0]?.target ?? r.url;
      return {
        method: r.method,
        url: r.url,
        target,
        token: r.url.startsWith('/ops/') ? service.opsToken : funder.key,
      };
    });
}

/**
 * Sends `payload` to each route and lists every one that did not answer 400 request_unreadable
 * or that wrote anything.
 */
async function unreadableEverywhere(routes: ReturnType<typeof bodyRoutes>, payload: string | Buffer) {
  const failures: string[] = [];
  for (const route of routes) {
    const before = await footprint();
    const answer = await service.call(route.token, route.method, route.target, {
      payload,
      headers: JSON_TYPE,
    });
    const error = (answer.body as unknown as ErrorBody).error;
    if (answer.status !== 400 || error?.code !== 'request_unreadable') {
      failures.push(`${route.method} ${route.url} -> ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (JSON.stringify(await footprint()) !== JSON.stringify(before)) {
      failures.push(`${route.method} ${route.url}: wrote`);
    }
  }
  return failures;
}

describe('a body nested deeper than the bound', () => {
  it('answers 400 request_unreadable on every route that takes a body, 10,000 levels deep, and writes nothing', async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.url)).toContain('/v1/statements');
    const payload = nested(10_000);
    expect(await unreadableEverywhere(routes, payload)).toEqual([]);
  });

  it(`reads ${MAX_JSON_DEPTH} levels as JSON and refuses ${MAX_JSON_DEPTH + 1}, saying how deep a body may go`, async () => {
    const url = `/v1/requests/${randomUUID()}/decision`;
    const atBound = await service.call(funder.key, 'POST', url, {
      payload: nested(MAX_JSON_DEPTH),
      headers: JSON_TYPE,
    });
    // Read, and answered by the schema: the body is no decision.
    expectRefused(atBound, 422, 'invalid_decision');
    const past = await service.call(funder.key, 'POST', url, {
      payload: nested(MAX_JSON_DEPTH + 1),
      headers: JSON_TYPE,
    });
    expect(expectRefused(past, 400, 'request_unreadable').message).toContain(`${MAX_JSON_DEPTH} levels`);
  });

  it('does not count brackets inside text, escaped quotes included', async () => {
    // Read naively, the escaped quote would end the text and the brackets would nest 200 deep.
    const answer = await service.call(funder.key, 'POST', `/v1/requests/${randomUUID()}/decision`, {
      payload: `{"decision":"offre","notes":"\\"${'['.repeat(200)}\\""}`,
      headers: JSON_TYPE,
    });
    expectRefused(answer, 422, 'invalid_decision');
  });

  it('is refused in the statement upload too, before its own body codes', async () => {
    const answer = await service.call(funder.key, 'POST', '/v1/statements', {
      payload: `{"content_base64":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      headers: JSON_TYPE,
    });
    expectRefused(answer, 400, 'request_unreadable');
  });
});

describe('a body that is not UTF-8', () => {
  const utf8Body = (before: string, bytes: number[], after: string) =>
    Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);

  it('a fund whose reference holds a byte that is not UTF-8 is refused, and the request is not funded', async () => {
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const url = `/v1/requests/${request.id}/decision`;
    const today = await given.today();
    const before = await footprint();
    const answer = await service.call(funder.key, 'POST', url, {
      payload: utf8Body(`{"decision":"fund","value_date":"${today}","reference":"PAY-`, [0xff, 0xfe], '"}'),
      headers: JSON_TYPE,
    });
    expect(expectRefused(answer, 400, 'request_unreadable').message).toContain('UTF-8');
    expect(await footprint()).toEqual(before);
    expect(await given.statusOf(request)).toBe('approved');
    // The same fund in UTF-8 is taken: the refusal was the bytes, nothing else.
    const funded = await service.call(funder.key, 'POST', url, {
      body: { decision: 'fund', value_date: today, reference: 'PAY-ÿþ' },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    expect(await given.statusOf(request)).toBe('funded');
  });

  it('a byte that is not UTF-8 is refused on every route that takes a body, and nothing is written', async () => {
    const payload = utf8Body('{"zz_text":"', [0xff], '"}');
    expect(await unreadableEverywhere(bodyRoutes(), payload)).toEqual([]);
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated two-byte sequence', [0xc3]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate half', [0xed, 0xa0, 0x80]],
    ['Latin-1 text', [0x50, 0x41, 0xd1, 0x4f]],
  ])('%s in a decision’s text is refused', async (_what, bytes) => {
    const answer = await service.call(funder.key, 'POST', `/v1/requests/${randomUUID()}/decision`, {
      payload: utf8Body('{"decision":"decline","reason":"other","notes":"', bytes, '"}'),
      headers: JSON_TYPE,
    });
    expectRefused(answer, 400, 'request_unreadable');
  });
});

describe('the sandbox’s invoice amounts take the bounds and cent step of live amounts', () => {
  let sandboxKey: string;
  let requestId: string;

  beforeAll(async () => {
    ({ key: sandboxKey } = await service.given.demoFunder());
    const made = await service.call<{ request: { id: string } }>(sandboxKey, 'POST', '/v1/sandbox/requests', {
      body: {},
    });
    expect(made.status).toBe(201);
    requestId = made.body.request.id;
  });

  const invoice = {
    debtor_name: 'Distribuciones Sur SA',
    debtor_tax_id: 'A11111111',
    debtor_country: 'ES',
    due_date: '2026-12-01',
  };

  it.each([
    ['5e-324', 5e-324],
    ['0', 0],
    ['a negative amount', -10],
    ['an amount with three decimals', 100.005],
    ['an amount beyond what cents hold', 1e17],
  ])(
    'a new sandbox request with an invoice amount of %s is refused, and nothing is written',
    async (_what, amount) => {
      const before = await footprint();
      const answer = await service.call(sandboxKey, 'POST', '/v1/sandbox/requests', {
        body: { invoices: [{ ...invoice, amount }] },
      });
      const error = expectRefused(answer, 422, 'body_invalid');
      expect(error.field).toBe('invoices[0].amount');
      expect(await footprint()).toEqual(before);
    },
  );

  it.each([
    ['5e-324', 5e-324],
    ['an amount with three decimals', 100.005],
    ['an amount beyond what cents hold', 1e17],
  ])('a sandbox invoice amount change to %s is refused, and nothing is written', async (_what, amount) => {
    const before = await footprint();
    const answer = await service.call(sandboxKey, 'POST', `/v1/sandbox/requests/${requestId}/parties`, {
      body: { invoice_amounts: [{ invoice_number: 'SBX-1', amount }] },
    });
    const error = expectRefused(answer, 422, 'body_invalid');
    expect(error.field).toBe('invoice_amounts[0].amount');
    expect(await footprint()).toEqual(before);
  });

  it('an amount to the cent is taken', async () => {
    const answer = await service.call(sandboxKey, 'POST', '/v1/sandbox/requests', {
      body: { invoices: [{ ...invoice, amount: 1234.56 }] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});
