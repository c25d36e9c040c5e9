import {
  type Caller,
  type FunderCaller,
  type FunderScope,
  type OperatorCaller,
  scopeOf,
} from '../../platform/caller.ts';
import type { Queryable, Tx } from '../../platform/db/db.ts';
import { funderPlane } from '../../platform/db/funders.ts';
import { ApiError } from '../../platform/errors.ts';
import { readPage } from '../../platform/pagination.ts';
import type { WriteScope } from '../../platform/write.ts';
import { type ArrivalInput, arriveIn, checkSignupCaps, makeClientIn } from './clients.arrivals.ts';
import * as store from './clients.invitations.store.ts';
import { invitationView } from './clients.invitations.views.ts';
import * as linksStore from './clients.links.store.ts';
import { type ClientsDeps, linkState, ownKeyOnly } from './clients.shared.ts';

/** Who plays the company: a sandbox key's test helper, or the operations team for a live one. */
export type Acting = { caller: FunderCaller } | { caller: OperatorCaller };

async function ownerOfLink(
  db: Queryable,
  acting: Acting,
  linkId: string,
): Promise<{ owner: FunderScope; keyId: string | null }> {
  if (acting.caller.kind === 'funder') return { owner: scopeOf(acting.caller), keyId: acting.caller.keyId };
  const owner = await store.linkOwnerForOps(db, linkId);
  if (!owner) throw new ApiError('not_found', 'Client link was not found.');
  return { owner, keyId: null };
}

async function readInvitation(tx: Queryable, owner: FunderScope, id: string) {
  const row = await store.findInvitation(tx, owner, id);
  if (!row) throw new ApiError('not_found', 'Invitation was not found.');
  return row;
}

/** The company accepts (inside a write): it becomes the owner's client, with its origin. */
async function acceptIn(scope: WriteScope, owner: FunderScope, id: string, ownKey: string | null) {
  const row = await store.findInvitation(scope.tx, owner, id, { lock: true });
  // A sandbox key plays only the companies of its own invitations.
  if (!row || (ownKey && row.key_id !== ownKey)) throw new ApiError('not_found', 'Invitation was not found.');
  if (invitationView(row, scope.now).state !== 'pending') {
    throw new ApiError(
      'invitation_not_pending',
      'This invitation was already answered, revoked or has expired.',
    );
  }
  const sellerId = await makeClientIn(scope, owner, {
    name: row.company_name,
    taxId: row.tax_id,
    country: row.country,
    arrivalId: row.arrival_id,
    via: row.via,
    prescriberId: row.prescriber_id,
  });
  await store.markInvitationAccepted(scope.tx, owner, id, sellerId, scope.now);
  scope.evidence({
    funderId: owner.funderId,
    plane: owner.plane,
    kind: 'client_invitation.accepted',
    subjectType: 'client_invitation',
    subjectId: id,
    payload: { seller_id: sellerId, via: row.via, prescriber_id: row.prescriber_id },
  });
}

/** The owner withdraws a pending invitation (inside a write); false when it was already revoked. */
async function revokeIn(
  scope: WriteScope,
  owner: FunderScope,
  id: string,
  reason: string | null,
  ownKey: string | null,
): Promise<boolean> {
  const row = await store.findInvitation(scope.tx, owner, id, { lock: true });
  if (!row || (ownKey && row.key_id !== ownKey)) throw new ApiError('not_found', 'Invitation was not found.');
  const state = invitationView(row, scope.now).state;
  if (state === 'revoked') return false;
  if (state !== 'pending') {
    throw new ApiError(
      'invitation_not_pending',
      `This invitation is ${state}: only a pending invitation can be revoked.`,
      { extra: { state } },
    );
  }
  await store.markInvitationRevoked(scope.tx, owner, id, reason, scope.now);
  scope.evidence({
    funderId: owner.funderId,
    plane: owner.plane,
    kind: 'client_invitation.revoked',
    subjectType: 'client_invitation',
    subjectId: id,
    payload: { reason },
  });
  return true;
}

/** Companies arriving through links, their invitations, and accepting them. */
export function createInvitations(deps: Pick<ClientsDeps, 'db' | 'clock' | 'write'>) {
  const { db, clock, write } = deps;

  /** The invitation as a call's answer, read on the write's transaction: the key keeps it with the write. */
  const answerIn = async (scope: WriteScope, owner: FunderScope, id: string) => ({
    invitation: invitationView(await readInvitation(scope.tx, owner, id), clock.now()),
  });

  return {
    makeClientIn,

    async list(caller: FunderCaller, query: { limit: number; cursor?: string }) {
      const now = clock.now();
      const page = await readPage(store.INVITATION_ORDER, '', query, (read) =>
        store.listInvitations(db, scopeOf(caller), read, ownKeyOnly(caller)),
      );
      return {
        count: page.rows.length,
        invitations: page.rows.map((row) => invitationView(row, now)),
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },

    /**
     * A company opens a link and gives its details: it gets the funder's invitation. The
     * company's first arrival keeps its origin; opening a link never makes an account.
     */
    async arrive(acting: Acting, linkId: string, company: ArrivalInput) {
      const { owner, keyId } = await ownerOfLink(db, acting, linkId);
      const link = await linksStore.findLink(db, owner, linkId, clock.now(), null);
      if (!link) throw new ApiError('not_found', 'Client link was not found.');
      if (linkState(link, clock.now()) !== 'active') {
        throw new ApiError('link_not_active', 'This link was disabled or has expired.');
      }
      const caller: Caller = acting.caller;
      const countedKey = acting.caller.kind === 'funder' ? ownKeyOnly(acting.caller) : null;
      // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
      return write(caller, async (scope) => {
        // One sign-up through a link at a time, whichever server takes it: the row stays locked
        // until this write commits, so two cannot both take the last place in a window.
        if (!(await linksStore.lockLink(scope.tx, owner, linkId)))
          throw new ApiError('not_found', 'Client link was not found.');
        const current = await linksStore.findLink(scope.tx, owner, linkId, scope.now, null);
        if (!current || linkState(current, scope.now) !== 'active') {
          throw new ApiError('link_not_active', 'This link was disabled or has expired.');
        }
        await checkSignupCaps(scope, owner, linkId, countedKey);
        const id = await arriveIn(scope, owner, keyId, company, {
          via: 'link',
          linkId,
          prescriberId: current.prescriber_id,
        });
        return answerIn(scope, owner, id);
      });
    },

    /**
     * The funder names a company in its portal (played by the operations team): an invitation
     * with origin `named`, no link, no prescriber.
     */
    async inviteNamed(caller: OperatorCaller, funderId: string, company: ArrivalInput) {
      const plane = await funderPlane(db, funderId);
      if (!plane) throw new ApiError('not_found', 'Funder was not found.');
      const owner: FunderScope = { funderId, plane };
      return write(caller, async (scope) =>
        answerIn(
          scope,
          owner,
          await arriveIn(scope, owner, null, company, { via: 'named', linkId: null, prescriberId: null }),
        ),
      );
    },

    /** The company accepts: it becomes the funder's client, with its origin. */
    async accept(acting: Acting, id: string) {
      let owner: FunderScope;
      if (acting.caller.kind === 'funder') owner = scopeOf(acting.caller);
      else {
        const row = await store.findInvitationForOps(db, id);
        if (!row) throw new ApiError('not_found', 'Invitation was not found.');
        owner = { funderId: row.funder_id, plane: row.plane };
      }
      const ownKey = acting.caller.kind === 'funder' ? acting.caller.keyId : null;
      return write(acting.caller, async (scope) => {
        await acceptIn(scope, owner, id, ownKey);
        return answerIn(scope, owner, id);
      });
    },

    /**
     * The funder withdraws a pending invitation: the company can no longer accept it (its
     * arrival and origin stay). Revoking a revoked one changes nothing; an accepted or expired
     * one cannot be revoked. A sandbox key revokes only the invitations its helpers made.
     */
    async revoke(caller: FunderCaller, id: string, reason: string | null) {
      const owner = scopeOf(caller);
      const ownKey = ownKeyOnly(caller);
      return write(caller, async (scope) => {
        const changed = await revokeIn(scope, owner, id, reason, ownKey);
        return { ...(await answerIn(scope, owner, id)), changed };
      });
    },

    /** The funder whose client a company is (routing sends its requests there only). */
    clientOwnerOf: (tx: Tx, sellerId: string) => store.clientOwnerOf(tx, sellerId),
  };
}

export type InvitationsService = ReturnType<typeof createInvitations>;
