import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { isUniqueViolation, type Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { readPage } from '../../platform/pagination.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as invitationsStore from './clients.invitations.store.ts';
import * as store from './clients.links.store.ts';
import type { LinksService } from './clients.links.ts';
import {
  type ClientLinkView,
  type ClientsDeps,
  checkEmail,
  DEFAULT_LINK_DAYS,
  linkView,
  ownKeyOnly,
  requireSharedWriteScope,
} from './clients.shared.ts';

export interface CreatePrescriberInput {
  name: string;
  email?: string | null;
  notes?: string | null;
  lang?: string;
}

export interface PrescriberView {
  id: string;
  name: string;
  email: string | null;
  notes: string | null;
  active: boolean;
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** Companies whose first arrival was through any of its links. */
  arrivals: number;
  link: ClientLinkView | null;
}

/** The hashes that stand for a prescriber's name and e-mail on the evidence chain. */
const hashOf = (value: string | null) => (value === null ? null : sha256Hex(value.trim().toLowerCase()));

type PrescribersDeps = Pick<ClientsDeps, 'db' | 'clock' | 'write' | 'secrets' | 'publicBaseUrl'> & {
  links: LinksService;
};

/** The funder's prescribers (only one when `only` names it), each with its current link and arrivals. */
async function prescriberViews(
  deps: PrescribersDeps,
  caller: FunderCaller,
  lang?: string,
  only?: string,
  q: Queryable = deps.db,
  rowsRead?: store.PrescriberRow[],
): Promise<PrescriberView[]> {
  const scope = scopeOf(caller);
  const now = deps.clock.now();
  const keyId = ownKeyOnly(caller);
  // One after the other: inside a write they share its transaction's connection.
  const rows = rowsRead ?? (await store.listPrescribers(q, scope));
  const current = await store.currentLinks(q, scope, now, keyId);
  const arrivals = await invitationsStore.arrivalsByPrescriber(q, scope, keyId);
  return rows
    .filter((row) => only === undefined || row.id === only)
    .map((row) => {
      const link = current.find((l) => l.prescriber_id === row.id);
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        notes: row.notes,
        active: row.disabled_at === null,
        created_at: row.created_at.toISOString(),
        disabled_at: row.disabled_at?.toISOString() ?? null,
        disabled_reason: row.disabled_reason,
        arrivals: arrivals.get(row.id) ?? 0,
        link: link ? linkView(deps, link, now, lang) : null,
      };
    });
}

async function onePrescriber(
  deps: PrescribersDeps,
  caller: FunderCaller,
  id: string,
  lang: string | undefined,
  q: Queryable,
): Promise<PrescriberView> {
  const [view] = await prescriberViews(deps, caller, lang, id, q);
  if (!view) throw new ApiError('not_found', 'Prescriber was not found.');
  return view;
}

/** A new prescriber's fields, checked: a name of at least 2 characters, a valid e-mail if any. */
function checkedPrescriber(caller: FunderCaller, input: CreatePrescriberInput) {
  const name = input.name.trim();
  if (name.length < 2) {
    throw new ApiError('name_invalid', 'name must be 2 to 120 characters, spaces aside.', {
      extra: { field: 'name' },
    });
  }
  const email = input.email ? checkEmail(caller, input.email, 'email', true) : null;
  const notes = input.notes?.trim() ? input.notes : null;
  return { name, email, notes };
}

/** The prescriber's row; the name of an active one already, or taken at the same time, is a 409. */
async function insertNewPrescriber(
  scope: WriteScope,
  caller: FunderCaller,
  owner: FunderScope,
  row: { id: string; name: string; email: string | null; notes: string | null },
): Promise<void> {
  if (await store.activePrescriberNamed(scope.tx, owner, row.name)) {
    throw new ApiError('prescriber_exists', 'An active prescriber already has this name.');
  }
  try {
    await store.insertPrescriber(scope.tx, owner, { ...row, keyId: caller.keyId, at: scope.now });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError('prescriber_exists', 'An active prescriber already has this name.');
    }
    throw err;
  }
}

/** A new prescriber and its first link, made in one write. */
async function createPrescriber(deps: PrescribersDeps, caller: FunderCaller, input: CreatePrescriberInput) {
  requireSharedWriteScope(caller);
  const owner = scopeOf(caller);
  const { name, email, notes } = checkedPrescriber(caller, input);
  const id = newId();
  // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
  return deps.write(caller, async (scope) => {
    await insertNewPrescriber(scope, caller, owner, { id, name, email, notes });
    const linkId = await deps.links.issueIn(scope, caller, owner, {
      prescriber_id: id,
      lang: input.lang,
      expiresAt: addMadridDays(scope.now, DEFAULT_LINK_DAYS),
    });
    // Name and e-mail stay off the chain: only their hashes go on it.
    scope.evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'prescriber.created',
      subjectType: 'prescriber',
      subjectId: id,
      payload: { name_sha256: hashOf(name), email_sha256: hashOf(email), client_link_id: linkId },
    });
    return { prescriber: await onePrescriber(deps, caller, id, input.lang, scope.tx) };
  });
}

/** A prescriber disabled, and its link with it. */
async function disablePrescriber(
  deps: PrescribersDeps,
  caller: FunderCaller,
  id: string,
  reason: string | null,
) {
  requireSharedWriteScope(caller);
  const owner = scopeOf(caller);
  return deps.write(caller, async (scope) => {
    const answer = async (changed: boolean) => ({
      prescriber: await onePrescriber(deps, caller, id, undefined, scope.tx),
      changed,
    });
    const prescriber = await store.findPrescriber(scope.tx, owner, id, { lock: true });
    if (!prescriber) throw new ApiError('not_found', 'Prescriber was not found.');
    if (prescriber.disabled_at) return answer(false);
    await store.disablePrescriber(scope.tx, owner, id, scope.now, reason);
    // Its link stops at once; the companies it brought keep their origin.
    const link = await store.currentLinkOf(scope.tx, owner, id);
    if (link) {
      await store.endLink(scope.tx, owner, link.id, {
        at: scope.now,
        disable: true,
        reason: reason ?? 'prescriber disabled',
      });
    }
    scope.evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'prescriber.disabled',
      subjectType: 'prescriber',
      subjectId: id,
      payload: { reason, client_link_id: link?.id ?? null },
    });
    return answer(true);
  });
}

/** People or firms that bring the funder its clients, each with a link of its own. */
export function createPrescribers(deps: PrescribersDeps) {
  return {
    /** A page of prescribers; without `limit`, every one (the list as it was before pages). */
    async list(caller: FunderCaller, query: { lang?: string; limit?: number; cursor?: string }) {
      const page = await readPage(store.PRESCRIBER_ORDER, '', query, (read) =>
        store.listPrescribers(deps.db, scopeOf(caller), read),
      );
      const prescribers = await prescriberViews(deps, caller, query.lang, undefined, deps.db, page.rows);
      return {
        count: prescribers.length,
        prescribers,
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },
    create: (caller: FunderCaller, input: CreatePrescriberInput) => createPrescriber(deps, caller, input),
    disable: (caller: FunderCaller, id: string, reason: string | null) =>
      disablePrescriber(deps, caller, id, reason),
  };
}

export type PrescribersService = ReturnType<typeof createPrescribers>;
