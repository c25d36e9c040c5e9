import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  type LockOption,
  lockClause,
  scopedCount,
  scopedRow,
  scopedRows,
  scopedStatement,
} from '../../platform/db/scoped.ts';
import { namedStatement } from '../../platform/db/statements.ts';
import type { ConsentLevel } from './settings.consent-levels.ts';

/** Request statuses that count as open (the default `open` filter of the spec). */
export const OPEN_STATUSES = ['pending', 'submitted', 'under_review', 'terms_sent', 'accepted', 'approved'];

export interface SettingsRow {
  funder_id: string;
  plane: Plane;
  debtor_consent_level: ConsentLevel;
  require_counsel_approved_texts: boolean;
  listed_buyers_only: boolean;
  offer_validity_days: number;
  updated_at: Date;
}

// Columns written out: a named statement asking for `*` is refused after a column is added.
const settingsRead = (lock: boolean) =>
  namedStatement<SettingsRow>()({
    name: lock ? 'funder_settings_locked' : 'funder_settings',
    columns: [
      'funder_id',
      'plane',
      'debtor_consent_level',
      'require_counsel_approved_texts',
      'listed_buyers_only',
      'offer_validity_days',
      'updated_at',
    ],
    sql: `SELECT funder_id, plane, debtor_consent_level, require_counsel_approved_texts, listed_buyers_only,
            offer_validity_days, updated_at
       FROM funder_settings WHERE funder_id = $1 AND plane = $2${lockClause(lock)}`,
  });
const SETTINGS = settingsRead(false);

/**
 * SQL for whether the funder (`funder`, a parameter or column) requires counsel-approved texts on
 * `plane`: its settings' value, else `fallback` (the default policy's).
 */
export const counselRequiredSql = (funder: string, plane: string, fallback: boolean): string =>
  `coalesce((SELECT s.require_counsel_approved_texts FROM funder_settings s
              WHERE s.funder_id = ${funder} AND s.plane = ${plane}), ${fallback})`;
const SETTINGS_LOCKED = settingsRead(true);

export async function findSettings(
  q: Queryable,
  scope: FunderScope,
  options: LockOption = {},
): Promise<SettingsRow | null> {
  const rows = await scopedStatement(q, scope, options.lock ? SETTINGS_LOCKED : SETTINGS);
  return rows[0] ?? null;
}

/** Makes the row with its defaults if there is none, then locks it for the rest of the transaction. */
export async function lockSettings(q: Queryable, scope: FunderScope, now: Date): Promise<SettingsRow> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO funder_settings (funder_id, plane, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (funder_id, plane) DO NOTHING`,
    [now],
  );
  return (await findSettings(q, scope, { lock: true }))!;
}

export async function updateSettings(
  q: Queryable,
  scope: FunderScope,
  changes: {
    debtor_consent_level?: ConsentLevel;
    require_counsel_approved_texts?: boolean;
    listed_buyers_only?: boolean;
  },
  at: Date,
): Promise<SettingsRow> {
  const row = await scopedRow<SettingsRow>(
    q,
    scope,
    `UPDATE funder_settings
        SET debtor_consent_level = coalesce($3, debtor_consent_level),
            require_counsel_approved_texts = coalesce($4, require_counsel_approved_texts),
            listed_buyers_only = coalesce($5, listed_buyers_only),
            updated_at = $6
      WHERE funder_id = $1 AND plane = $2 RETURNING *`,
    [
      changes.debtor_consent_level ?? null,
      changes.require_counsel_approved_texts ?? null,
      changes.listed_buyers_only ?? null,
      at,
    ],
  );
  return row!;
}

/** Open requests routed to the funder, counted by the consent level each was routed with. */
export async function openRequestsByLevel(
  q: Queryable,
  scope: FunderScope,
): Promise<Record<ConsentLevel, number>> {
  const rows = await scopedRows<{ level: ConsentLevel; n: number }>(
    q,
    scope,
    `SELECT consent_level_required AS level, count(*)::int AS n
       FROM funding_requests_read
      WHERE assigned_funder_id = $1 AND plane = $2 AND status = ANY($3::text[])
        AND consent_level_required IS NOT NULL
      GROUP BY consent_level_required`,
    [OPEN_STATUSES],
  );
  const counts: Record<ConsentLevel, number> = { receipt: 0, acknowledgment: 0, acceptance: 0 };
  for (const row of rows) counts[row.level] = row.n;
  return counts;
}

/** Open requests routed to the funder with a seller in `country`. */
export function openRequestsInCountry(
  q: Queryable,
  scope: FunderScope,
  country: string,
): Promise<{ id: string; seller_id: string }[]> {
  return scopedRows<{ id: string; seller_id: string }>(
    q,
    scope,
    `SELECT r.id, r.seller_id
       FROM funding_requests_read r JOIN sellers_read s ON s.id = r.seller_id
      WHERE r.assigned_funder_id = $1 AND r.plane = $2 AND r.status = ANY($3::text[]) AND s.country = $4
      ORDER BY r.created_at, r.id`,
    [OPEN_STATUSES, country],
  );
}

export interface DeclarationTextRow {
  id: string;
  governing_law: string;
  language: string;
  level: ConsentLevel;
  body: string;
  counsel_approved: boolean;
  version: number;
}

/** The latest version of every declaration text: one per governing law, language and level. */
export async function latestDeclarationTexts(
  q: Queryable,
  filter: { governingLaw?: string; level?: ConsentLevel } = {},
): Promise<DeclarationTextRow[]> {
  const { rows } = await q.query<DeclarationTextRow>(
    `SELECT DISTINCT ON (governing_law, language, level)
            id, governing_law, language, level, body, counsel_approved, version
       FROM declaration_texts
      WHERE ($1::text IS NULL OR governing_law = $1) AND ($2::text IS NULL OR level = $2)
      ORDER BY governing_law, language, level, version DESC`,
    [filter.governingLaw ?? null, filter.level ?? null],
  );
  return rows;
}

export function listedBuyers(
  q: Queryable,
  scope: FunderScope,
): Promise<{ country: string; tax_id: string }[]> {
  return scopedRows<{ country: string; tax_id: string }>(
    q,
    scope,
    `SELECT country, tax_id FROM funder_listed_buyers WHERE funder_id = $1 AND plane = $2 ORDER BY country COLLATE "C", tax_id COLLATE "C"`,
  );
}

export async function countListedBuyers(q: Queryable, scope: FunderScope): Promise<number> {
  const row = await scopedRow<{ n: number }>(
    q,
    scope,
    'SELECT count(*)::int AS n FROM funder_listed_buyers WHERE funder_id = $1 AND plane = $2',
  );
  return row?.n ?? 0;
}

export async function replaceListedBuyers(
  q: Queryable,
  scope: FunderScope,
  buyers: readonly { country: string; tax_id: string }[],
  at: Date,
): Promise<void> {
  await scopedCount(q, scope, 'DELETE FROM funder_listed_buyers WHERE funder_id = $1 AND plane = $2');
  if (buyers.length === 0) return;
  await scopedCount(
    q,
    scope,
    `INSERT INTO funder_listed_buyers (funder_id, plane, country, tax_id, added_at)
     SELECT $1, $2, b.country, b.tax_id, $5 FROM unnest($3::text[], $4::text[]) AS b(country, tax_id)`,
    [buyers.map((b) => b.country), buyers.map((b) => b.tax_id), at],
  );
}

export interface CatalogueRow {
  code: string;
  names: Record<string, string>;
  issuer: string;
  usual_validity_days: number | null;
  sensitivity: 'public' | 'confidential' | 'personal';
  countries: string[];
}

export async function catalogue(q: Queryable): Promise<CatalogueRow[]> {
  const { rows } = await q.query<CatalogueRow>(
    'SELECT code, names, issuer, usual_validity_days, sensitivity, countries FROM document_catalogue_read ORDER BY code',
  );
  return rows;
}

export interface RequiredListRow {
  country: string;
  codes: string[];
  note: string | null;
  updated_at: Date;
}

export function requiredLists(q: Queryable, scope: FunderScope) {
  return scopedRows<RequiredListRow>(
    q,
    scope,
    `SELECT country, codes, note, updated_at FROM funder_required_documents
      WHERE funder_id = $1 AND plane = $2 ORDER BY country`,
  );
}

export function requiredList(q: Queryable, scope: FunderScope, country: string, options: LockOption = {}) {
  return scopedRow<RequiredListRow>(
    q,
    scope,
    `SELECT country, codes, note, updated_at FROM funder_required_documents
      WHERE funder_id = $1 AND plane = $2 AND country = $3${lockClause(options.lock)}`,
    [country],
  );
}

/** Replaces one country's list; an empty list removes the row. */
export async function saveRequiredList(
  q: Queryable,
  scope: FunderScope,
  country: string,
  codes: readonly string[],
  note: string | null,
  at: Date,
): Promise<void> {
  if (codes.length === 0) {
    await scopedCount(
      q,
      scope,
      'DELETE FROM funder_required_documents WHERE funder_id = $1 AND plane = $2 AND country = $3',
      [country],
    );
    return;
  }
  await scopedCount(
    q,
    scope,
    `INSERT INTO funder_required_documents (funder_id, plane, country, codes, note, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (funder_id, plane, country) DO UPDATE
       SET codes = EXCLUDED.codes, note = EXCLUDED.note, updated_at = EXCLUDED.updated_at`,
    [country, codes, note, at],
  );
}
