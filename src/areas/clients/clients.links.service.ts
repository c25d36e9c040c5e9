import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as store from './clients.links.store.ts';
import {
  type ClientLinkView,
  type ClientsDeps,
  isUniqueViolation,
  linkState,
  linkToken,
  linkView,
  ownKeyOnly,
  requireSharedWriteScope,
  tokenHash,
} from './clients.shared.ts';

/** A link made without `expires_at` (a prescriber's, or the funder's own) works for a year. */
export const DEFAULT_LINK_DAYS = 365;
const HOUR_MS = 3_600_000;

export interface CreateLinkInput {
  prescriber_id?: string | null;
  expires_at?: string;
  replace?: boolean;
  reason?: string;
  lang?: string;
}

function checkedExpiry(now: Date, raw: string | undefined): Date {
  if (raw === undefined) return addMadridDays(now, DEFAULT_LINK_DAYS);
  const at = new Date(raw);
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 3);
  if (
    Number.isNaN(at.getTime()) ||
    at.getTime() < now.getTime() + HOUR_MS ||
    at.getTime() > latest.getTime()
  ) {
    throw new ApiError(
      'expires_at_invalid',
      'expires_at must be between one hour and three years from now.',
      { extra: { field: 'expires_at' } },
    );
  }
  return at;
}

/** The funder's own open link and each prescriber's link: create, replace, disable, list. */
export function createLinksService(deps: ClientsDeps) {
  const { db, clock, write } = deps;

  /**
   * Issues a link for an owner (a prescriber, or null for the funder's own) inside a write.
   * One working link per owner: a working one is replaced only when asked, else 409
   * link_exists; an expired one simply gives way.
   */
  async function issueIn(
    scope: WriteScope,
    caller: FunderCaller,
    owner: FunderScope,
    input: CreateLinkInput & { expiresAt: Date },
  ): Promise<string> {
    const { tx, now } = scope;
    const prescriberId = input.prescriber_id ?? null;
    const current = await store.currentLinkOf(tx, owner, prescriberId);
    const id = newId();
    let replaced: string | null = null;
    if (current) {
      const working = linkState(current, now) === 'active';
      if (working && !input.replace) {
        throw new ApiError(
          'link_exists',
          'This owner already has a working link: send replace: true to replace it.',
          { extra: { client_link_id: current.id } },
        );
      }
      await store.endLink(tx, owner, current.id, {
        at: now,
        disable: working,
        reason: input.reason ?? 'replaced by a new link',
      });
      if (working) replaced = current.id;
    }
    try {
      await store.insertLink(tx, owner, {
        id,
        prescriberId,
        tokenSha256: tokenHash(linkToken(deps.secrets, 'client-link', id)),
        lang: input.lang ?? null,
        keyId: caller.keyId,
        at: now,
        expiresAt: input.expiresAt,
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new ApiError('link_exists', 'Another call made a link for this owner at the same time.');
      }
      throw err;
    }
    if (replaced) await store.endLink(tx, owner, replaced, { at: now, disable: false, replacedBy: id });
    scope.evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'client_link.created',
      subjectType: 'client_link',
      subjectId: id,
      payload: {
        prescriber_id: prescriberId,
        expires_at: input.expiresAt.toISOString(),
        replaced: replaced,
        reason: replaced ? (input.reason ?? null) : null,
      },
    });
    return id;
  }

  async function viewOf(caller: FunderCaller, id: string, lang?: string | null): Promise<ClientLinkView> {
    const now = clock.now();
    const link = await store.findLink(db, scopeOf(caller), id, now, ownKeyOnly(caller));
    if (!link) throw new ApiError('not_found', 'Client link was not found.');
    return linkView(deps, link, now, lang);
  }

  return {
    issueIn,
    viewOf,

    async list(caller: FunderCaller, lang?: string) {
      const now = clock.now();
      const links = await store.currentLinks(db, scopeOf(caller), now, ownKeyOnly(caller));
      const views = links.map((link) => linkView(deps, link, now, lang));
      return { count: views.length, client_links: views };
    },

    async create(caller: FunderCaller, input: CreateLinkInput) {
      requireSharedWriteScope(caller);
      const owner = scopeOf(caller);
      const id = await write(caller, async (scope) => {
        const expiresAt = checkedExpiry(scope.now, input.expires_at);
        if (input.prescriber_id) {
          const prescriber = await store.findPrescriber(scope.tx, owner, input.prescriber_id, { lock: true });
          if (!prescriber || prescriber.disabled_at) {
            throw new ApiError('prescriber_invalid', 'prescriber_id names no active prescriber of yours.', {
              extra: { field: 'prescriber_id' },
            });
          }
        }
        return issueIn(scope, caller, owner, { ...input, expiresAt });
      });
      return { client_link: await viewOf(caller, id, input.lang) };
    },

    async disable(caller: FunderCaller, id: string, reason: string | null) {
      requireSharedWriteScope(caller);
      const owner = scopeOf(caller);
      const changed = await write(caller, async (scope) => {
        const link = await store.findLink(scope.tx, owner, id, scope.now, null);
        if (!link) throw new ApiError('not_found', 'Client link was not found.');
        if (linkState(link, scope.now) !== 'active') return false;
        await store.endLink(scope.tx, owner, id, { at: scope.now, disable: true, reason });
        scope.evidence({
          funderId: owner.funderId,
          plane: owner.plane,
          kind: 'client_link.disabled',
          subjectType: 'client_link',
          subjectId: id,
          payload: { reason },
        });
        return true;
      });
      return { client_link: await viewOf(caller, id), changed };
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
