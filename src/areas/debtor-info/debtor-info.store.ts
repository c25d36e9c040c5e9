import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, scopedRows } from '../../platform/db/scoped.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

export type DebtorLevel = 'notice' | 'account' | 'books' | 'buyer';
export type PaymentPeriodSource = 'dgal_pmp' | 'hacienda_pmp';
export type ScoreGrade = 'A' | 'B' | 'C' | 'D' | 'E';

export interface ProfileRow {
  debtor_id: string;
  plane: Plane;
  level: DebtorLevel;
  level_since: Date | null;
  shares_data: boolean;
  updated_at: Date;
}

export interface ScoreRow {
  id: string;
  debtor_id: string;
  plane: Plane;
  grade: ScoreGrade;
  score_100: number;
  model_version: string;
  computed_at: Date;
  loaded_at: Date;
}

export interface PaymentPeriodRow {
  debtor_id: string;
  plane: Plane;
  period_end: string;
  /** numeric(7,2) as text. */
  days: string;
  source: PaymentPeriodSource;
  entity_name: string;
  loaded_at: Date;
}

/** A debtor of a request with what the service knows about it (profile, score, payment period). */
export interface RequestDebtorRow {
  id: string;
  name: string;
  country: string;
  tax_id: string;
  is_public_body: boolean;
  level: DebtorLevel | null;
  level_since: Date | null;
  shares_data: boolean | null;
  score_grade: ScoreGrade | null;
  score_100: number | null;
  score_computed_at: Date | null;
  score_model_version: string | null;
  period_end: string | null;
  period_days: string | null;
  period_source: PaymentPeriodSource | null;
  period_entity_name: string | null;
}

/**
 * The distinct debtors of a request's invoices, by name, each with its latest score and period.
 * Only a request on the scope's plane that its funder may see (routed to it or acted on) has any.
 */
export async function requestDebtors(q: Queryable, scope: FunderScope, requestId: string) {
  return scopedRows<RequestDebtorRow>(
    q,
    scope,
    `SELECT d.id, d.name, d.country, d.tax_id, d.is_public_body,
            p.level, p.level_since, p.shares_data,
            s.grade AS score_grade, s.score_100, s.computed_at AS score_computed_at,
            s.model_version AS score_model_version,
            pp.period_end::text AS period_end, pp.days::text AS period_days, pp.source AS period_source,
            pp.entity_name AS period_entity_name
       FROM debtors_read d
       LEFT JOIN debtor_profiles p ON p.debtor_id = d.id
       LEFT JOIN LATERAL (
              SELECT grade, score_100, computed_at, model_version FROM debtor_scores
               WHERE debtor_id = d.id ORDER BY computed_at DESC, loaded_at DESC LIMIT 1) s ON true
       LEFT JOIN LATERAL (
              SELECT period_end, days, source, entity_name FROM debtor_public_payment_periods
               WHERE debtor_id = d.id ORDER BY period_end DESC LIMIT 1) pp ON true
      WHERE d.plane = $2
        AND d.id IN (SELECT i.debtor_id FROM request_invoices_read ri
                       JOIN invoices_read i ON i.id = ri.invoice_id
                       JOIN funding_requests_read r ON r.id = ri.request_id
                      WHERE ri.request_id = $3 AND r.plane = $2 AND ${visibleToFunder('r', '$1')})
      ORDER BY d.name, d.id`,
    [requestId],
  );
}

/** Figures of one seller–debtor pair; numbers computed in SQL come back as text. */
export interface PairHistoryRow {
  debtor_id: string;
  invoices: number;
  settled: number;
  open: number;
  overdue: number;
  with_due_date: number;
  first_invoice: string | null;
  last_invoice: string | null;
  avg_days_to_pay: string | null;
  median_days_to_pay: string | null;
  on_time_pct: string | null;
  share_of_sales_pct: string | null;
}

/**
 * For each debtor of a request, the request's seller's invoices to it issued from `windowFrom`
 * to `today`, with the day the seller's own books marked each paid (the Madrid date of its paid
 * flag). Lateness is measured only where the invoice states a due date; an invoice with a due
 * date counts for on-time once it is paid or its due date has passed. The share of sales is the
 * pair's invoiced amount over all the seller's invoices in the same window. They count every
 * invoice of the seller on its plane, whoever finances it: read through
 * `request_debtor_figures()` (migration 0048), which answers only figures, and only for a
 * request the caller can see (none otherwise).
 */
export async function pairHistory(
  q: Queryable,
  scope: FunderScope,
  input: { requestId: string; windowFrom: string; today: string },
): Promise<PairHistoryRow[]> {
  const { rows } = await q.query<PairHistoryRow>(
    `SELECT f.* FROM request_debtor_figures($1::uuid, $2::date, $3::date) f
      WHERE funder_api_plane() = $4`,
    [input.requestId, input.windowFrom, input.today, scope.plane],
  );
  return rows;
}

// Profiles, scores and public payment periods: the operations team's, on either plane

export async function findProfileForOperator(
  q: Queryable,
  debtorId: string,
  options: LockOption = {},
): Promise<ProfileRow | null> {
  const { rows } = await q.query<ProfileRow>(
    `SELECT debtor_id, plane, level, level_since, shares_data, updated_at
       FROM debtor_profiles WHERE debtor_id = $1${lockClause(options.lock)}`,
    [debtorId],
  );
  return rows[0] ?? null;
}

export async function upsertProfileForOperator(q: Queryable, row: ProfileRow): Promise<ProfileRow> {
  const { rows } = await q.query<ProfileRow>(
    `INSERT INTO debtor_profiles (debtor_id, plane, level, level_since, shares_data, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (debtor_id) DO UPDATE SET
       level = EXCLUDED.level, level_since = EXCLUDED.level_since, shares_data = EXCLUDED.shares_data,
       updated_at = EXCLUDED.updated_at
     RETURNING debtor_id, plane, level, level_since, shares_data, updated_at`,
    [row.debtor_id, row.plane, row.level, row.level_since, row.shares_data, row.updated_at],
  );
  return rows[0]!;
}

/** Records a score; the same computation (model and instant) loaded again replaces its figures. */
export async function upsertScoreForOperator(q: Queryable, row: ScoreRow): Promise<void> {
  await q.query(
    `INSERT INTO debtor_scores (id, debtor_id, plane, grade, score_100, model_version, computed_at, loaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (debtor_id, model_version, computed_at) DO UPDATE SET
       grade = EXCLUDED.grade, score_100 = EXCLUDED.score_100, loaded_at = EXCLUDED.loaded_at`,
    [
      row.id,
      row.debtor_id,
      row.plane,
      row.grade,
      row.score_100,
      row.model_version,
      row.computed_at,
      row.loaded_at,
    ],
  );
}

export async function latestScoreForOperator(q: Queryable, debtorId: string): Promise<ScoreRow | null> {
  const { rows } = await q.query<ScoreRow>(
    `SELECT id, debtor_id, plane, grade, score_100, model_version, computed_at, loaded_at
       FROM debtor_scores WHERE debtor_id = $1 ORDER BY computed_at DESC, loaded_at DESC LIMIT 1`,
    [debtorId],
  );
  return rows[0] ?? null;
}

/** Records one period's figure; the same period loaded again replaces it. */
export async function upsertPaymentPeriodForOperator(q: Queryable, row: PaymentPeriodRow): Promise<void> {
  await q.query(
    `INSERT INTO debtor_public_payment_periods (debtor_id, plane, period_end, days, source, entity_name, loaded_at)
     VALUES ($1, $2, $3::date, $4::numeric, $5, $6, $7)
     ON CONFLICT (debtor_id, period_end) DO UPDATE SET
       days = EXCLUDED.days, source = EXCLUDED.source, entity_name = EXCLUDED.entity_name,
       loaded_at = EXCLUDED.loaded_at`,
    [row.debtor_id, row.plane, row.period_end, row.days, row.source, row.entity_name, row.loaded_at],
  );
}

export async function latestPaymentPeriodForOperator(
  q: Queryable,
  debtorId: string,
): Promise<PaymentPeriodRow | null> {
  const { rows } = await q.query<PaymentPeriodRow>(
    `SELECT debtor_id, plane, period_end::text AS period_end, days::text AS days, source, entity_name, loaded_at
       FROM debtor_public_payment_periods WHERE debtor_id = $1 ORDER BY period_end DESC LIMIT 1`,
    [debtorId],
  );
  return rows[0] ?? null;
}

// Demonstration plane

export interface DemoProfileSeed {
  country: string;
  tax_id: string;
  level: DebtorLevel;
  level_since: Date | null;
  shares_data: boolean;
  score: { grade: ScoreGrade; score_100: number; model_version: string; computed_at: Date } | null;
  period: { period_end: string; days: string; source: PaymentPeriodSource; entity_name: string } | null;
}

/** Rows' values as one array per column, for `unnest`: `pick` gives a row's `width` values in order. */
function columnsOf<T>(rows: readonly T[], width: number, pick: (row: T) => unknown[]): unknown[][] {
  const values = rows.map(pick);
  return Array.from({ length: width }, (_, i) => values.map((row) => row[i]));
}

/**
 * Profiles, scores and payment periods for demonstration debtors found by country and tax id,
 * set-based; a debtor the plane does not have is skipped. Answers how many rows of each.
 */
export async function seedDemoProfiles(
  q: Queryable,
  seeds: readonly DemoProfileSeed[],
  now: Date,
): Promise<{ profiles: number; scores: number; payment_periods: number }> {
  const profiles = await q.query(
    `INSERT INTO debtor_profiles (debtor_id, plane, level, level_since, shares_data, updated_at)
     SELECT d.id, 'demo', s.level, s.level_since, s.shares_data, $6
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[]) AS s(country, tax_id, level, level_since, shares_data)
       JOIN debtors_read d ON d.plane = 'demo' AND d.country = s.country AND d.tax_id = s.tax_id
     ON CONFLICT (debtor_id) DO UPDATE SET
       level = EXCLUDED.level, level_since = EXCLUDED.level_since, shares_data = EXCLUDED.shares_data,
       updated_at = EXCLUDED.updated_at`,
    [...columnsOf(seeds, 5, (s) => [s.country, s.tax_id, s.level, s.level_since, s.shares_data]), now],
  );
  const scored = seeds.filter((s) => s.score !== null);
  const scores = await q.query(
    `INSERT INTO debtor_scores (id, debtor_id, plane, grade, score_100, model_version, computed_at, loaded_at)
     SELECT gen_random_uuid(), d.id, 'demo', s.grade, s.score_100, s.model_version, s.computed_at, $7
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::timestamptz[])
              AS s(country, tax_id, grade, score_100, model_version, computed_at)
       JOIN debtors_read d ON d.plane = 'demo' AND d.country = s.country AND d.tax_id = s.tax_id
     ON CONFLICT (debtor_id, model_version, computed_at) DO UPDATE SET
       grade = EXCLUDED.grade, score_100 = EXCLUDED.score_100, loaded_at = EXCLUDED.loaded_at`,
    [
      ...columnsOf(scored, 6, (s) => {
        const g = s.score!;
        return [s.country, s.tax_id, g.grade, g.score_100, g.model_version, g.computed_at];
      }),
      now,
    ],
  );
  const withPeriod = seeds.filter((s) => s.period !== null);
  const periods = await q.query(
    `INSERT INTO debtor_public_payment_periods (debtor_id, plane, period_end, days, source, entity_name, loaded_at)
     SELECT d.id, 'demo', s.period_end, s.days, s.source, s.entity_name, $7
       FROM unnest($1::text[], $2::text[], $3::date[], $4::numeric[], $5::text[], $6::text[])
              AS s(country, tax_id, period_end, days, source, entity_name)
       JOIN debtors_read d ON d.plane = 'demo' AND d.country = s.country AND d.tax_id = s.tax_id AND d.is_public_body
     ON CONFLICT (debtor_id, period_end) DO UPDATE SET
       days = EXCLUDED.days, source = EXCLUDED.source, entity_name = EXCLUDED.entity_name,
       loaded_at = EXCLUDED.loaded_at`,
    [
      ...columnsOf(withPeriod, 6, (s) => {
        const p = s.period!;
        return [s.country, s.tax_id, p.period_end, p.days, p.source, p.entity_name];
      }),
      now,
    ],
  );
  return { profiles: profiles.rowCount, scores: scores.rowCount, payment_periods: periods.rowCount };
}
