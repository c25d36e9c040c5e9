import type { Queryable } from './db/db.ts';

/**
 * The service's named state (`service_state`), which the platform owns: a value per name (the
 * manual clock's instant, the demonstration funder) and named leases, timed by the database's own
 * clock so that a stopped manual clock never keeps one from lapsing. Areas keep their names and
 * call these; no area writes the table itself.
 */

export async function readState<T>(q: Queryable, name: string): Promise<T | null> {
  const { rows } = await q.query<{ value: T }>('SELECT value FROM service_state WHERE name = $1', [name]);
  return rows[0]?.value ?? null;
}

/** Records `value` under `name` unless a value is there already (the first writer wins). */
export async function keepStateOnce(q: Queryable, name: string, value: unknown): Promise<void> {
  await q.query(
    `INSERT INTO service_state (name, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (name) DO NOTHING`,
    [name, JSON.stringify(value)],
  );
}

/** Takes the lease `name` for `holder` unless another holder's is still running; answers whether it did. */
export async function takeLease(
  q: Queryable,
  name: string,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const taken = await q.query(
    `INSERT INTO service_state (name, value, updated_at)
     VALUES ($1, jsonb_build_object('holder', $2::text, 'until', now() + make_interval(secs => $3)), now())
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
      WHERE (service_state.value->>'until')::timestamptz < now()
     RETURNING 1`,
    [name, holder, seconds],
  );
  return taken.rowCount > 0;
}

/** Pushes the holder's lease `seconds` past now; null when the holder no longer has it. */
export async function renewLease(
  q: Queryable,
  name: string,
  holder: string,
  seconds: number,
): Promise<string | null> {
  const { rows } = await q.query<{ until: string }>(
    `UPDATE service_state
        SET value = jsonb_build_object('holder', $2::text, 'until', now() + make_interval(secs => $3)),
            updated_at = now()
      WHERE name = $1 AND value->>'holder' = $2
      RETURNING value->>'until' AS until`,
    [name, holder, seconds],
  );
  return rows[0]?.until ?? null;
}

/**
 * Whether the holder still has the lease, locking its row until the caller's transaction ends:
 * no other holder can take it over between this check and the commit.
 */
export async function holdsLease(q: Queryable, name: string, holder: string): Promise<boolean> {
  const { rows } = await q.query<{ holder: string }>(
    `SELECT value->>'holder' AS holder FROM service_state WHERE name = $1 FOR UPDATE`,
    [name],
  );
  return rows[0]?.holder === holder;
}

export async function freeLease(q: Queryable, name: string, holder: string): Promise<void> {
  await q.query(`DELETE FROM service_state WHERE name = $1 AND value->>'holder' = $2`, [name, holder]);
}
