-- funder-api: database roles and rights. Run once as a superuser, connected to the
-- database "funder_api"; running it again changes nothing.
--   funder_api_funder, funder_api_sandbox, funder_api_operator
--       the roles the row-security policies name (cluster-wide, no login)
--   funder_api_owner
--       runs `funder-api migrate`; owns the schema "public" and everything in it
--   funder_api_app
--       `serve` and `work` connect as it; owns nothing, may create nothing, and is only a
--       member of the policy roles (its table rights come from them)
-- Set the two login roles' passwords (or your own authentication) afterwards, e.g. in psql:
--   \password funder_api_owner
--   \password funder_api_app
-- It is one transaction: a statement that fails (the first does on the wrong database) leaves
-- every later one refused and the end rolled back, even in a client that goes on after an error.

BEGIN;

DO $$
BEGIN
  IF current_database() <> 'funder_api' THEN
    RAISE EXCEPTION 'connect to the database "funder_api" to run this (connected to "%")', current_database();
  END IF;
END
$$;

-- The policy roles: no login, no superuser, no bypassing row security, owning nothing.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'] LOOP
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
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'funder_api_owner') THEN
    CREATE ROLE funder_api_owner LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'funder_api_app') THEN
    CREATE ROLE funder_api_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
END
$$;
ALTER ROLE funder_api_app NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;

-- The database: both may connect. The schema: the owner owns it (it creates the tables and
-- grants their use); nobody else may create in it.
GRANT CONNECT ON DATABASE funder_api TO funder_api_owner, funder_api_app;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO funder_api_owner;
GRANT USAGE ON SCHEMA public TO funder_api_app, funder_api_funder, funder_api_sandbox, funder_api_operator;

-- Memberships: both switch to a policy role for every call (SET ROLE); the owner also runs the
-- command line's one-off commands as the operator role when given its connection string.
GRANT funder_api_funder, funder_api_sandbox, funder_api_operator TO funder_api_owner;
GRANT funder_api_funder, funder_api_sandbox, funder_api_operator TO funder_api_app;

COMMIT;
