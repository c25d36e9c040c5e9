import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { isUniqueViolation, type Queryable, type Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as store from './clients.links.store.ts';
import {
  type ClientLinkView,
  type ClientsDeps,
  DEFAULT_LINK_DAYS,
  linkState,
  linkToken,
  linkView,
  ownKeyOnly,
  requireSharedWriteScope,
  tokenHash,
} from './clients.shared.ts';

const HOUR_MS = 3_600_000;

/** What the links are built from. */
type LinksDeps = Pick<ClientsDeps, 'db' | 'clock' | 'write' | 'secrets' | 'publicBaseUrl'>;

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

/**
 * Ends the owner's current link, if any, before a new one is issued: a working one only when
 * asked (else 409 link_exists), an expired one simply gives way. The working link it
 * replaces, or null.
 */
async function endCurrentLink(
  scope: WriteScope,
  owner: FunderScope,
  prescriberId: string | null,
  input: CreateLinkInput,
): Promise<string | null> {
  const { tx, now } = scope;
  const current = await store.currentLinkOf(tx, owner, prescriberId);
  if (!current) return null;
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
  return working ? current.id : null;
}

/** The new link's row, its token derived from its id; one made at the same time by another call is a 409. */
async function insertNewLink(
  deps: LinksDeps,
  scope: WriteScope,
  caller: FunderCaller,
  owner: FunderScope,
  link: { id: string; prescriberId: string | null; lang?: string; expiresAt: Date },
): Promise<void> {
  try {
    await store.insertLink(scope.tx, owner, {
      id: link.id,
      prescriberId: link.prescriberId,
      tokenSha256: tokenHash(linkToken(deps.secrets, 'client-link', link.id)),
      derivationGeneration: deps.secrets.generation,
      lang: link.lang ?? null,
      keyId: caller.keyId,
      at: scope.now,
      expiresAt: link.expiresAt,
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError('link_exists', 'Another call made a link for this owner at the same time.');
    }
    throw err;
  }
}

/**
 * Issues a link for an owner (a prescriber, or null for the funder's own) inside a write.
 * One working link per owner: a working one is replaced only when asked, else 409
 * link_exists; an expired one simply gives way.
 */
async function issueLinkIn(
  deps: LinksDeps,
  scope: WriteScope,
  caller: FunderCaller,
  owner: FunderScope,
  input: CreateLinkInput & { expiresAt: Date },
): Promise<string> {
  const prescriberId = input.prescriber_id ?? null;
  const replaced = await endCurrentLink(scope, owner, prescriberId, input);
  const id = newId();
  await insertNewLink(deps, scope, caller, owner, {
    id,
    prescriberId,
    lang: input.lang,
    expiresAt: input.expiresAt,
  });
  if (replaced)
    await store.endLink(scope.tx, owner, replaced, { at: scope.now, disable: false, replacedBy: id });
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

async function linkViewOf(
  deps: LinksDeps,
  caller: FunderCaller,
  id: string,
  lang?: string | null,
  q: Queryable = deps.db,
): Promise<ClientLinkView> {
  const now = deps.clock.now();
  const link = await store.findLink(q, scopeOf(caller), id, now, ownKeyOnly(caller));
  if (!link) throw new ApiError('not_found', 'Client link was not found.');
  return linkView(deps, link, now, lang);
}

async function listLinks(deps: LinksDeps, caller: FunderCaller, lang?: string) {
  const now = deps.clock.now();
  const links = await store.currentLinks(deps.db, scopeOf(caller), now, ownKeyOnly(caller));
  const views = links.map((link) => linkView(deps, link, now, lang));
  return { count: views.length, client_links: views };
}

/** A link may name only an active prescriber of the funder's, locked for the write. */
async function requireActivePrescriber(tx: Tx, owner: FunderScope, prescriberId: string): Promise<void> {
  const prescriber = await store.findPrescriber(tx, owner, prescriberId, { lock: true });
  if (!prescriber || prescriber.disabled_at) {
    throw new ApiError('prescriber_invalid', 'prescriber_id names no active prescriber of yours.', {
      extra: { field: 'prescriber_id' },
    });
  }
}

async function createLink(deps: LinksDeps, caller: FunderCaller, input: CreateLinkInput) {
  requireSharedWriteScope(caller);
  const owner = scopeOf(caller);
  // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
  return deps.write(caller, async (scope) => {
    const expiresAt = checkedExpiry(scope.now, input.expires_at);
    if (input.prescriber_id) await requireActivePrescriber(scope.tx, owner, input.prescriber_id);
    const id = await issueLinkIn(deps, scope, caller, owner, { ...input, expiresAt });
    return { client_link: await linkViewOf(deps, caller, id, input.lang, scope.tx) };
  });
}

async function disableLink(deps: LinksDeps, caller: FunderCaller, id: string, reason: string | null) {
  requireSharedWriteScope(caller);
  const owner = scopeOf(caller);
  return deps.write(caller, async (scope) => {
    const link = await store.findLink(scope.tx, owner, id, scope.now, null);
    if (!link) throw new ApiError('not_found', 'Client link was not found.');
    const answer = async (changed: boolean) => ({
      client_link: await linkViewOf(deps, caller, id, undefined, scope.tx),
      changed,
    });
    if (linkState(link, scope.now) !== 'active') return answer(false);
    await store.endLink(scope.tx, owner, id, { at: scope.now, disable: true, reason });
    scope.evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'client_link.disabled',
      subjectType: 'client_link',
      subjectId: id,
      payload: { reason },
    });
    return answer(true);
  });
}

/** The funder's own open link and each prescriber's link: create, replace, disable, list. */
export function createLinks(deps: LinksDeps) {
  return {
    issueIn: (
      scope: WriteScope,
      caller: FunderCaller,
      owner: FunderScope,
      input: CreateLinkInput & { expiresAt: Date },
    ) => issueLinkIn(deps, scope, caller, owner, input),
    viewOf: (caller: FunderCaller, id: string, lang?: string | null, q?: Queryable) =>
      linkViewOf(deps, caller, id, lang, q),
    list: (caller: FunderCaller, lang?: string) => listLinks(deps, caller, lang),
    create: (caller: FunderCaller, input: CreateLinkInput) => createLink(deps, caller, input),
    disable: (caller: FunderCaller, id: string, reason: string | null) =>
      disableLink(deps, caller, id, reason),
  };
}

export type LinksService = ReturnType<typeof createLinks>;
