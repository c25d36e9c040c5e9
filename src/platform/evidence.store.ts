import type { Plane } from './caller.ts';
import type { AddParam, Queryable } from './db/db.ts';

/**
 * How many UTC days before `before` (a date, YYYY-MM-DD) have entries and no root, as a scalar
 * subquery for the scrape's one statement (platform/metrics-scrape.store.ts). Every day up to
 * the last one sealed is sealed (days are sealed in order, and no entry may land in a sealed
 * day or an earlier one, migration 0012), so only the days after it are looked at, one index
 * probe each (`evidence_entries_day`): the cost is the number of unsealed days, not of entries.
 */
export function unsealedDaysBeforeForOpsSql(before: string, param: AddParam): string {
  const until = `${param(before)}::date`;
  return `(WITH RECURSIVE open_day AS (
       SELECT (SELECT min(e.day) FROM evidence_entries e
                WHERE e.day > coalesce((SELECT max(r.day) FROM evidence_day_roots r), '-infinity'::date)
                  AND e.day < ${until}) AS day
       UNION ALL
       SELECT (SELECT min(e.day) FROM evidence_entries e WHERE e.day > o.day AND e.day < ${until})
         FROM open_day o WHERE o.day IS NOT NULL)
     SELECT count(day)::int FROM open_day)`;
}

/** What the audit trail is filtered by (GET /ops/v1/audit); every member may be left out. */
export interface AuditFilter {
  /** A named operator's name, `bootstrap` or `cli`: that operator's actions only. */
  operator: string | null;
  /** The entry's funder. */
  funderId: string | null;
  /** The entry's kind, exactly (`api_key.issued`, `operator.revoked`, ...). */
  kind: string | null;
  /** Recorded at or after. */
  since: Date | null;
  /** Recorded before. */
  until: Date | null;
  /** Entries after this position of the chain (the page's cursor). */
  afterSeq: number;
  limit: number;
}

/** An entry as the audit trail reads it: its hash links left out, `seq` as text (a bigint). */
export interface AuditRow {
  seq: string;
  id: string;
  funder_id: string | null;
  plane: Plane | null;
  actor: Record<string, string>;
  kind: string;
  subject_type: string | null;
  subject_id: string | null;
  payload: Record<string, unknown>;
  recorded_at: Date;
}

/**
 * The entries of the evidence chain an operator or a funder's key made (not the service's own
 * jobs), in the chain's order, after `afterSeq`: at most `limit`. Only the filters given are in
 * the statement, so a filter on one operator is served by its index (migration 0067).
 */
export async function auditEntriesForOps(q: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const params: unknown[] = [filter.afterSeq];
  const where = ['e.seq > $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.operator !== null) {
    add((n) => `e.actor ->> 'kind' = 'operator' AND e.actor ->> 'operator' = ${n}`, filter.operator);
  } else {
    where.push(`e.actor ->> 'kind' IN ('operator', 'funder_key')`);
  }
  if (filter.funderId !== null) add((n) => `e.funder_id = ${n}::uuid`, filter.funderId);
  if (filter.kind !== null) add((n) => `e.kind = ${n}`, filter.kind);
  if (filter.since !== null) add((n) => `e.recorded_at >= ${n}`, filter.since);
  if (filter.until !== null) add((n) => `e.recorded_at < ${n}`, filter.until);
  params.push(filter.limit);
  const { rows } = await q.query<AuditRow>(
    `SELECT e.seq::text AS seq, e.id, e.funder_id, e.plane, e.actor, e.kind, e.subject_type, e.subject_id,
            e.payload, e.recorded_at
       FROM evidence_entries e
      WHERE ${where.join(' AND ')}
      ORDER BY e.seq LIMIT $${params.length}`,
    params,
  );
  return rows;
}
