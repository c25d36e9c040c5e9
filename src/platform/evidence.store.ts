import type { AddParam } from './db/db.ts';

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
