import { expect, it } from 'vitest';
import { type AnswerLike, type ErrorBody, expectError } from './errors.ts';

/**
 * A table of refused calls, one test per case:
 *
 *   const routed = shared(async () => given.routedRequest({ funder: await given.funder() }));
 *   refusals('an offer with $name is refused with $code', [
 *     { name: 'a rate of 0', body: offerBody({ rate: 0 }), status: 422, code: 'invalid_terms' },
 *     { name: 'an unknown member', body: offerBody({ x: 1 }), status: 422, code: 'body_invalid', field: 'x' },
 *   ], {
 *     send: async ({ body }) => {
 *       const request = await routed();
 *       return decide(request.funder, request, body);
 *     },
 *     unchanged: async () => snapshot(await routed()),
 *   });
 *
 * Each case's answer is the error of its status and code in the envelope (`expectError`), with
 * the field, the message and the members of `error` the case gives; what `unchanged` reads is the
 * same after the call as before it (so `unchanged` makes what the case calls on before it reads).
 * In the title, `$name`, `$code` and `$status` stand for the case's members.
 */
export interface Refusal {
  /** The case in words. */
  name: string;
  status: number;
  code: string;
  /** The member the error names (`error.field`). */
  field?: string;
  /** What the error's message says (matched, not compared whole). */
  message?: RegExp;
  /** What else the error object holds (a part of it: the remaining amount, the current level). */
  error?: Partial<ErrorBody['error']>;
}

export interface RefusalTable<Case extends Refusal> {
  /** The call a case makes. */
  send(refusal: Case): Promise<AnswerLike>;
  /** What a refusal leaves as it was, read before and after each call. */
  unchanged?(refusal: Case): Promise<unknown>;
  /** The test timeout of each case, where the table's calls or fixtures need more than the default. */
  timeout?: number;
}

export function refusals<Case extends Refusal>(
  title: string,
  cases: readonly Case[],
  table: RefusalTable<Case>,
): void {
  for (const refusal of cases) {
    const name = title.replace(/\$(name|code|status)/g, (_, member: 'name' | 'code' | 'status') =>
      String(refusal[member]),
    );
    it(name, table.timeout === undefined ? {} : { timeout: table.timeout }, async () => {
      const before = table.unchanged ? await table.unchanged(refusal) : undefined;
      const error = expectError(await table.send(refusal), refusal.status, refusal.code);
      if (refusal.field !== undefined) expect(error.field).toBe(refusal.field);
      if (refusal.message) expect(error.message).toMatch(refusal.message);
      if (refusal.error) expect(error).toMatchObject(refusal.error);
      if (table.unchanged) expect(await table.unchanged(refusal)).toEqual(before);
    });
  }
}
