import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYER_RECORD_WINDOW_MONTHS } from '../src/areas/payer-record/payer-record.module.ts';
import { RATE_LIMIT_FIELDS_UNTIL } from '../src/platform/http/openapi/introduction.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * The published documents say what the service does: the reference (`/v1/openapi.json`, shown
 * at `/docs`), `docs/decisions/` and the client's README. Where a sentence states a value, the
 * value is read from the document or the code it describes.
 */

type Json = Record<string, unknown>;
interface Operation {
  description?: string;
  responses: Record<string, { description: string }>;
  requestBody?: { content: Record<string, { examples?: Record<string, { summary: string; value: Json }> }> };
}

let service: TestService;
let document: { info: { description: string }; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  service = await startService();
  const answer = await service.call<typeof document>(null, 'GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(async () => service?.close());

const text = (path: string) => readFile(new URL(path, import.meta.url), 'utf8');
const decisionOperation = () => document.paths['/v1/requests/{id}/decision']!.post!;

describe('the reference', () => {
  it('links to the OpenAPI document it is built from, which answers without a key', async () => {
    expect(document.info.description).toContain('](/v1/openapi.json)');
    const linked = await service.call(null, 'GET', '/v1/openapi.json');
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
  });

  it('names in the offer example’s summary the rate, days, advance and validity its body sends', () => {
    const examples = decisionOperation().requestBody!.content['application/json']!.examples!;
    const { summary, value } = examples.offer!;
    expect(value.decision).toBe('offer');
    expect(summary).toContain(`${value.rate} %`);
    expect(summary).toContain(`${value.advance_pct} % advance`);
    expect(summary).toContain(`${value.days} days`);
    expect(summary).toContain(`valid ${value.valid_days} days`);
    // No other number than the ones sent.
    const sent = new Set([value.rate, value.advance_pct, value.days, value.valid_days].map(String));
    for (const number of summary.match(/\d+(\.\d+)?/g) ?? []) expect(sent).toContain(number);
  });

  it('describes each success status of the decision operation by its own decisions: 201 offer, 200 the others', () => {
    const { responses } = decisionOperation();
    const named = (description: string) =>
      ['offer', 'decline', 'fund', 'settle'].filter((d) => new RegExp(`\\b${d}\\b`).test(description));
    expect(named(responses['201']!.description)).toEqual(['offer']);
    expect(named(responses['200']!.description)).toEqual(['decline', 'fund', 'settle']);
  });

  it('says the settle answer’s final tells whether the request is settled now', () => {
    expect(decisionOperation().description).toContain('`final` says whether the request is settled now');
  });

  it('describes the payer record as the service builds it: three observing suppliers, the window of the code', async () => {
    const description = document.paths['/v1/payer-record']!.get!.description!;
    expect(description).toContain('at least three suppliers');
    expect(description).not.toMatch(/funders? (of the service )?observed/);
    expect(description).toContain(`last ${PAYER_RECORD_WINDOW_MONTHS} months`);
    // docs/decisions/payer-record.md says the same.
    const decisions = await text('../docs/decisions/payer-record.md');
    const entry = decisions.slice(decisions.indexOf('### Payer record:'));
    const body = entry.slice(0, entry.indexOf('\n### ', 1));
    expect(body).toContain(`${PAYER_RECORD_WINDOW_MONTHS}-month window, three observers`);
    expect(body).toContain(`issued in the last ${PAYER_RECORD_WINDOW_MONTHS} months`);
    expect(body).toContain('at least three observers');
  });
});

describe('the rate-limit fields', () => {
  it('give one deprecation period for the old three, the same date in the reference, the README and the decisions', async () => {
    const deprecated = (document as unknown as { components: { headers: Record<string, Json> } }).components
      .headers;
    for (const name of ['RateLimitLimit', 'RateLimitRemaining', 'RateLimitReset']) {
      expect(deprecated[name]).toMatchObject({ deprecated: true });
      expect(deprecated[name]!.description).toContain(`at least until ${RATE_LIMIT_FIELDS_UNTIL}`);
    }
    expect(document.info.description).toContain(`at least until ${RATE_LIMIT_FIELDS_UNTIL}`);
    const readme = (await text('../README.md')).replace(/\s+/g, ' ');
    expect(readme).toContain(`deprecated and sent at least until ${RATE_LIMIT_FIELDS_UNTIL}`);
    const decisions = (await text('../docs/decisions/platform.md')).replace(/\s+/g, ' ');
    expect(decisions).toContain(`sent at least until ${RATE_LIMIT_FIELDS_UNTIL}`);
  });
});

describe('the client README', () => {
  it('states the value-date rule the fund decision applies: past dates taken, at most 7 days ahead', async () => {
    const readme = await text('../packages/client/README.md');
    expect(readme).not.toContain('cannot be in the past');
    expect(readme).toMatch(/`value_date` may be in the past/);
    expect(readme).toMatch(/not more than 7 days\s+ahead/);
    // The same bound as the body schema the service validates with (its value_date member).
    expect(JSON.stringify(document)).toContain('At most 7 days ahead (Madrid)');
  });
});
