import { type Caller, type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { readPage } from '../../platform/pagination.ts';
import type { Acting } from './clients.invitations.ts';
import { type CreateOnboardingInput, issueOnboardingLink } from './clients.onboarding.create.ts';
import * as store from './clients.onboarding.store.ts';
import { accountCreatedIn, completeIn } from './clients.onboarding.supplier.ts';
import { notOpen, onboardingView, statusOf } from './clients.onboarding.views.ts';
import { createReturnOrigins } from './clients.return-origins.ts';
import { type ClientsDeps, ownKeyOnly } from './clients.shared.ts';
import { offlineVatLookup } from './clients.vat-lookup.ts';

/** Single-use onboarding links for the funder's own suppliers, and their signed return. */
export function createOnboarding(deps: ClientsDeps) {
  const { db, clock, write, secrets } = deps;
  const vatLookup = deps.vatLookup ?? offlineVatLookup;

  /**
   * The funder and plane of the link, and the key narrowing it: a sandbox key's helpers play
   * only the suppliers of the links that key made; the operations team any link.
   */
  async function ownerOf(acting: Acting, id: string): Promise<{ owner: FunderScope; keyId: string | null }> {
    if (acting.caller.kind === 'funder') return { owner: scopeOf(acting.caller), keyId: acting.caller.keyId };
    const row = await store.findOnboardingLinkForOps(db, id);
    if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
    return { owner: { funderId: row.funder_id, plane: row.plane }, keyId: null };
  }

  async function read(caller: FunderCaller, id: string, q: Queryable = db) {
    const row = await store.findOnboardingLink(q, scopeOf(caller), id, ownKeyOnly(caller));
    if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
    return row;
  }

  const { returnOrigins, setReturnOrigins } = createReturnOrigins({ db, write });

  return {
    returnOrigins,
    setReturnOrigins,

    create(caller: FunderCaller, input: CreateOnboardingInput) {
      return issueOnboardingLink({ ...deps, vatLookup }, { returnOrigins, read }, caller, input);
    },

    async list(caller: FunderCaller, query: { limit: number; cursor?: string }) {
      const now = clock.now();
      const page = await readPage(store.ONBOARDING_ORDER, '', query, (read) =>
        store.listOnboardingLinks(db, scopeOf(caller), read, ownKeyOnly(caller)),
      );
      return {
        count: page.rows.length,
        onboarding_links: page.rows.map((row) => onboardingView(row, now)),
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },

    async get(caller: FunderCaller, id: string) {
      return { onboarding_link: onboardingView(await read(caller, id), clock.now()) };
    },

    /**
     * The supplier has submitted its company verification through the link: it is registered
     * (a test company on the demonstration plane for a sandbox link), becomes the funder's
     * client with origin `api`, `onboarding.completed` is queued with the link's metadata, and
     * the answer is the signed URL the supplier is sent back to.
     */
    async complete(acting: Acting, id: string) {
      const { owner, keyId } = await ownerOf(acting, id);
      const caller: Caller = acting.caller;
      return write(caller, (scope) => completeIn(scope, owner, id, keyId, secrets));
    },

    /**
     * The supplier opened its account through the link and has not yet submitted its company
     * verification: the link reads `account_created` until it is completed (or expires, or is
     * revoked). Opening it again changes nothing.
     */
    async accountCreated(acting: Acting, id: string) {
      const { owner, keyId } = await ownerOf(acting, id);
      const caller: Caller = acting.caller;
      return write(caller, (scope) => accountCreatedIn(scope, owner, id, keyId));
    },

    /**
     * The funder stops a link not yet completed: its supplier can no longer open an account or
     * complete through it. Revoking a revoked link changes nothing; a completed or expired one
     * cannot be revoked. A sandbox key revokes only the links it made.
     */
    async revoke(caller: FunderCaller, id: string, reason: string | null) {
      const owner = scopeOf(caller);
      // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
      return write(caller, async (scope) => {
        const answer = async (changed: boolean) => ({
          onboarding_link: onboardingView(await read(caller, id, scope.tx), clock.now()),
          changed,
        });
        const row = await store.findOnboardingLink(scope.tx, owner, id, ownKeyOnly(caller), { lock: true });
        if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
        const status = statusOf(row, scope.now);
        if (status === 'revoked') return answer(false);
        if (status !== 'pending' && status !== 'account_created') notOpen(status, 'it cannot be revoked');
        await store.markOnboardingRevoked(scope.tx, owner, id, reason, scope.now);
        scope.evidence({
          funderId: owner.funderId,
          plane: owner.plane,
          kind: 'onboarding_link.revoked',
          subjectType: 'onboarding_link',
          subjectId: id,
          payload: { reason, was: status },
        });
        return answer(true);
      });
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboarding>;
