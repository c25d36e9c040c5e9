import pg from 'pg';
import { setupSql } from '../../src/platform/db/setup-sql.ts';

/**
 * The roles the suite's PostgreSQL run uses, as a bank would (README, "Running on PostgreSQL"):
 * the owner migrates the template, every test's service connects as the login role. Roles
 * belong to the whole cluster, so these two are shared by every run on the server (and never
 * dropped); their names start apart from `funder_api_` so that a test listing the service's own
 * roles does not see them. They connect without a password: the test server must let them in
 * as it lets its superuser in (a local `trust` rule), since a password set by one run would
 * change under another running beside it.
 */
export const TEST_ROLES = { owner: 'funder_test_owner', login: 'funder_test_app' } as const;

/** Any fixed number: runs setting up the shared roles at once take turns on it. */
const SETUP_LOCK = 7_202_652;

/** `serverUrl` pointed at the database `name`, as `role` (the URL's own role when none). */
export function databaseUrl(serverUrl: string, name: string, role?: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (role) {
    url.username = role;
    url.password = '';
  }
  return url.toString();
}

/**
 * Runs the SQL `db setup-sql` prints for the suite's roles in the database `name`, as the
 * superuser of `serverUrl`. The roles and their memberships are the cluster's: two runs
 * changing them at once could collide (PostgreSQL refuses a catalogue row updated concurrently),
 * so each run holds an advisory lock in the server URL's own database meanwhile, which every run
 * shares.
 */
export async function applySetupSql(serverUrl: string, name: string): Promise<void> {
  const lock = new pg.Client({ connectionString: serverUrl });
  const target = new pg.Client({ connectionString: databaseUrl(serverUrl, name) });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
    await target.connect();
    await target.query(setupSql({ ...TEST_ROLES, database: name }));
  } finally {
    await target.end().catch(() => undefined);
    await lock.end();
  }
}
