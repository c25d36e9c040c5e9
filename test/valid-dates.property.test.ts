import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInputs } from '../src/platform/http/app.ts';
import { validValue } from './support/bad-input-cases.ts';
import { startService, type TestService } from './support/service.ts';

/*
 * A property over every date, instant and month an operation takes, wherever it sits (a body
 * member, an item of a list, a branch of a union, a query parameter): whatever string of that
 * shape arrives (a real one, one the calendar has not, a leap second, a zone past 14 hours, a
 * year 0000), the answer is never a 500. The values are drawn from a fixed seed, so a failure
 * repeats; fast-check shrinks it to the smallest value that fails.
 */

type Schema = Record<string, unknown>;

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await startService();
  ({ key } = await service.given.funderWithKey({ environment: 'live', perMinute: 1_000_000 }));
});
afterAll(async () => service?.close());

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Shape = 'date' | 'date-time' | 'month';

/** The shape a string member has, if it is a date, an instant or a month. */
function shapeOf(schema: Schema): Shape | null {
  if (schema.type !== 'string') return null;
  if (schema.format === 'date' || schema.format === 'date-time') return schema.format;
  // A month: a short pattern of four digits, a dash and two ("YYYY-MM").
  if (
    typeof schema.pattern === 'string' &&
    schema.pattern.includes('[0-9]{4}-') &&
    schema.pattern.length < 40
  )
    return 'month';
  return null;
}

/** One place a date sits: its shape, where (for the message), and the input with a value there. */
interface Slot {
  shape: Shape;
  where: string;
  put: (value: string) => unknown;
}

/** Every place under `schema` a date, instant or month sits, each with the input around it. */
function slotsOf(schema: Schema, where: string, put: (value: unknown) => unknown): Slot[] {
  const shape = shapeOf(schema);
  if (shape) return [{ shape, where, put }];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) return branches.flatMap((branch) => slotsOf(branch, where, put));
  if (schema.type === 'array' && isObject(schema.items))
    return slotsOf(schema.items, `${where}[0]`, (value) => put([value]));
  if (schema.type === 'object' && isObject(schema.properties)) {
    return Object.entries(schema.properties as Record<string, Schema>).flatMap(([name, member]) =>
      slotsOf(member, `${where}.${name}`, (value) =>
        put({ ...(validValue(schema) as Schema), [name]: value }),
      ),
    );
  }
  return [];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Strings of a date's shape, real or not: every part may step past its range. */
const dateText = fc
  .tuple(
    fc.integer({ min: 0, max: 10_000 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const zone = fc.oneof(
  fc.constantFrom('Z', 'z', '', '+00:00', '-00:00'),
  fc
    .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 16 }), fc.integer({ min: 0, max: 61 }))
    .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
);
const instantText = fc
  .tuple(
    dateText,
    fc.constantFrom('T', 't', ' '),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined }),
    zone,
  )
  .map(
    ([date, sep, h, mi, s, frac, z]) =>
      `${date}${sep}${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${frac === undefined ? '' : `.${frac}`}${z}`,
  );
const monthText = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 13 }))
  .map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}`);
/** The edges a calendar check has to know, drawn often beside the rest. */
const edges = {
  date: ['0000-01-01', '0001-01-01', '2026-02-29', '2028-02-29', '9999-12-31'],
  'date-time': [
    '2026-06-30T23:59:60Z',
    '0000-01-01T00:00:00Z',
    '2026-06-30T10:00:00+14:00',
    '2026-06-30T10:00:00+15:00',
    '9999-12-31T23:59:59-12:00',
  ],
  month: ['0000-01', '0001-01', '2026-00', '2026-13', '9999-12'],
};
const textOf = (shape: Shape): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...edges[shape]) },
    { weight: 6, arbitrary: { date: dateText, 'date-time': instantText, month: monthText }[shape] },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );

/** A call's target: the path with ids filled in. */
const pathOf = (route: RouteInputs) =>
  route.url.replace(/:([A-Za-z_]+)/g, (_all, name: string) =>
    name === 'line'
      ? '1'
      : name === 'date'
        ? '2026-09-01'
        : name === 'volume'
          ? 'export-x-001.zip'
          : randomUUID(),
  );

interface Probe {
  route: RouteInputs;
  slot: Slot;
  part: 'body' | 'query';
}

function probesOf(route: RouteInputs): Probe[] {
  const probes: Probe[] = [];
  if (isObject(route.body)) {
    for (const slot of slotsOf(route.body, 'body', (value) => value))
      probes.push({ route, slot, part: 'body' });
  }
  if (isObject(route.querystring) && isObject(route.querystring.properties)) {
    const query = route.querystring;
    for (const [name, member] of Object.entries(query.properties as Record<string, Schema>)) {
      for (const slot of slotsOf(member, `query.${name}`, (value) => ({
        ...(validValue(query) as Schema),
        [name]: value,
      }))) {
        probes.push({ route, slot, part: 'query' });
      }
    }
  }
  return probes;
}

async function send(probe: Probe, value: string) {
  const { route, slot, part } = probe;
  const path = pathOf(route);
  const input = slot.put(value);
  const body = part === 'body' ? input : isObject(route.body) ? validValue(route.body) : undefined;
  const target =
    part === 'query'
      ? `${path}?${new URLSearchParams(Object.entries(input as Schema).map(([k, v]) => [k, String(v)])).toString()}`
      : path;
  if (route.url.startsWith('/ops/')) return service.ops(route.method, target, body);
  return service.call(key, route.method, target, body === undefined ? {} : { body });
}

describe('no date, instant or month an operation takes answers a 500', () => {
  it('holds for values drawn over every such field of every operation', async () => {
    const probes = service.app.routeInputs.flatMap(probesOf);
    // The walk finds them all (29 when this was written): an empty walk would prove nothing.
    expect(probes.length).toBeGreaterThan(25);
    const shapes = new Set(probes.map((p) => p.slot.shape));
    expect([...shapes].sort()).toEqual(['date', 'date-time', 'month']);
    for (const probe of probes) {
      await fc.assert(
        fc.asyncProperty(textOf(probe.slot.shape), async (value) => {
          const answer = await send(probe, value);
          expect(
            answer.status,
            `${probe.route.method} ${probe.route.url} ${probe.slot.where} = ${JSON.stringify(value)}: ${JSON.stringify(answer.body)}`,
          ).toBeLessThan(500);
        }),
        { seed: 4141, numRuns: 20, endOnFailure: true },
      );
    }
  }, 240_000);
});
