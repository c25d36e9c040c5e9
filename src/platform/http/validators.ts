import { Ajv, type ValidateFunction } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types/index.js';
import formatsPlugin from 'ajv-formats';
import type { Static, TSchema } from 'typebox';
import type { ApiError } from '../errors.ts';
import { PATTERN_HINT, PER_ITEM, SAFE_TEXT, SAFE_TEXT_HINT, unsafeTextAt } from './input.ts';
import { type InputPart, inputError } from './input-errors.ts';

/**
 * The validators Fastify checks inputs with (set in app.ts), and the same checks for one item of
 * a list answered item by item (an import's rows), so both read a schema the same way.
 */

/** The options both validators share; they differ only in reading types from text. */
function makeAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    // The failing schema travels with each error: the mapping reads the field's code from it.
    verbose: true,
    // Cents and four-decimal percentages are checked with multipleOf, within float noise.
    multipleOfPrecision: 9,
  });
  (formatsPlugin as unknown as (ajv: Ajv) => void)(ajv);
  realDatesOnly(ajv);
  exactDecimalSteps(ajv);
  return ajv;
}

/** RFC 3339's date-time as the formats plugin reads it: `T` or a space, optional fraction, Z or an offset. */
const DATE_TIME =
  /^(\d{4})-(\d\d)-(\d\d)[Tt ]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d+)?(?:[Zz]|[+-](\d\d):?(\d\d))?$/;
const DATE = /^(\d{4})-(\d\d)-(\d\d)$/;

/** Whether year, month and day name a day of the calendar, from the year 1 on. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/**
 * `date` and `date-time` accept only instants the service can compute with: a day of the
 * calendar from the year 1 on (no 0000-01-01, no 30 February), no leap second (`23:59:60`, which
 * JavaScript's dates cannot hold), an offset of at most 14 hours (the widest in use), a time zone
 * always given, an instant within the years 1 to 9999 in UTC too, and text that `Date` reads. Anything else fails the format,
 * so it is answered with the field's 422 code by the one mapping, never a 500 further on.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

function realDatesOnly(ajv: Ajv): void {
  ajv.addFormat('date', {
    type: 'string',
    validate: (value: string) => {
      const m = DATE.exec(value);
      return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
    },
  });
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => {
      const m = DATE_TIME.exec(value);
      if (m === null || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
      // A time zone is required: Z, or an offset of at most ±14:00.
      const zoned = /[Zz]$/.test(value) || m[7] !== undefined;
      if (!zoned) return false;
      if (m[7] !== undefined && (Number(m[7]) * 60 + Number(m[8]) > 14 * 60 || Number(m[8]) > 59))
        return false;
      // The instant itself, in UTC, stays within the years 1 to 9999 (an offset may carry a
      // day at either end past them, where PostgreSQL and ISO text part ways).
      const at = Date.parse(value.replace(' ', 'T'));
      return at >= FIRST_INSTANT && at <= LAST_INSTANT;
    },
  });
}

export function bodyAjv() {
  // Bodies are taken as sent: no type coercion, unknown members refused rather than dropped.
  return makeAjv(false);
}

export function queryAjv() {
  // Query strings and path parameters are text: numbers and booleans are read from it.
  return makeAjv(true);
}

/** The validators compiled so far, by route schema: bodies, and inputs read from text. */
const compiled = {
  body: new WeakMap<object, ValidateFunction>(),
  text: new WeakMap<object, ValidateFunction>(),
};
let shared: { body: Ajv; text: Ajv } | undefined;

/**
 * The validator of one route input for Fastify (app.ts): bodies taken as sent, path and query
 * parameters read from text, both checked for unsafe text after the schema. A schema is compiled
 * once per process and kept with it: the route schemas are constants, so a second app built in
 * the same process (the test suite builds one per service it starts) reuses the validators
 * instead of compiling them again, about a third of a CPU-second per app.
 */
export function compileInputValidator(schema: object, httpPart: string | undefined): ValidateFunction {
  shared ??= { body: bodyAjv(), text: queryAjv() };
  const kind = httpPart === 'body' ? 'body' : 'text';
  let validate = compiled[kind].get(schema);
  if (!validate) {
    validate = withSafeText(
      kind === 'body' ? shared.body.compile(withoutPerItemChecks(schema)) : shared.text.compile(schema),
    );
    compiled[kind].set(schema, validate);
  }
  return validate;
}

/**
 * After its schema, an input is searched for text the database cannot store (control
 * characters, unpaired surrogates), wherever it is: answered like a schema failure, naming it.
 */
export function withSafeText(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown, context?: unknown) => {
    const valid = (validate as (d: unknown, c?: unknown) => boolean)(data, context);
    checked.errors = validate.errors;
    if (!valid) return false;
    const at = unsafeTextAt(data);
    if (at === null) return true;
    checked.errors = [
      {
        keyword: 'pattern',
        instancePath: at,
        schemaPath: '#',
        params: { pattern: SAFE_TEXT },
        parentSchema: { [PATTERN_HINT]: SAFE_TEXT_HINT },
      },
    ];
    return false;
  }) as ValidateFunction;
  checked.schema = validate.schema;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/**
 * `multipleOf` for decimal steps (0.01 for cents, 0.0001 for percentages) decided on the number
 * as written, not by dividing floats: 1234567.89 / 0.01 is not a whole number in binary floating
 * point, so the stock check refused ordinary amounts above about a million euros.
 */
export function isMultipleOf(value: number, step: number): boolean {
  for (let decimals = 0; decimals <= 10; decimals++) {
    if (step === 10 ** -decimals || step === 1 / 10 ** decimals) {
      return Math.abs(value) < 1e21 && Number(value.toFixed(decimals)) === value;
    }
  }
  const quotient = value / step;
  return Math.abs(Math.round(quotient) - quotient) < 1e-9;
}

function exactDecimalSteps(ajv: Ajv): void {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    compile(step: number, parentSchema) {
      const check = ((value: number): boolean => {
        if (isMultipleOf(value, step)) return true;
        check.errors = [
          {
            keyword: 'multipleOf',
            params: { multipleOf: step },
            message: `must be multiple of ${step}`,
            parentSchema,
          },
        ];
        return false;
      }) as DataValidateFunction;
      return check;
    },
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema as the request validator takes it: a list marked `PER_ITEM` is checked for its
 * length only, its items being checked one by one by the service (`itemChecker`), so one bad
 * item is answered on its own instead of failing the whole body. The document keeps the items.
 */
export function withoutPerItemChecks<T>(schema: T): T {
  if (!hasPerItem(schema)) return schema;
  if (Array.isArray(schema)) return schema.map(withoutPerItemChecks) as T;
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'items' && schema[PER_ITEM] === true ? {} : withoutPerItemChecks(value);
  }
  return out as T;
}

const hasPerItem = (schema: unknown): boolean =>
  Array.isArray(schema)
    ? schema.some(hasPerItem)
    : isObject(schema) && (schema[PER_ITEM] === true || Object.values(schema).some(hasPerItem));

let itemAjv: Ajv | undefined;

/**
 * Checks one item of a `PER_ITEM` list against its schema with the request validator's own
 * settings and error mapping: the value, or the ApiError the item would have been answered with
 * as a body of its own (its code, field and message).
 */
export function itemChecker<T extends TSchema>(schema: T, part: InputPart = 'body') {
  itemAjv ??= bodyAjv();
  const validate = withSafeText(itemAjv.compile(schema));
  return (value: unknown): { value: Static<T> } | { error: ApiError } =>
    validate(value) ? { value: value as Static<T> } : { error: inputError(validate.errors ?? [], part) };
}
