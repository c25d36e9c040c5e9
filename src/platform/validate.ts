import { ApiError, type ErrorCode } from './errors.ts';

/**
 * Reading a JSON body field by field, so each bad field is answered with the spec's own code
 * (invalid_terms, invalid_amount, ...) instead of a generic schema error.
 */
export type Body = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function asBody(value: unknown): Body {
  if (!isObject(value)) {
    throw new ApiError('body_invalid', 'The body must be a JSON object.');
  }
  return value as Body;
}

/** Refuses members the operation does not know: a typo must not be silently ignored. */
export function onlyKnown(body: Body, known: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new ApiError(
      'body_invalid',
      `Unknown member(s): ${unknown.join(', ')}. Allowed: ${known.join(', ')}.`,
      {
        extra: { field: unknown[0] },
      },
    );
  }
}

const fieldError = (code: ErrorCode, field: string, message: string) =>
  new ApiError(code, message, { extra: { field } });

export function optionalString(
  body: Body,
  field: string,
  code: ErrorCode,
  limits: { min?: number; max: number },
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw fieldError(code, field, `${field} must be a string.`);
  const length = value.trim().length;
  if (length < (limits.min ?? 0) || value.length > limits.max) {
    throw fieldError(code, field, `${field} must be ${limits.min ?? 0} to ${limits.max} characters long.`);
  }
  return value;
}

export function optionalNumber(body: Body, field: string, code: ErrorCode): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw fieldError(code, field, `${field} must be a number.`);
  return value;
}

export function optionalInteger(
  body: Body,
  field: string,
  code: ErrorCode,
  range: { min: number; max: number },
): number | undefined {
  const value = optionalNumber(body, field, code);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw fieldError(code, field, `${field} must be a whole number from ${range.min} to ${range.max}.`);
  }
  return value;
}

export function optionalBoolean(body: Body, field: string, code: ErrorCode): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw fieldError(code, field, `${field} must be true or false.`);
  return value;
}
