import type { Environment, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause } from '../../platform/db/scoped.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';
import { COUNTER_INSERT, type CounterRow, counterUpsert } from '../../platform/rate-limit.ts';

export interface FunderRow {
  id: string;
  name: string;
  environment: Environment;
  status: 'active' | 'suspended';
  is_demonstration: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface KeyRow {
  id: string;
  funder_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  prospect: string | null;
  rate_per_minute: number | null;
  rate_per_hour: number | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  /** Fixed when issued; null only while its funder is unclassified. */
  plane: Plane | null;
  /** The operator that issued it (migration 0067); null before then and for the service's own. */
  issued_by: string | null;
}

const KEY_COLUMNS =
  'k.id, k.funder_id, k.name, k.prefix, k.scopes, k.prospect, k.rate_per_minute, k.rate_per_hour, k.created_at, k.expires_at, k.revoked_at, k.plane, k.issued_by';

/*
 * Two kinds of function live here. The operations team's (named `ops...`) reach any funder and
 * any key: only the operations API, the CLI and the demonstration builder call them. A
 * funder-facing function here would take the caller's `FunderScope` and apply it in its SQL;
 * there is none today: a funder reads its key and funder through the caller made at
 * authentication. Authentication is the one lookup that comes before any scope (it is what makes
 * the scope), by the key's SHA-256 only.
 */

export async function opsInsertFunder(q: Queryable, row: Omit<FunderRow, 'updated_at'>): Promise<FunderRow> {
  const { rows } = await q.query<FunderRow>(
    `INSERT INTO funders (id, name, environment, status, is_demonstration, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
    [row.id, row.name, row.environment, row.status, row.is_demonstration, row.created_at],
  );
  return rows[0]!;
}

export async function opsFindFunder(q: Queryable, id: string, options: LockOption = {}) {
  const { rows } = await q.query<FunderRow>(
    `SELECT * FROM funders WHERE id = $1${lockClause(options.lock)}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function opsListFunders(q: Queryable): Promise<FunderRow[]> {
  return (await q.query<FunderRow>('SELECT * FROM funders ORDER BY created_at, id')).rows;
}

export async function opsUpdateFunder(
  q: Queryable,
  id: string,
  changes: { environment?: Environment; status?: 'active' | 'suspended' },
  at: Date,
): Promise<FunderRow> {
  const { rows } = await q.query<FunderRow>(
    `UPDATE funders SET environment = coalesce($2, environment), status = coalesce($3, status), updated_at = $4
      WHERE id = $1 RETURNING *`,
    [id, changes.environment ?? null, changes.status ?? null, at],
  );
  return rows[0]!;
}

export async function opsInsertKey(
  q: Queryable,
  row: Omit<KeyRow, 'revoked_at'> & { secret_sha256: string },
) {
  const { rows } = await q.query<KeyRow>(
    `INSERT INTO api_keys AS k (id, funder_id, name, prefix, secret_sha256, scopes, prospect, rate_per_minute,
                           rate_per_hour, created_at, expires_at, plane, issued_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${KEY_COLUMNS}`,
    [
      row.id,
      row.funder_id,
      row.name,
      row.prefix,
      row.secret_sha256,
      row.scopes,
      row.prospect,
      row.rate_per_minute,
      row.rate_per_hour,
      row.created_at,
      row.expires_at,
      row.plane,
      row.issued_by,
    ],
  );
  return rows[0]!;
}

/**
 * A funder's first classification gives its keys issued while unclassified their plane, once:
 * a key that has one keeps it (the database refuses any change).
 */
export async function opsFixUnsetKeyPlanes(q: Queryable, funderId: string, plane: Plane): Promise<number> {
  const { rowCount } = await q.query(
    'UPDATE api_keys SET plane = $2 WHERE funder_id = $1 AND plane IS NULL',
    [funderId, plane],
  );
  return rowCount;
}

export async function opsFindKey(q: Queryable, id: string, options: LockOption = {}) {
  const { rows } = await q.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.id = $1${lockClause(options.lock)}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function opsListKeys(q: Queryable, funderId: string | null): Promise<KeyRow[]> {
  const { rows } = await q.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE $1::uuid IS NULL OR k.funder_id = $1 ORDER BY k.created_at, k.id`,
    [funderId],
  );
  return rows;
}

export async function opsRevokeKey(
  q: Queryable,
  id: string,
  at: Date,
  reason: string | null,
): Promise<KeyRow> {
  const { rows } = await q.query<KeyRow>(
    `UPDATE api_keys AS k SET revoked_at = coalesce(revoked_at, $2), revoked_reason = coalesce(revoked_reason, $3)
      WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
    [id, at, reason],
  );
  return rows[0]!;
}

export interface KeyWithFunder extends KeyRow {
  funder_name: string;
  funder_environment: Environment;
  funder_status: 'active' | 'suspended';
}

/**
 * The key and its funder as one JSON value: the lookup runs on every call, and one column is
 * cheaper for the driver to take apart than fifteen (a description per column and a parser per
 * value, the scopes' array parser among them).
 */
const KEY_WITH_FUNDER_JSON = `json_build_object(
       'id', k.id, 'funder_id', k.funder_id, 'name', k.name, 'prefix', k.prefix, 'scopes', k.scopes,
       'prospect', k.prospect, 'rate_per_minute', k.rate_per_minute, 'rate_per_hour', k.rate_per_hour,
       'created_at', k.created_at, 'expires_at', k.expires_at, 'revoked_at', k.revoked_at, 'plane', k.plane,
       'funder_name', f.name, 'funder_environment', f.environment, 'funder_status', f.status)`;

type KeyJson = Omit<KeyWithFunder, 'created_at' | 'expires_at' | 'revoked_at'> & {
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
};

const keyFromJson = (key: KeyJson): KeyWithFunder => ({
  ...key,
  created_at: new Date(key.created_at),
  expires_at: key.expires_at === null ? null : new Date(key.expires_at),
  revoked_at: key.revoked_at === null ? null : new Date(key.revoked_at),
});

// Run on every authenticated call: planned once per connection.
const KEY_BY_SECRET = namedStatement<{ key: KeyJson }>()({
  name: 'account_key_by_secret',
  columns: ['key'],
  sql: `SELECT ${KEY_WITH_FUNDER_JSON} AS key
       FROM api_keys k JOIN funders f ON f.id = k.funder_id
      WHERE k.secret_sha256 = $1`,
});

/** The one lookup every authenticated call makes: by the key's SHA-256, with its funder. */
export async function authenticateKey(q: Queryable, secretSha256: string): Promise<KeyWithFunder | null> {
  const { rows } = await runStatement(q, KEY_BY_SECRET, [secretSha256]);
  return rows[0] ? keyFromJson(rows[0].key) : null;
}

const KEY_BY_SECRET_COUNTED = namedStatement<{ key: KeyJson } & CounterRow>()({
  name: 'account_key_by_secret_counted',
  columns: ['key', 'first_hits', 'second_hits'],
  sql: `WITH k AS (
       SELECT k.id, k.revoked_at, k.expires_at, ${KEY_WITH_FUNDER_JSON} AS key
         FROM api_keys k JOIN funders f ON f.id = k.funder_id
        WHERE k.secret_sha256 = $1
     ), counted AS (
       ${COUNTER_INSERT}
       SELECT 'key:' || k.id || $2, $3::bigint, $7::int, $4::bigint, CASE WHEN $4::bigint IS NULL THEN NULL ELSE $7::int END,
              to_timestamp($5::double precision)
         FROM k, (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
        WHERE k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $6)
       ${counterUpsert('$8::int')}
     )
     SELECT k.key, counted.first_hits, counted.second_hits FROM k LEFT JOIN counted ON true`,
});

/**
 * The same lookup, counting `units` calls in the key's rate windows in the same statement (one
 * round trip): the calling call, and any counted ahead for the key's next calls on this server.
 * `giveBack` takes off the hour the calls this server counted ahead in an earlier minute of it and
 * never made. Only a key that is neither revoked nor expired is counted.
 */
export async function authenticateKeyAndCount(
  q: Queryable,
  secretSha256: string,
  target: { suffix: string; firstStart: number; secondStart: number | null; expires: number },
  count: { units: number; giveBack: number },
  now: Date,
): Promise<(KeyWithFunder & CounterRow) | null> {
  const { rows } = await runStatement(q, KEY_BY_SECRET_COUNTED, [
    secretSha256,
    target.suffix,
    target.firstStart,
    target.secondStart,
    target.expires,
    now,
    count.units,
    count.giveBack,
  ]);
  const row = rows[0];
  return row ? { ...keyFromJson(row.key), first_hits: row.first_hits, second_hits: row.second_hits } : null;
}
