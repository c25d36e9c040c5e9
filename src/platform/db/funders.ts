import { type Environment, type Plane, planeOf } from '../caller.ts';
import type { Queryable } from './db.ts';

/**
 * The two facts about a funder any area may need before it acts for one the operations team
 * names: whether it exists, and the plane it works on. Read here once, in the caller's
 * transaction, so no area's store reads the funders table for them.
 */

/** Whether a funder of this id exists (in any environment). */
export async function funderExists(q: Queryable, funderId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM funders_read WHERE id = $1', [funderId]);
  return rows.length > 0;
}

/** The plane a funder works on: undefined when no funder has this id, null while unclassified. */
export async function funderPlane(q: Queryable, funderId: string): Promise<Plane | null | undefined> {
  const { rows } = await q.query<{ environment: Environment }>(
    'SELECT environment FROM funders_read WHERE id = $1',
    [funderId],
  );
  const found = rows[0];
  return found === undefined ? undefined : planeOf(found.environment);
}
