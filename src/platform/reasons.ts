import { ApiError } from './errors.ts';

/**
 * The one rule for a reason kept on the evidence chain: at least `REASON_MIN` characters once
 * leading and trailing spaces are taken off, at most `REASON_MAX` as sent. The input schema
 * (`Reason()` in platform/http/input.ts) checks the length as sent; what a schema cannot say
 * (spaces alone are no reason) is checked here, by every service that takes one.
 */
export const REASON_MIN = 8;
export const REASON_MAX = 1000;

/**
 * The reason, trimmed, or a 422 `reason_required` naming `field`: the catalogue's case
 * `evidence_reason_required` (the code's own 400 is a decline that says neither why nor anything
 * to the seller).
 */
export function requireReason(value: string | null | undefined, field = 'reason'): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed.length < REASON_MIN) {
    // Worded as the schema words a reason too short as sent, with what it cannot see.
    throw new ApiError(
      'evidence_reason_required',
      `${field} must be at least ${REASON_MIN} characters long, leading and trailing spaces aside.`,
      { extra: { field } },
    );
  }
  return trimmed;
}

/** A reason that may be left out: null when it is, else held to the same rule. */
export function optionalReason(value: string | null | undefined, field = 'reason'): string | null {
  return value === undefined || value === null ? null : requireReason(value, field);
}
