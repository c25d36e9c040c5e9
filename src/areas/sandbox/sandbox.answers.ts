import { type FunderCaller, requireSandbox, scopeOf } from '../../platform/caller.ts';
import { funderMover } from '../requests/requests.module.ts';
import type { ConsentLevel } from '../settings/settings.module.ts';
import type { SandboxDeps } from './sandbox.deps.ts';
import { ACCEPT_ADVICE, DEBTOR_ADVICE, lockRoutedToCaller, withAdvice } from './sandbox.rules.ts';

/** The seller's and the debtors' answers, played on one of the caller's requests. */
export function createSandboxAnswers(deps: SandboxDeps) {
  return {
    /**
     * POST /v1/sandbox/requests/{id}/accept: the seller accepts the caller's offer. Whether the
     * caller may act on the request is checked inside the write, on the locked row.
     */
    async accept(caller: FunderCaller, id: string) {
      requireSandbox(caller);
      // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
      return withAdvice(ACCEPT_ADVICE, () =>
        deps.write(caller, async (scope) => {
          await lockRoutedToCaller(deps, scope, caller, id, 'its seller answers that offer');
          await deps.parties.sellerAnswerIn(scope, id, 'accept');
          return { request: await deps.requests.item(caller, id, scope.tx) };
        }),
      );
    },

    /**
     * POST /v1/sandbox/requests/{id}/debtor-answer: one debtor (or every debtor) answers its
     * notice. A debtor that signed below the level required signs a new declaration when asked
     * for a higher level, as a real debtor would.
     */
    async debtorAnswer(
      caller: FunderCaller,
      id: string,
      input: {
        debtor_tax_id?: string | null;
        answer: 'acknowledged' | 'disputed';
        level?: ConsentLevel | null;
      },
    ) {
      requireSandbox(caller);
      return withAdvice(DEBTOR_ADVICE, () =>
        deps.write(caller, async (scope) => {
          await deps.lifecycle.lock(scope.tx, funderMover(scopeOf(caller)), id);
          await deps.parties.debtorAnswerIn(scope, id, {
            debtor_tax_id: input.debtor_tax_id ?? null,
            answer: input.answer,
            level: input.level ?? null,
            channel: 'sandbox',
            signer: { name: 'Sandbox signer', role: 'Accounts payable' },
            reason: input.answer === 'disputed' ? 'Disputed through the sandbox helper.' : null,
          });
          return { request: await deps.requests.item(caller, id, scope.tx) };
        }),
      );
    },
  };
}
