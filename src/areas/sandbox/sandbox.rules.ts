import type { FunderCaller } from '../../platform/caller.ts';
import { scopeOf } from '../../platform/caller.ts';
import { ApiError, type ErrorCode } from '../../platform/errors.ts';
import type { WriteScope } from '../../platform/write.ts';
import { funderMover, type RequestLifecycle } from '../requests/requests.module.ts';

export const NEW_REQUEST = 'POST /v1/sandbox/requests makes a new request routed to you.';

/** What an integrator can do instead, per refusal of a helper: a helper never leaves it stuck. */
export const ACCEPT_ADVICE: Partial<Record<ErrorCode, string>> = {
  invalid_state:
    'The seller can only accept a pending offer of yours on a request in terms_sent: send one first with POST /v1/requests/{id}/decision (decision offer), or see the request status with GET /v1/requests/{id}.',
  not_found: `This key cannot see that request. ${NEW_REQUEST}`,
};

export const DEBTOR_ADVICE: Partial<Record<ErrorCode, string>> = {
  not_factoring: `Only factoring requests have notices: ${NEW_REQUEST} (type factoring is the default).`,
  request_not_in_flight: `Its notices are closed. ${NEW_REQUEST}`,
  notice_already_decided:
    'A debtor that signed below the level required can sign again with a higher level (for example level acceptance); a debtor that met it, or disputed, has nothing left to sign. ' +
    NEW_REQUEST,
  not_found:
    'Check that the request is one of yours (GET /v1/requests) and that debtor_tax_id names a debtor of its invoices, or leave debtor_tax_id out to answer for every debtor.',
};

/** Runs a helper; a refusal keeps its code and status and gains what to do instead. */
export async function withAdvice<T>(
  advice: Partial<Record<ErrorCode, string>>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const hint = err instanceof ApiError ? advice[err.code] : undefined;
    if (!hint || !(err instanceof ApiError)) throw err;
    throw new ApiError(err.entry, `${err.message} ${hint}`, {
      extra: err.extra,
      headers: err.headers,
    });
  }
}

/**
 * Locks one of the caller's requests for a helper's write; a request routed to another funder
 * is refused (`why`: what the other funder's request would need instead).
 */
export async function lockRoutedToCaller(
  deps: { lifecycle: Pick<RequestLifecycle, 'lock'> },
  scope: WriteScope,
  caller: FunderCaller,
  id: string,
  why?: string,
) {
  const request = await deps.lifecycle.lock(scope.tx, funderMover(scopeOf(caller)), id);
  if (request.assigned_funder_id !== caller.funderId) {
    throw new ApiError(
      'not_routed_to_you',
      `This request is routed to another funder${why ? `: ${why}` : ''}. ${NEW_REQUEST}`,
    );
  }
  return request;
}
