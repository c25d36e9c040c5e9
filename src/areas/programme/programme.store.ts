import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import { visibleToFunder } from '../requests/requests.module.ts';
import type { ProgrammeTerms } from './programme.terms.ts';

export interface StoredTerms {
  terms: Partial<ProgrammeTerms>;
  reason: string;
  updated_at: Date;
}

/** Terms written, with the reason given and when. */
export interface TermsWrite {
  terms: Partial<ProgrammeTerms>;
  reason: string;
  at: Date;
}

export interface CompanyRow {
  seller_id: string;
  company_name: string;
  tax_id: string;
  terms: Partial<ProgrammeTerms> | null;
  reason: string | null;
  updated_at: Date | null;
}

export function findDefault(q: Queryable, scope: FunderScope) {
  return scopedRow<StoredTerms>(
    q,
    scope,
    'SELECT terms, reason, updated_at FROM programme_defaults WHERE funder_id = $1 AND plane = $2',
  );
}

/** Locks the default (made from `terms` when there is none yet) for the length of a change. */
export async function lockDefault(q: Queryable, scope: FunderScope, seed: TermsWrite): Promise<StoredTerms> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO programme_defaults (funder_id, plane, terms, reason, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (funder_id, plane) DO NOTHING`,
    [JSON.stringify(seed.terms), seed.reason, seed.at],
  );
  return (await scopedRow<StoredTerms>(
    q,
    scope,
    'SELECT terms, reason, updated_at FROM programme_defaults WHERE funder_id = $1 AND plane = $2 FOR UPDATE',
  ))!;
}

export async function updateDefault(q: Queryable, scope: FunderScope, change: TermsWrite): Promise<void> {
  await scopedCount(
    q,
    scope,
    'UPDATE programme_defaults SET terms = $3, reason = $4, updated_at = $5 WHERE funder_id = $1 AND plane = $2',
    [JSON.stringify(change.terms), change.reason, change.at],
  );
}

export function findCompanyTerms(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  options: LockOption = {},
) {
  return scopedRow<StoredTerms>(
    q,
    scope,
    `SELECT terms, reason, updated_at FROM programme_company_terms
      WHERE funder_id = $1 AND plane = $2 AND seller_id = $3${lockClause(options.lock)}`,
    [sellerId],
  );
}

export async function saveCompanyTerms(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  change: TermsWrite,
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO programme_company_terms (funder_id, plane, seller_id, terms, reason, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (funder_id, plane, seller_id)
       DO UPDATE SET terms = EXCLUDED.terms, reason = EXCLUDED.reason, updated_at = EXCLUDED.updated_at`,
    [sellerId, JSON.stringify(change.terms), change.reason, change.at],
  );
}

export async function deleteCompanyTerms(q: Queryable, scope: FunderScope, sellerId: string): Promise<void> {
  await scopedCount(
    q,
    scope,
    'DELETE FROM programme_company_terms WHERE funder_id = $1 AND plane = $2 AND seller_id = $3',
    [sellerId],
  );
}

/**
 * The companies the funder can set terms for: its own clients (client network), sellers of a
 * request routed to it (that it still sees), and any company it already set terms for; each
 * with its own terms, if any.
 */
export function companies(q: Queryable, scope: FunderScope, sellerId?: string) {
  return scopedRows<CompanyRow>(
    q,
    scope,
    `SELECT s.id AS seller_id, s.name AS company_name, s.tax_id, t.terms, t.reason, t.updated_at
       FROM sellers_read s
       LEFT JOIN programme_company_terms t ON t.seller_id = s.id AND t.funder_id = $1 AND t.plane = $2
      WHERE s.plane = $2 AND ($3::uuid IS NULL OR s.id = $3)
        AND (t.seller_id IS NOT NULL
             OR EXISTS (SELECT 1 FROM funder_clients_read c
                         WHERE c.seller_id = s.id AND c.funder_id = $1 AND c.plane = $2)
             OR EXISTS (SELECT 1 FROM funding_requests_read r
                         WHERE r.seller_id = s.id AND r.plane = $2 AND ${visibleToFunder('r', '$1')}))
      ORDER BY s.name, s.id`,
    [sellerId ?? null],
  );
}

/** Requests routed to the funder now, counted by their disclosure, recourse and status. */
export function requestCounts(
  q: Queryable,
  scope: FunderScope,
): Promise<{ disclosure: string; recourse: string; status: string; count: number }[]> {
  return scopedRows<{ disclosure: string; recourse: string; status: string; count: number }>(
    q,
    scope,
    `SELECT coalesce(r.disclosure, r.programme_terms->>'disclosure', 'announced') AS disclosure,
            coalesce(r.programme_terms->>'recourse', 'with') AS recourse, r.status, count(*)::int AS count
       FROM funding_requests_read r
      WHERE r.assigned_funder_id = $1 AND r.plane = $2
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
}

/** Open requests routed to the funder (of one company, when named), with the terms they took. */
export function openRequestTerms(
  q: Queryable,
  scope: FunderScope,
  openStatuses: readonly string[],
  sellerId: string | null,
): Promise<{ id: string; seller_id: string; programme_terms: Partial<ProgrammeTerms> | null }[]> {
  return scopedRows<{ id: string; seller_id: string; programme_terms: Partial<ProgrammeTerms> | null }>(
    q,
    scope,
    `SELECT r.id, r.seller_id, r.programme_terms FROM funding_requests_read r
      WHERE r.assigned_funder_id = $1 AND r.plane = $2 AND r.status = ANY($3::text[])
        AND ($4::uuid IS NULL OR r.seller_id = $4)`,
    [openStatuses, sellerId],
  );
}

/** Routing (the operations team) reads the terms in force for a funder and a company. */
export async function termsForRoutingForOps(
  q: Queryable,
  funderId: string,
  plane: Plane,
  sellerId: string,
): Promise<{ defaults: Partial<ProgrammeTerms> | null; own: Partial<ProgrammeTerms> | null }> {
  const { rows } = await q.query<{
    defaults: Partial<ProgrammeTerms> | null;
    own: Partial<ProgrammeTerms> | null;
  }>(
    `SELECT (SELECT terms FROM programme_defaults WHERE funder_id = $1 AND plane = $2) AS defaults,
            (SELECT terms FROM programme_company_terms WHERE funder_id = $1 AND plane = $2 AND seller_id = $3) AS own`,
    [funderId, plane, sellerId],
  );
  return rows[0] ?? { defaults: null, own: null };
}
