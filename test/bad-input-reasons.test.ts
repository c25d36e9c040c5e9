import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../src/platform/http/input.ts';
import { REASON_MIN } from '../src/platform/reasons.ts';
import { casesOf } from './support/bad-input-cases.ts';
import { tableFootprint } from './support/footprint.ts';
import { type Answer, startService, type TestService } from './support/service.ts';

/**
 * One rule for a reason kept on the evidence chain, on every route whose body takes one (found
 * from the routes' own schemas, so a route added tomorrow is checked too): a reason that passes
 * the schema's length as sent but is shorter than the minimum once its leading and trailing
 * spaces are taken off answers 422 reason_required, names the field, says the same thing on
 * every route and changes nothing. Spaces inside a reason count.
 */

let service: TestService;
let liveKey: string;
let sandboxKey: string;

beforeAll(async () => {
  service = await startService({ demoPlane: true });
  liveKey = (await service.given.funderWithKey({ environment: 'live', perMinute: 100_000 })).key;
  sandboxKey = (await service.given.demoFunder()).key;
});
afterAll(async () => service?.close());

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a body schema (an object or a union of objects) has a `reason` member of the reason rule. */
function takesReason(body: unknown): boolean {
  if (!isObject(body)) return false;
  const objects = body.type === 'object' ? [body] : ((body.anyOf ?? body.oneOf ?? []) as Schema[]);
  return objects.some((object) => {
    const member = (object.properties as Schema | undefined)?.reason;
    return isObject(member) && member[ERROR_CODE] === 'reason_required';
  });
}

/** Bodies the schema takes but a service would refuse before the reason, by what else they need. */
const PAST_OTHER_RULES: Record<string, Schema> = {
  // Terms must name at least one term to change.
  'PUT /v1/programme': { terms: { recourse: 'with' } },
};

interface ReasonRoute {
  name: string;
  target: string;
  token: string;
  method: string;
  body: Schema;
}

/** Each route that takes a reason, with a body that passes its schema but for the reason. */
function reasonRoutes(): ReasonRoute[] {
  return service.app.routeInputs
    .filter((route) => takesReason(route.body))
    .map((route) => {
      // The derived "unknown member" case carries every member the route requires (and the tag
      // of a union's first branch); without its unknown member it passes the schema.
      const cases = casesOf({ ...route, querystring: undefined });
      const base = cases.find((c) => c.field === 'zz_unknown')!;
      const { zz_unknown: _unknown, ...body } = base.body as Schema;
      const name = `${route.method} ${route.url}`;
      return {
        name,
        target: base.target,
        method: route.method,
        body: { ...body, ...PAST_OTHER_RULES[name] },
        token: route.url.startsWith('/ops/')
          ? service.opsToken
          : route.url.startsWith('/v1/sandbox/')
            ? sandboxKey
            : liveKey,
      };
    });
}

interface ErrorBody {
  error: { code: string; message: string; field?: string | null };
}

const send = (route: ReasonRoute, reason: string): Promise<Answer<unknown>> =>
  service.call(route.token, route.method, route.target, { body: { ...route.body, reason } });

describe('a reason kept on the evidence chain: one rule on every route that takes one', () => {
  const tooShortTrimmed = ['          ', `  ${'x'.repeat(REASON_MIN - 1)}  `, '\t\n short \n\t'];

  it('finds the routes it checks', () => {
    // Settings, programme, recourse, announcing, consent level, the registry, a company
    // leaving, the early payment answers: the set grows with the routes, never shrinks below.
    expect(reasonRoutes().length).toBeGreaterThanOrEqual(10);
  });

  it.each(tooShortTrimmed)(
    'refuses %j everywhere with 422 reason_required, one message, field reason, nothing written',
    async (reason) => {
      expect(reason.length).toBeGreaterThanOrEqual(REASON_MIN);
      const answers: string[] = [];
      const messages = new Set<string>();
      for (const route of reasonRoutes()) {
        const before = await tableFootprint(service.db);
        const answer = await send(route, reason);
        const error = (answer.body as ErrorBody).error;
        answers.push(`${route.name} -> ${answer.status} ${error?.code} field=${error?.field}`);
        if (error) messages.add(error.message);
        expect(await tableFootprint(service.db), `${route.name} wrote`).toEqual(before);
      }
      expect(answers.filter((line) => !line.endsWith('-> 422 reason_required field=reason'))).toEqual([]);
      expect([...messages]).toHaveLength(1);
    },
  );

  it('counts the spaces inside a reason: trimmed length, not letters', async () => {
    // Eight characters once trimmed, four of them spaces: past the reason rule on every route
    // (each then answers by its own rules: a resource that does not exist, a state, or done).
    const answers: string[] = [];
    for (const route of reasonRoutes()) {
      const answer = await send(route, '  a  b  c  d  ');
      const error = (answer.body as ErrorBody).error;
      answers.push(`${route.name} -> ${answer.status} ${error?.code ?? 'ok'}`);
      expect(answer.status, route.name).toBeLessThan(500);
    }
    expect(answers.filter((line) => line.endsWith('reason_required'))).toEqual([]);
  });
});
