import { randomUUID } from 'node:crypto';
import { errorCatalogue } from '../../src/platform/errors.ts';
import type { RouteInputs } from '../../src/platform/http/app.ts';
import {
  ERROR_CODE,
  ERROR_STATUS,
  KEYWORD_CODES,
  UNKNOWN_MEMBER_CODE,
} from '../../src/platform/http/input.ts';

/**
 * Bad-input cases derived from a route's own schemas, so every operation that takes a body or a
 * query string has them, including one added tomorrow: an unknown member, a missing required
 * member, a member of the wrong type, a number out of range and a word not in its list (where the
 * schema has such a member). Each case says the code, status and field the one mapping of schema
 * failures must answer with.
 */

type Schema = Record<string, unknown>;

export interface DerivedCase {
  what: string;
  method: string;
  url: string;
  /** The path with ids filled in, and the query string when the case is about it. */
  target: string;
  body?: unknown;
  status: number;
  code: string;
  field: string;
}

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value the schema takes, good enough to get past it to the member under test. */
export function validValue(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) return validValue(branches.find((b) => b.type !== 'null') ?? branches[0]!);
  switch (schema.type) {
    case 'string': {
      // A schema that gives an example of itself (a pattern the cases cannot guess) is taken at it.
      if (Array.isArray(schema.examples) && typeof schema.examples[0] === 'string') return schema.examples[0];
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date') return '2026-09-01';
      if (schema.format === 'date-time') return '2026-09-01T10:00:00Z';
      if (schema.format === 'email') return 'someone@example.test';
      if (schema.format === 'uri') return 'https://example.test/x';
      if (schema.pattern === '^[A-Za-z]{2}$') return 'ES';
      if (schema.pattern === '^[0-9a-f]{64}$') return 'a'.repeat(64);
      const min = Number(schema.minLength ?? 0);
      const max = Number(schema.maxLength ?? 40);
      return 'Valid text for a test'.padEnd(Math.min(Math.max(min, 10), max), 'x').slice(0, max);
    }
    case 'number':
    case 'integer':
      return Math.max(Number(schema.minimum ?? 1), 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Number(schema.minItems ?? 0) > 0 ? [validValue(schema.items as Schema)] : [];
    case 'object':
      return requiredOf(schema, null);
    default:
      return null;
  }
}

/** The required members of an object filled with valid values, but one. */
function requiredOf(object: Schema, except: string | null): Schema {
  const properties = (object.properties ?? {}) as Record<string, Schema>;
  const out: Schema = {};
  for (const name of (object.required ?? []) as string[]) {
    if (name !== except && properties[name]) out[name] = validValue(properties[name]);
  }
  return out;
}

/** The code a member answers with (its own, or the one its union carries), else the part's. */
function codeOf(member: Schema | undefined, keyword: string, fallback: string): string {
  if (!member) return fallback;
  const byKeyword = isObject(member[KEYWORD_CODES]) ? member[KEYWORD_CODES][keyword] : undefined;
  if (typeof byKeyword === 'string') return byKeyword;
  if (typeof member[ERROR_CODE] === 'string') return member[ERROR_CODE];
  const branches = (member.anyOf ?? member.oneOf) as Schema[] | undefined;
  const coded = branches?.find((b) => typeof b[ERROR_CODE] === 'string');
  return coded ? String(coded[ERROR_CODE]) : fallback;
}

function statusOf(code: string, member: Schema | undefined): number {
  if (member && typeof member[ERROR_STATUS] === 'number') return member[ERROR_STATUS];
  return errorCatalogue[code as keyof typeof errorCatalogue];
}

/** A value of another JSON type than any the member takes. */
function wrongType(member: Schema): unknown | undefined {
  const text = JSON.stringify(member);
  const takes = (type: string) => text.includes(`"type":"${type}"`) || text.includes(`"${type}"`);
  if (!takes('object')) return { not: 'this' };
  if (!takes('array')) return ['not', 'this'];
  return undefined;
}

/** The body's object: the first object branch of a plain union, the first branch of a discriminated one. */
function objectOf(body: Schema): { object: Schema; tag: Schema } | null {
  if (body.type === 'object') return { object: body, tag: {} };
  const branches = (body.anyOf ?? body.oneOf) as Schema[] | undefined;
  const first = branches?.find((b) => b.type === 'object');
  if (!first) return null;
  const discriminator = (body.discriminator as Schema | undefined)?.propertyName;
  if (typeof discriminator !== 'string') return { object: first, tag: {} };
  const tag = ((first.properties as Schema)[discriminator] as Schema).const;
  return { object: first, tag: { [discriminator]: tag } };
}

function objectCases(
  object: Schema,
  tag: Schema,
  part: 'body' | 'query',
  make: (value: Schema) => Pick<DerivedCase, 'target' | 'body'>,
): Omit<DerivedCase, 'method' | 'url'>[] {
  const fallback = part === 'body' ? 'body_invalid' : 'query_invalid';
  const properties = (object.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties).filter((name) => !(name in tag));
  const cases: Omit<DerivedCase, 'method' | 'url'>[] = [];
  const base = { ...requiredOf(object, null), ...tag };
  const unknownCode =
    typeof object[UNKNOWN_MEMBER_CODE] === 'string' ? object[UNKNOWN_MEMBER_CODE] : fallback;
  cases.push({
    what: 'an unknown member',
    ...make({ ...base, zz_unknown: '1' }),
    status: errorCatalogue[unknownCode as keyof typeof errorCatalogue],
    code: unknownCode,
    field: 'zz_unknown',
  });
  const required = ((object.required ?? []) as string[]).find((name) => !(name in tag));
  if (required) {
    const { [required]: _left, ...rest } = base;
    const code = codeOf(
      properties[required],
      'required',
      typeof object[ERROR_CODE] === 'string' ? String(object[ERROR_CODE]) : fallback,
    );
    cases.push({
      what: `no ${required}`,
      ...make(rest),
      status: statusOf(code, properties[required]),
      code,
      field: required,
    });
  }
  // The member under test comes first in its object, so the members after it are not reached.
  const first = names[0];
  if (part === 'body' && first) {
    const wrong = wrongType(properties[first]!);
    if (wrong !== undefined) {
      const code = codeOf(properties[first], 'type', fallback);
      cases.push({
        what: `${first} of the wrong type`,
        ...make({ ...requiredOf(object, first), ...tag, [first]: wrong }),
        status: statusOf(code, properties[first]),
        code,
        field: first,
      });
    }
  }
  for (const name of names) {
    const member = properties[name]!;
    const plain =
      ((member.anyOf ?? member.oneOf) as Schema[] | undefined)?.find((b) => b.type !== 'null') ?? member;
    const prior = { ...requiredOf(object, name), ...tag };
    if (typeof plain.maximum === 'number' && !cases.some((c) => c.what.startsWith('out of range'))) {
      const code = codeOf(member, 'maximum', fallback);
      const value = plain.type === 'integer' ? plain.maximum + 1 : plain.maximum * 2 + 1;
      cases.push({
        what: `out of range: ${name}`,
        ...make({ ...prior, [name]: part === 'query' ? String(value) : value }),
        status: statusOf(code, member),
        code,
        field: name,
      });
    }
    // Every date and instant: one a schema's pattern would take but the calendar has not.
    if (plain.format === 'date' || plain.format === 'date-time') {
      const code = codeOf(member, 'format', fallback);
      for (const value of plain.format === 'date'
        ? ['0000-01-01', '2026-02-30']
        : ['2026-06-30T23:59:60Z', '0000-01-01T00:00:00Z', '2026-06-30T10:00:00+15:00']) {
        cases.push({
          what: `an impossible ${plain.format}: ${name} ${value}`,
          ...make({ ...prior, [name]: value }),
          status: statusOf(code, member),
          code,
          field: name,
        });
      }
    }
    if (Array.isArray(plain.enum) && !cases.some((c) => c.what.startsWith('not one of'))) {
      const code = codeOf(member, 'enum', fallback);
      cases.push({
        what: `not one of its words: ${name}`,
        ...make({ ...prior, [name]: 'zz-not-one' }),
        status: statusOf(code, member),
        code,
        field: name,
      });
    }
  }
  return cases;
}

/** Every case of one route; none when it takes neither a body nor a query string. */
export function casesOf(route: RouteInputs): DerivedCase[] {
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_all, name: string) =>
    name === 'line'
      ? '1'
      : name === 'date'
        ? '2026-09-01'
        : name === 'volume'
          ? `export-${randomUUID()}-001.zip`
          : randomUUID(),
  );
  const out: DerivedCase[] = [];
  const body = isObject(route.body) ? route.body : null;
  const found = body ? objectOf(body) : null;
  if (found) {
    for (const c of objectCases(found.object, found.tag, 'body', (value) => ({
      target: path,
      body: value,
    }))) {
      out.push({ ...c, method: route.method, url: route.url });
    }
  }
  const query = isObject(route.querystring) ? route.querystring : null;
  if (query?.type === 'object') {
    // The body is checked before the query string: a query case sends a body that passes.
    const goodBody = found ? { ...requiredOf(found.object, null), ...found.tag } : undefined;
    const cases = objectCases(query, {}, 'query', (value) => ({
      target: `${path}?${new URLSearchParams(Object.entries(value).map(([k, v]) => [k, String(v)])).toString()}`,
      ...(goodBody ? { body: goodBody } : {}),
    }));
    for (const c of cases) out.push({ ...c, what: `query: ${c.what}`, method: route.method, url: route.url });
  }
  return out;
}

/** Whether the route takes a body or a query string at all. */
export const takesInput = (route: RouteInputs): boolean =>
  isObject(route.body) || isObject(route.querystring);
