import type { ErrorObject } from 'ajv';
import { ApiError, type ErrorCase, type ErrorCode, type ErrorName, errorCases } from '../errors.ts';
import {
  ERROR_CODE,
  ERROR_EXTRA,
  ERROR_STATUS,
  KEYWORD_CODES,
  PATTERN_HINT,
  PER_ITEM,
  UNKNOWN_MEMBER_CODE,
} from './input.ts';

/**
 * The one mapping from a schema failure to the answer a caller gets: the spec's code for the
 * field where its schema names one (`x-error-code`), else body_invalid / query_invalid; and a
 * message naming the field's path and what it must be (for a list of words, the list).
 */

export type InputPart = 'body' | 'querystring' | 'params' | 'headers';

/** The code a part answers with when the failing field names none. */
export const DEFAULT_CODES: Readonly<Record<InputPart, ErrorCode>> = {
  body: 'body_invalid',
  querystring: 'query_invalid',
  // A path id that cannot be one is a resource that does not exist.
  params: 'not_found',
  headers: 'body_invalid',
};

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every code a schema can answer with, as data: the default of its part plus each field's own.
 * The OpenAPI document lists an operation's codes from it.
 */
export function codesOfSchema(schema: unknown, part: InputPart): ErrorCode[] {
  const codes = new Set<ErrorCode>([DEFAULT_CODES[part]]);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const key of [ERROR_CODE, UNKNOWN_MEMBER_CODE]) {
      if (typeof node[key] === 'string') codes.add(node[key] as ErrorCode);
    }
    if (isObject(node[KEYWORD_CODES])) {
      for (const code of Object.values(node[KEYWORD_CODES])) codes.add(code as ErrorCode);
    }
    // Items checked one by one are answered in the 200 (an import's rows), not as errors.
    for (const [key, value] of Object.entries(node))
      if (!(key === 'items' && node[PER_ITEM] === true)) walk(value);
  };
  walk(schema);
  return [...codes].sort();
}

/** "/rows/3/amount" → "rows[3].amount". */
export function fieldPath(instancePath: string, member?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (member !== undefined) parts.push(member);
  let out = '';
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const list = (values: unknown[]) => values.map((v) => (v === null ? 'null' : String(v))).join(', ');

/** What a schema accepts, in words, for a union's message. */
function describe(schema: unknown): string {
  if (!isObject(schema)) return 'a valid value';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${list(schema.enum)}`;
  if (typeof schema.format === 'string') return FORMAT_WORDS[schema.format] ?? `a ${schema.format}`;
  if (typeof schema.type === 'string') return TYPE_WORDS[schema.type] ?? schema.type;
  return 'a valid value';
}

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date written YYYY-MM-DD',
  'date-time': 'an ISO 8601 date-time with a time zone, such as 2026-09-23T10:00:00Z',
  uuid: 'a UUID',
  uri: 'an absolute URL',
  email: 'an e-mail address',
};

function detail(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as Schema;
  switch (error.keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'enum':
      return `must be one of ${list(params.allowedValues as unknown[])}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'anyOf': {
      const members = (parent.anyOf as unknown[]) ?? [];
      if (members.every((m) => isObject(m) && 'const' in m)) {
        return `must be one of ${list(members.map((m) => (m as Schema).const))}`;
      }
      return `must be ${members.map(describe).join(' or ')}`;
    }
    case 'minLength':
      return `must be at least ${params.limit} characters long`;
    case 'maxLength':
      return `must be at most ${params.limit} characters long`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be above ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be below ${params.limit}`;
    case 'multipleOf': {
      const step = String(params.multipleOf);
      const decimals = step.includes('.') ? step.split('.')[1]!.length : 0;
      return decimals > 0 ? `must have at most ${decimals} decimals` : `must be a multiple of ${step}`;
    }
    case 'pattern':
      return typeof parent[PATTERN_HINT] === 'string'
        ? String(parent[PATTERN_HINT])
        : `must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `must be ${FORMAT_WORDS[String(params.format)] ?? `in the ${String(params.format)} format`}`;
    case 'minItems':
      return `must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'minProperties':
      return `must have at least ${params.limit} member${params.limit === 1 ? '' : 's'}`;
    case 'maxProperties':
      return `must have at most ${params.limit} members`;
    case 'uniqueItems':
      return 'must not list the same item twice';
    default:
      return error.message ?? 'is not valid';
  }
}

/** The part of the failure to report: one branch of a discriminated union, the whole of any other. */
function narrow(errors: ErrorObject[]): ErrorObject[] | ErrorObject {
  let current = errors;
  for (;;) {
    const union = current.find(
      (e) => e.keyword === 'anyOf' && isObject((e.parentSchema as Schema | undefined)?.discriminator),
    );
    if (!union) return current;
    const parent = union.parentSchema as Schema;
    const property = String((parent.discriminator as Schema).propertyName);
    const branches = (parent.anyOf as Schema[]) ?? [];
    const data = union.data;
    if (!isObject(data)) {
      return { ...union, keyword: 'type', params: { type: 'object' }, parentSchema: {} };
    }
    const tag = data[property];
    const index = branches.findIndex(
      (b) => isObject(b.properties) && (b.properties[property] as Schema | undefined)?.const === tag,
    );
    if (index < 0) {
      const allowed = branches.map((b) => ((b.properties as Schema)[property] as Schema).const);
      const missing = tag === undefined;
      return {
        ...union,
        keyword: missing ? 'required' : 'enum',
        params: missing ? { missingProperty: property } : { allowedValues: allowed },
        instancePath: missing ? union.instancePath : `${union.instancePath}/${property}`,
        // The discriminator's code is the union's own.
        parentSchema: missing ? { properties: { [property]: parent } } : parent,
      };
    }
    const prefix = `${union.schemaPath}/${index}/`;
    const inBranch = current.filter((e) => e.schemaPath.startsWith(prefix));
    if (inBranch.length === 0) return current;
    current = inBranch;
  }
}

/** Of the errors left, the one to report: a plain union is reported as a whole. */
function pick(errors: ErrorObject[]): ErrorObject | undefined {
  const first = errors.find((e) => e.keyword !== 'anyOf') ?? errors[0];
  if (!first) return undefined;
  const union = errors.find(
    (e) =>
      e.keyword === 'anyOf' &&
      e !== first &&
      first.schemaPath.startsWith(`${e.schemaPath}/`) &&
      first.instancePath === e.instancePath,
  );
  if (!union) return first;
  // A union whose data matched one branch's type (text given for "text or null") is reported
  // by that branch: the length, not "must be text or null".
  const branches = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e === union || !e.schemaPath.startsWith(`${union.schemaPath}/`)) continue;
    const index = e.schemaPath.slice(union.schemaPath.length + 1).split('/')[0]!;
    branches.set(index, [...(branches.get(index) ?? []), e]);
  }
  const matched = [...branches.values()].filter((list) => list[0]!.keyword !== 'type');
  if (matched.length === 1) return pick(matched[0]!);
  return union;
}

interface Coded {
  code: ErrorName;
  extra?: Record<string, unknown>;
}

/** The case of the catalogue a schema named by its code and status (input.ts `ERROR_STATUS`). */
function caseOf(code: ErrorCode, status: number): ErrorCase {
  const found = (Object.keys(errorCases) as ErrorCase[]).find(
    (name) => errorCases[name].code === code && errorCases[name].status === status,
  );
  if (!found) throw new Error(`no case of the error catalogue answers ${code} with ${status}`);
  return found;
}

function codeFor(error: ErrorObject, part: InputPart): Coded {
  const parent = (error.parentSchema ?? {}) as Schema;
  const own = (schema: unknown): Coded | undefined => {
    if (!isObject(schema)) return undefined;
    const byKeyword = isObject(schema[KEYWORD_CODES]) ? schema[KEYWORD_CODES][error.keyword] : undefined;
    if (typeof byKeyword === 'string') return { code: byKeyword as ErrorCode };
    if (typeof schema[ERROR_CODE] !== 'string') return undefined;
    const code = schema[ERROR_CODE] as ErrorCode;
    return {
      code: typeof schema[ERROR_STATUS] === 'number' ? caseOf(code, schema[ERROR_STATUS]) : code,
      ...(isObject(schema[ERROR_EXTRA]) ? { extra: schema[ERROR_EXTRA] } : {}),
    };
  };
  const fallback = { code: DEFAULT_CODES[part] };
  if (error.keyword === 'required') {
    const member = String((error.params as Record<string, unknown>).missingProperty);
    const properties = isObject(parent.properties) ? parent.properties : {};
    return own(properties[member]) ?? own(parent) ?? fallback;
  }
  if (error.keyword === 'additionalProperties') {
    return typeof parent[UNKNOWN_MEMBER_CODE] === 'string'
      ? { code: parent[UNKNOWN_MEMBER_CODE] as ErrorCode }
      : fallback;
  }
  return own(parent) ?? fallback;
}

const PART_WORDS: Record<InputPart, string> = {
  body: 'The body',
  querystring: 'The query string',
  params: 'The path',
  headers: 'The headers',
};

/** A schema failure as the ApiError the caller receives. */
export function inputError(errors: readonly ErrorObject[], part: InputPart): ApiError {
  const narrowed = narrow([...errors]);
  const error = Array.isArray(narrowed) ? pick(narrowed) : narrowed;
  if (!error) return new ApiError(DEFAULT_CODES[part], `${PART_WORDS[part]} is not valid.`);
  const { code, extra } = codeFor(error, part);
  const params = error.params as Record<string, unknown>;
  let field: string;
  let message: string;
  if (error.keyword === 'required') {
    field = fieldPath(error.instancePath, String(params.missingProperty));
    message = `${field} is required.`;
  } else if (error.keyword === 'additionalProperties') {
    field = fieldPath(error.instancePath, String(params.additionalProperty));
    const parent = (error.parentSchema ?? {}) as Schema;
    const known = isObject(parent.properties) ? Object.keys(parent.properties) : [];
    message = `"${field}" is not a field here${known.length > 0 ? `; known fields: ${known.join(', ')}` : ''}.`;
  } else {
    field = fieldPath(error.instancePath);
    message = `${field === '' ? PART_WORDS[part] : field} ${detail(error)}.`;
  }
  if (part === 'params') return new ApiError('not_found', `No such resource: ${message}`);
  return new ApiError(code, message, { extra: { field: field === '' ? null : field, ...extra } });
}
