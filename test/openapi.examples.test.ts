import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from './support/service.ts';

/**
 * What the reference page shows first for an operation: its first request example (the one
 * the samples send) and, beside it, the answers as one tab per status in the order of their
 * status codes (the renderer sorts them as strings, so 200 comes before 201 whatever the
 * document's order), the first tab open, showing the example named like the request example
 * picked, else its first. The first answer shown must be the one the first request gets.
 */
type Json = Record<string, unknown>;

let doc: Json;
const { service } = startGiven();
beforeAll(async () => {
  const answer = await service.call<Json>(null, 'GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});

const examplesOf = (holder: Json | undefined): string[] => {
  const json = ((holder?.content ?? {}) as Record<string, Json>)['application/json'];
  return Object.keys((json?.examples ?? {}) as Json);
};

interface Shown {
  operation: string;
  firstRequest: string;
  /** The status the first request example is answered with. */
  expected: string;
  /** The tab the page opens first, and the example it shows there. */
  firstTab: string;
  firstAnswer: string | undefined;
  /** Whether the answers' examples are named like the request examples they answer. */
  linked: boolean;
}

function shownFirst(): Shown[] {
  const out: Shown[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const requests = examplesOf(operation.requestBody as Json | undefined);
      if (requests.length === 0) continue;
      const firstRequest = requests[0]!;
      const responses = operation.responses as Record<string, Json>;
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      // Several success statuses: the request example's answer is the one of the same name.
      const named = success.filter((status) => examplesOf(responses[status]).includes(firstRequest));
      const expected = success.length === 1 ? success[0]! : named.length === 1 ? named[0]! : 'unknown';
      const firstTab = Object.keys(responses).sort()[0]!;
      const answers = examplesOf(responses[firstTab]);
      const linked = requests.some((name) => success.some((s) => examplesOf(responses[s]).includes(name)));
      out.push({
        operation: `${method.toUpperCase()} ${path}`,
        firstRequest,
        expected,
        firstTab,
        firstAnswer: linked && answers.includes(firstRequest) ? firstRequest : answers[0],
        linked,
      });
    }
  }
  return out;
}

describe('the first example of each operation', () => {
  it('is answered by the first status the page shows, and named like the answer shown there when the answers are named', () => {
    const shown = shownFirst();
    expect(shown.filter((s) => s.expected === 'unknown').map((s) => s.operation)).toEqual([]);
    expect(shown.length).toBeGreaterThan(20);
    for (const s of shown) {
      expect(s.firstTab, s.operation).toBe(s.expected);
      if (s.linked) expect(s.firstAnswer, s.operation).toBe(s.firstRequest);
    }
    // The decision: four bodies, answered 201 (offer) or 200 (the others), each answer named
    // like its body; the first body is a decline and the first answer shown its answer.
    expect(shown.find((s) => s.operation === 'POST /v1/requests/{id}/decision')).toEqual({
      operation: 'POST /v1/requests/{id}/decision',
      firstRequest: 'decline',
      expected: '200',
      firstTab: '200',
      firstAnswer: 'decline',
      linked: true,
    });
  });
});
