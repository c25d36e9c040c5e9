import { type TSchema, Type } from 'typebox';
import { type ErrorCode, type ErrorName, errorCases } from '../errors.ts';
import { MAX_AMOUNT_EUROS } from '../money.ts';
import { REASON_MAX, REASON_MIN } from '../reasons.ts';

/**
 * Builders for input schemas (bodies, query strings, path parameters). Each one carries the
 * spec's error code for its field in the `x-error-code` keyword; the mapping beside the error
 * handler (`input-errors.ts`) reads it when the field fails, and the OpenAPI document shows it.
 */

/** The keyword naming the error code a field answers with when it fails its schema. */
export const ERROR_CODE = 'x-error-code';
/** Codes for particular keywords of a field ({maxLength: 'source_ref_too_long'}), before its own. */
export const KEYWORD_CODES = 'x-error-codes';
/** Members added to the error beside code and message (for example the import's row code). */
export const ERROR_EXTRA = 'x-error-extra';
/**
 * Beside the code of a case of the catalogue (errors.ts `errorCases`, e.g. reason_required 422):
 * the status that case answers with, which the mapping and the document read.
 */
export const ERROR_STATUS = 'x-error-status';
/** On an object: the code for a member it does not know (default: body_invalid/query_invalid). */
export const UNKNOWN_MEMBER_CODE = 'x-unknown-member-code';
/**
 * On a list: its items are checked one by one by the service (platform/http/validators.ts
 * `itemChecker`) and answered each on its own; the request validator checks only the list.
 */
export const PER_ITEM = 'x-checked-per-item';
/** On a branch of a discriminated union: the name the document gives it as a component. */
export const COMPONENT = 'x-component';
/** On a pattern-bearing string: how to say what the pattern wants, in a message. */
export const PATTERN_HINT = 'x-pattern-hint';

/** Largest whole number a PostgreSQL `integer` column holds. */
export const MAX_INT4 = 2_147_483_647;

/**
 * Text as the database can store it: no control character other than tab, line feed and
 * carriage return, and no half of a surrogate pair (PostgreSQL refuses both). Ajv tests patterns
 * with the `u` flag, so a well-formed pair is one character and only a lone half matches the
 * surrogate range.
 */
export const SAFE_TEXT = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$';
export const SAFE_TEXT_HINT =
  'must not contain control characters (other than tab and line breaks) or unpaired surrogates';

interface Common {
  /** The field's code, or a case of the catalogue where the spec gives that code another status. */
  code?: ErrorName;
  byKeyword?: Partial<Record<string, ErrorCode>>;
  extra?: Record<string, unknown>;
  description?: string;
  examples?: unknown[];
  default?: unknown;
}

function annotate(common: Common): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (common.code && Object.hasOwn(errorCases, common.code)) {
    const entry = errorCases[common.code as keyof typeof errorCases];
    out[ERROR_CODE] = entry.code;
    out[ERROR_STATUS] = entry.status;
  } else if (common.code) {
    out[ERROR_CODE] = common.code;
  }
  if (common.byKeyword) out[KEYWORD_CODES] = common.byKeyword;
  if (common.extra) out[ERROR_EXTRA] = common.extra;
  if (common.description) out.description = common.description;
  if (common.examples) out.examples = common.examples;
  if (common.default !== undefined) out.default = common.default;
  return out;
}

/** Free text: bounded, and refusing what the database cannot store. */
export function Text(options: Common & { min?: number; max: number; pattern?: string; hint?: string }) {
  return Type.String({
    ...annotate(options),
    ...(options.min ? { minLength: options.min } : {}),
    maxLength: options.max,
    pattern: options.pattern ?? SAFE_TEXT,
    [PATTERN_HINT]: options.pattern ? options.hint : SAFE_TEXT_HINT,
  });
}

/** One of a fixed list of words. */
export function OneOf<const T extends readonly string[]>(values: T, options: Common = {}) {
  return Type.Enum([...values] as unknown as T[number][], annotate(options));
}

/** A whole number within bounds the database also holds. */
export function Int(options: Common & { min: number; max: number }) {
  return Type.Integer({ ...annotate(options), minimum: options.min, maximum: options.max });
}

/** Euros as a JSON number, exact to the cent, within the one bound of `platform/money.ts`. */
export function Euros(options: Common & { positive?: boolean }) {
  return Type.Number({
    ...annotate(options),
    ...(options.positive ? { minimum: 0.01 } : { minimum: 0 }),
    maximum: MAX_AMOUNT_EUROS,
    multipleOf: 0.01,
  });
}

/** A percentage above 0 up to 100 with at most four decimals, as numeric(7,4) holds it. */
export function Percent(options: Common) {
  return Type.Number({ ...annotate(options), minimum: 0.0001, maximum: 100, multipleOf: 0.0001 });
}

/** A calendar date, YYYY-MM-DD. */
export function DateText(options: Common = {}) {
  return Type.String({ ...annotate(options), format: 'date' });
}

/** An instant, ISO 8601 date-time with an offset or Z. */
export function DateTimeText(options: Common = {}) {
  return Type.String({ ...annotate(options), format: 'date-time', maxLength: 64 });
}

export function Flag(options: Common = {}) {
  return Type.Boolean(annotate(options));
}

export function Id(options: Common = {}) {
  return Type.String({ ...annotate(options), format: 'uuid' });
}

/** `schema` or null; the field's code stays on the union so a wrong type answers with it. */
export function OrNull<T extends TSchema>(schema: T) {
  const own = schema as Record<string, unknown>;
  const carried: Record<string, unknown> = {};
  for (const key of [ERROR_CODE, ERROR_STATUS, ERROR_EXTRA, 'description'])
    if (own[key] !== undefined) carried[key] = own[key];
  return Type.Union([schema, Type.Null()], carried);
}

/**
 * A reason kept on the evidence chain, answered 422 reason_required: its length as sent. That
 * spaces alone are no reason the schema cannot say; the service checks it with `requireReason`
 * (platform/reasons.ts), the one rule.
 */
export function Reason(description = `Why, at least ${REASON_MIN} characters; kept on the evidence chain`) {
  return Text({ code: 'evidence_reason_required', min: REASON_MIN, max: REASON_MAX, description });
}

/** A list, its own code on the list and (unless they have theirs) on its items. */
export function List<T extends TSchema>(
  items: T,
  options: Common & { min?: number; max: number; perItem?: boolean },
) {
  return Type.Array(items, {
    ...annotate(options),
    ...(options.perItem ? { [PER_ITEM]: true } : {}),
    ...(options.min ? { minItems: options.min } : {}),
    maxItems: options.max,
  });
}

/** A body or query object: members it does not know are refused, not dropped. */
export function Fields<P extends Record<string, TSchema>>(
  properties: P,
  options: {
    description?: string;
    unknownCode?: ErrorCode;
    code?: ErrorCode;
    nonEmpty?: boolean;
    /** A branch of a discriminated union: its name under `components.schemas` in the document. */
    component?: string;
  } = {},
) {
  return Type.Object(properties, {
    additionalProperties: false,
    ...(options.component ? { [COMPONENT]: options.component } : {}),
    ...(options.nonEmpty ? { minProperties: 1 } : {}),
    ...(options.description ? { description: options.description } : {}),
    ...(options.unknownCode ? { [UNKNOWN_MEMBER_CODE]: options.unknownCode } : {}),
    ...(options.code ? { [ERROR_CODE]: options.code } : {}),
  });
}

const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where in a parsed input the first text the database could not store is (a member's value or
 * its name), as a JSON pointer; null when there is none. Every input passes this after its
 * schema, so a field whose schema is not built with `Text` is covered too.
 */
export function unsafeTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextAt(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, member] of Object.entries(value)) {
    const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (UNSAFE_TEXT.test(key)) return at;
    const found = unsafeTextAt(member, at);
    if (found !== null) return found;
  }
  return null;
}
