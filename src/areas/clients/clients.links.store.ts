import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  defineKeyset,
  type KeyPosition,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from '../../platform/db/keyset.ts';
import {
  findScoped,
  KEY_FILTER,
  type LockOption,
  scopedChange,
  scopedCount,
  scopedRow,
  scopedRows,
} from '../../platform/db/scoped.ts';
import type { KeyedRow } from '../../platform/pagination.ts';
import type { Issued } from './clients.store.ts';

// Prescribers' and client links' SQL. Every funder-facing function takes the caller's scope and
// applies it; `keyId` (a sandbox key) narrows counts to what that key's helpers made.

export interface PrescriberRow {
  id: string;
  name: string;
  email: string | null;
  notes: string | null;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

export interface LinkRow {
  id: string;
  prescriber_id: string | null;
  lang: string | null;
  created_at: Date;
  expires_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  replaced_by: string | null;
  ended_at: Date | null;
  /** The generation of the derivation key its token was made under (migration 0068). */
  derivation_generation: number;
  arrivals: number;
  claims_last_day: number;
}

// Prescribers

export async function insertPrescriber(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    name: string;
    email: string | null;
    notes: string | null;
    keyId: string | null;
    at: Date;
  },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO prescribers (id, funder_id, plane, name, name_key, email, notes, key_id, created_at)
     VALUES ($3, $1, $2, $4, lower(btrim($4)), $5, $6, $7, $8)`,
    [row.id, row.name, row.email, row.notes, row.keyId, row.at],
  );
}

export async function activePrescriberNamed(
  q: Queryable,
  scope: FunderScope,
  name: string,
): Promise<boolean> {
  const rows = await scopedRows(
    q,
    scope,
    `SELECT 1 FROM prescribers
      WHERE funder_id = $1 AND plane = $2 AND disabled_at IS NULL AND name_key = lower(btrim($3))`,
    [name],
  );
  return rows.length > 0;
}

const PRESCRIBER_COLUMNS = 'id, name, email, notes, created_at, disabled_at, disabled_reason';

export function findPrescriber(
  q: Queryable,
  scope: FunderScope,
  id: string,
  options: LockOption = {},
): Promise<PrescriberRow | null> {
  return findScoped(q, { table: 'prescribers', columns: PRESCRIBER_COLUMNS }, scope, id, options);
}

/** The prescribers' order: active first, then by creation, newest first, then by id. */
export const PRESCRIBER_ORDER = defineKeyset('prescribers', [
  { sql: '(disabled_at IS NULL)', type: 'boolean', desc: true },
  { sql: 'created_at', type: 'timestamp', desc: true },
  { sql: 'id', type: 'uuid' },
]);

/** Up to `limit` prescribers (null: all) after `after` (null: from the first), in PRESCRIBER_ORDER. */
export function listPrescribers(
  q: Queryable,
  scope: FunderScope,
  page: { limit: number | null; after: KeyPosition | null } = { limit: null, after: null },
) {
  const after = keysetAfter(PRESCRIBER_ORDER, page.after, 4);
  return scopedRows<PrescriberRow & KeyedRow>(
    q,
    scope,
    `SELECT ${PRESCRIBER_COLUMNS}, ${keysetKey(PRESCRIBER_ORDER)} FROM prescribers
      WHERE funder_id = $1 AND plane = $2${after.sql}
      ORDER BY ${keysetOrder(PRESCRIBER_ORDER)} LIMIT $3`,
    [page.limit, ...after.params],
  );
}

export const disablePrescriber = scopedChange<[at: Date, reason: string | null]>(
  'prescribers',
  'disabled_at = $4, disabled_reason = $5',
  'disabled_at IS NULL',
);

// Client links

const linkColumns = (keyParam: string) => `l.id, l.prescriber_id, l.lang, l.created_at, l.expires_at,
  l.disabled_at, l.disabled_reason, l.replaced_by, l.ended_at, l.derivation_generation,
  (SELECT count(*)::int FROM client_arrivals a
    WHERE a.link_id = l.id AND ${KEY_FILTER('a.key_id', keyParam)}) AS arrivals,
  (SELECT count(*)::int FROM client_invitations i
    WHERE i.link_id = l.id AND i.created_at > $NOW::timestamptz - interval '24 hours'
      AND i.created_at <= $NOW::timestamptz AND ${KEY_FILTER('i.key_id', keyParam)}) AS claims_last_day`;

export async function insertLink(
  q: Queryable,
  scope: FunderScope,
  row: Issued & {
    id: string;
    prescriberId: string | null;
    tokenSha256: string;
    derivationGeneration: number;
    lang: string | null;
  },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO client_links (id, funder_id, plane, prescriber_id, token_sha256, derivation_generation, lang,
                               key_id, created_at, expires_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.prescriberId,
      row.tokenSha256,
      row.derivationGeneration,
      row.lang,
      row.keyId,
      row.at,
      row.expiresAt,
    ],
  );
}

/** The owner's current link (not ended), locked for the change about to be made. */
export function currentLinkOf(
  q: Queryable,
  scope: FunderScope,
  prescriberId: string | null,
): Promise<{ id: string; expires_at: Date; disabled_at: Date | null } | null> {
  return scopedRow<{ id: string; expires_at: Date; disabled_at: Date | null }>(
    q,
    scope,
    `SELECT id, expires_at, disabled_at FROM client_links
      WHERE funder_id = $1 AND plane = $2 AND prescriber_id IS NOT DISTINCT FROM $3::uuid AND ended_at IS NULL
      FOR UPDATE`,
    [prescriberId],
  );
}

/** Ends a link: disabled (reason given) or simply no longer the owner's current one. */
export async function endLink(
  q: Queryable,
  scope: FunderScope,
  id: string,
  change: { at: Date; disable: boolean; reason?: string | null; replacedBy?: string | null },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `UPDATE client_links
        SET ended_at = COALESCE(ended_at, $4),
            disabled_at = CASE WHEN $5 AND disabled_at IS NULL AND expires_at > $4 THEN $4 ELSE disabled_at END,
            disabled_reason = CASE WHEN $5 AND disabled_at IS NULL AND expires_at > $4 THEN $6 ELSE disabled_reason END,
            replaced_by = COALESCE($7::uuid, replaced_by)
      WHERE id = $3 AND funder_id = $1 AND plane = $2`,
    [id, change.at, change.disable, change.reason ?? null, change.replacedBy ?? null],
  );
}

export function findLink(q: Queryable, scope: FunderScope, id: string, now: Date, keyId: string | null) {
  return scopedRow<LinkRow>(
    q,
    scope,
    `SELECT ${linkColumns('$4').replaceAll('$NOW', '$5')} FROM client_links l
      WHERE l.id = $3 AND l.funder_id = $1 AND l.plane = $2`,
    [id, keyId, now],
  );
}

/**
 * Locks the link's row until the write ends: sign-ups through one link are counted one at a
 * time, whichever server takes them. False when the funder has no such link.
 */
export async function lockLink(q: Queryable, scope: FunderScope, id: string): Promise<boolean> {
  const rows = await scopedRows(
    q,
    scope,
    'SELECT id FROM client_links WHERE id = $3 AND funder_id = $1 AND plane = $2 FOR UPDATE',
    [id],
  );
  return rows.length > 0;
}

/** Each owner's current link: the funder's own and every prescriber's. */
export function currentLinks(q: Queryable, scope: FunderScope, now: Date, keyId: string | null) {
  return scopedRows<LinkRow>(
    q,
    scope,
    `SELECT ${linkColumns('$3').replaceAll('$NOW', '$4')} FROM client_links l
      WHERE l.funder_id = $1 AND l.plane = $2
        AND l.id IN (SELECT DISTINCT ON (prescriber_id) id FROM client_links
                      WHERE funder_id = $1 AND plane = $2
                      ORDER BY prescriber_id, (ended_at IS NULL) DESC, created_at DESC, id)
      ORDER BY l.prescriber_id NULLS FIRST, l.created_at DESC`,
    [keyId, now],
  );
}
