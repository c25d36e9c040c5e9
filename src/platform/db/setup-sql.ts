import { FUNDER_ROLE, OPERATOR_ROLE, SANDBOX_ROLE } from './actor.ts';

/**
 * The roles the row-security policies name (migration 0020 and later). They belong to the whole
 * cluster: a database administrator creates them once, `migrate` never does where they exist.
 */
export const POLICY_ROLES = [FUNDER_ROLE, SANDBOX_ROLE, OPERATOR_ROLE] as const;

export interface SetupNames {
  /** The role that runs `migrate` and owns the schema and every object in it. */
  owner: string;
  /** The role `serve` and `work` connect as: owns nothing, only a member of the policy roles. */
  login: string;
  /** The database the service runs in. */
  database: string;
}

export const DEFAULT_SETUP_NAMES: SetupNames = {
  owner: 'funder_api_owner',
  login: 'funder_api_app',
  database: 'funder_api',
};

/** A name that needs no quoting in SQL: lower case letters, digits and underscores, at most 63. */
export const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The SQL a database administrator runs once, as a superuser, connected to the service's
 * database: the roles when missing, the schema's owner, the grants and the memberships. Every
 * statement is safe to run again. Plain SQL with no client commands, for any client, in one
 * transaction, so that it fails closed: run on the wrong database it changes nothing, whether or
 * not the client stops at the first error (psql without ON_ERROR_STOP goes on).
 */
export function setupSql(names: SetupNames): string {
  for (const name of [names.owner, names.login, names.database]) {
    if (!SQL_NAME.test(name)) throw new Error(`"${name}" is not a plain SQL name`);
  }
  const { owner, login, database } = names;
  const policyRoles = POLICY_ROLES.join(', ');
  const policyArray = POLICY_ROLES.map((role) => `'${role}'`).join(', ');
  return `-- funder-api: database roles and rights. Run once as a superuser, connected to the
-- database "${database}"; running it again changes nothing.
--   ${POLICY_ROLES.join(', ')}
--       the roles the row-security policies name (cluster-wide, no login)
--   ${owner}
--       runs \`funder-api migrate\`; owns the schema "public" and everything in it
--   ${login}
--       \`serve\` and \`work\` connect as it; owns nothing, may create nothing, and is only a
--       member of the policy roles (its table rights come from them)
-- Set the two login roles' passwords (or your own authentication) afterwards, e.g. in psql:
--   \\password ${owner}
--   \\password ${login}
-- It is one transaction: a statement that fails (the first does on the wrong database) leaves
-- every later one refused and the end rolled back, even in a client that goes on after an error.

BEGIN;

DO $$
BEGIN
  IF current_database() <> '${database}' THEN
    RAISE EXCEPTION 'connect to the database "${database}" to run this (connected to "%")', current_database();
  END IF;
END
$$;

-- The policy roles: no login, no superuser, no bypassing row security, owning nothing.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[${policyArray}] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = name) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT', name);
    END IF;
  END LOOP;
END
$$;

-- The owner and the login role, when missing. The login role is held to least privilege even
-- when it existed before: no superuser, no role or database creation, no bypassing row
-- security. It inherits the policy roles' table rights (authentication reads keys and counts
-- calls before any caller is known, as the login role itself).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${owner}') THEN
    CREATE ROLE ${owner} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${login}') THEN
    CREATE ROLE ${login} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
END
$$;
ALTER ROLE ${login} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;

-- The database: both may connect. The schema: the owner owns it (it creates the tables and
-- grants their use); nobody else may create in it.
GRANT CONNECT ON DATABASE ${database} TO ${owner}, ${login};
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO ${owner};
GRANT USAGE ON SCHEMA public TO ${login}, ${policyRoles};

-- Memberships: both switch to a policy role for every call (SET ROLE); the owner also runs the
-- command line's one-off commands as the operator role when given its connection string.
GRANT ${policyRoles} TO ${owner};
GRANT ${policyRoles} TO ${login};

COMMIT;
`;
}
