import { expect } from 'vitest';
import { ApiError } from '../../src/platform/errors.ts';

/** The error envelope every non-2xx answer carries. */
export type ErrorBody = {
  error: Record<string, unknown> & { code: string; message: string; request_id: string };
};

export interface AnswerLike {
  status: number;
  body: unknown;
  headers?: Record<string, unknown>;
}

/** The answer's body when it is a success (below 300); else the test fails, naming `what`. */
export function expectOk<T>(answer: { status: number; body: T }, what: string): T {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The answer's error object (undefined when it has none). */
export const errorOf = (answer: { body: unknown }): ErrorBody['error'] => (answer.body as ErrorBody).error;

/** The answer's error code (undefined when it has none). */
export const errorCode = (answer: { body: unknown }): string | undefined => errorOf(answer)?.code;

/**
 * The answer is an error of this status and code, in the envelope: a message, and the request
 * id the `request-id` header carries. Answers the error object for further checks.
 */
export function expectError(answer: AnswerLike, status: number, code: string): ErrorBody['error'] {
  expect({ status: answer.status, code: errorCode(answer) }).toEqual({ status, code });
  const error = errorOf(answer);
  expect(error.message).toEqual(expect.any(String));
  const requestId = answer.headers?.['request-id'];
  if (requestId !== undefined) expect(error.request_id).toBe(requestId);
  return error;
}

/** The ApiError a function throws; fails the test when it throws nothing or something else. */
export function refused(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError, and nothing was thrown');
}
