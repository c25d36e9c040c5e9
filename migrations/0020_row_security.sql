-- The second wall: row-level security. Stores already filter by the caller's funder and plane
-- (the first wall); here the database itself refuses any row outside them, so a query that
-- forgot its filter still returns only the caller's rows. docs/security.md describes it.
--
-- Three roles, none able to log in, none a superuser, none bypassing row security, none owning
-- a table. The service connects as its own role and switches to one of them at the start of
-- every transaction (src/platform/db/actor.ts):
--   funder_api_funder    a funder's call; sees its own rows on its key's plane
--   funder_api_sandbox   a sandbox key's test helpers; the demonstration plane only
--   funder_api_operator  the operations API, jobs, the demonstration builder, the CLI: all rows
-- The funder and the plane come from transaction-local settings (funder_api.funder_id,
-- funder_api.plane). With none set, the funder role sees nothing.

-- Roles belong to the whole cluster: a database administrator creates them once (the SQL
-- `funder-api db setup-sql` prints). A migration never creates one that exists, so the role
-- that migrates needs no CREATEROLE. Where one is missing and the role that migrates may create
-- roles (a superuser: the embedded database, the test suite), it is created here; several
-- databases may run this file at once (test templates): creating one that another run has just
-- created is not an error.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'] LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = name);
    IF NOT (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
      RAISE EXCEPTION 'the role % is missing and % may not create it: have a database administrator run the SQL that `funder-api db setup-sql` prints',
        name, current_user;
    END IF;
    BEGIN
      EXECUTE format(
        'CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT', name);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END LOOP;
END
$$;

-- A connecting role that is not a superuser must be a member to switch to them (a superuser
-- may switch to any role). The administrator's SQL grants it; granted here only when missing.
DO $$
DECLARE
  name text;
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    FOREACH name IN ARRAY ARRAY['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'] LOOP
      CONTINUE WHEN pg_has_role(current_user, name, 'MEMBER');
      BEGIN
        EXECUTE format('GRANT %I TO %I', name, current_user);
      EXCEPTION WHEN insufficient_privilege THEN
        RAISE EXCEPTION '% is not a member of the role % and may not make itself one: have a database administrator run the SQL that `funder-api db setup-sql` prints',
          current_user, name;
      END;
    END LOOP;
  END IF;
END
$$;

-- Table rights: the policies below decide which rows. Tables added later get the same rights.
GRANT USAGE ON SCHEMA public TO funder_api_funder, funder_api_sandbox, funder_api_operator;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public
  TO funder_api_funder, funder_api_sandbox, funder_api_operator;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public
  TO funder_api_funder, funder_api_sandbox, funder_api_operator;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES
  TO funder_api_funder, funder_api_sandbox, funder_api_operator;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES
  TO funder_api_funder, funder_api_sandbox, funder_api_operator;
-- Funder-facing work never touches the migration record and only reads the service's state.
REVOKE ALL ON schema_migrations FROM funder_api_funder, funder_api_sandbox;
REVOKE INSERT, UPDATE, DELETE ON service_state FROM funder_api_funder, funder_api_sandbox;

-- The caller's funder and plane as the policies read them; NULL when not set (an empty string
-- is what a setting reads after a transaction that set it ended).
CREATE FUNCTION funder_api_funder_id() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('funder_api.funder_id', true), '')::uuid $$;
CREATE FUNCTION funder_api_plane() RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('funder_api.plane', true), '') $$;

-- Each entry: the table, what a funder's call sees (USING), what it may write (WITH CHECK),
-- and what a sandbox key's helpers see and write. The operator sees and writes every row.
-- A child table without its own plane or funder column follows its parent: the subquery is
-- itself filtered by the parent's policy.
DO $$
DECLARE
  rule record;
  owner_is_superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  FOR rule IN
    SELECT * FROM (VALUES
      -- a funder sees its own record and keys, and its own idempotency records
      ('funders', 'id = funder_api_funder_id()', NULL, 'id = funder_api_funder_id()', NULL),
      ('api_keys', 'funder_id = funder_api_funder_id()', NULL, 'funder_id = funder_api_funder_id()', NULL),
      ('idempotency_keys', 'funder_id = funder_api_funder_id()', NULL, 'funder_id = funder_api_funder_id()', NULL),
      -- its own evidence entries and events; a write may also record entries of no funder
      -- (a party it created) on its plane
      ('evidence_entries', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()',
        'plane = funder_api_plane() AND (funder_id IS NULL OR funder_id = funder_api_funder_id())',
        'plane = ''demo''', NULL),
      ('outbox_events', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'plane = ''demo''', NULL),
      -- parties and what the service knows of them: the plane
      ('sellers', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('debtors', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('seller_scores', 'EXISTS (SELECT 1 FROM sellers s WHERE s.id = seller_id)', NULL,
        'EXISTS (SELECT 1 FROM sellers s WHERE s.id = seller_id)', NULL),
      ('invoices', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('seller_documents', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      -- file contents, stored once per plane and hash (migration 0018): a funder reads what a
      -- document of its plane points to; the sandbox helpers read and store demonstration files
      ('document_files',
        'plane = funder_api_plane() AND EXISTS (SELECT 1 FROM seller_documents d
           WHERE d.sha256 = document_files.sha256 AND d.plane = document_files.plane)',
        'plane = funder_api_plane()', 'plane = ''demo''', NULL),
      ('debtor_profiles', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('debtor_scores', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('debtor_public_payment_periods', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('supplier_ledger_lines', 'plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      -- requests: the visibility rule (routed to the funder now, or acted on by it), on its
      -- plane; a write keeps the request on that plane
      ('funding_requests',
        'plane = funder_api_plane() AND (assigned_funder_id = funder_api_funder_id() OR EXISTS (
           SELECT 1 FROM request_funders rf WHERE rf.request_id = funding_requests.id
              AND rf.funder_id = funder_api_funder_id() AND rf.acted_at IS NOT NULL))',
        'plane = funder_api_plane()', 'plane = ''demo''', NULL),
      ('request_funders', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'plane = ''demo''', NULL),
      ('request_invoices', 'EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)', NULL,
        'EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)', NULL),
      ('request_history',
        'plane = funder_api_plane() AND EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)',
        'plane = funder_api_plane()', 'plane = ''demo''', NULL),
      ('debtor_notices',
        'plane = funder_api_plane() AND EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)',
        'plane = funder_api_plane()', 'plane = ''demo''', NULL),
      ('risk_signals',
        'plane = funder_api_plane() AND EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)',
        'plane = funder_api_plane()', 'plane = ''demo''', NULL),
      ('disputes',
        'plane = funder_api_plane() AND EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)',
        'plane = funder_api_plane()', 'plane = ''demo''', NULL),
      -- what is the funder's own: its offers, settlements, deal files, download log, settings,
      -- limit books and bank statements, on its plane
      ('offers', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('settlements', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('deal_file_entries', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('document_url_log', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL, 'plane = ''demo''', NULL),
      ('funder_settings', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('funder_listed_buyers', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('funder_required_documents', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('credit_limits', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('credit_limit_history', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('seller_limits', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('seller_limit_history', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('statements', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL),
      ('statement_lines', 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()', NULL,
        'funder_id = funder_api_funder_id() AND plane = ''demo''', NULL)
    ) AS rules (tbl, funder_sees, funder_writes, sandbox_sees, sandbox_writes)
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', rule.tbl);
    -- FORCE: the tables' owner is bound too, unless it is a superuser.
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', rule.tbl);
    EXECUTE format('CREATE POLICY funder_rows ON %I TO funder_api_funder USING (%s) WITH CHECK (%s)',
      rule.tbl, rule.funder_sees, coalesce(rule.funder_writes, rule.funder_sees));
    EXECUTE format('CREATE POLICY sandbox_rows ON %I TO funder_api_sandbox USING (%s) WITH CHECK (%s)',
      rule.tbl, rule.sandbox_sees, coalesce(rule.sandbox_writes, rule.sandbox_sees));
    EXECUTE format('CREATE POLICY operator_rows ON %I TO funder_api_operator USING (true) WITH CHECK (true)',
      rule.tbl);
    -- The connecting role migrates and authenticates. Forced row security would hide every row
    -- from it unless it is a superuser (which bypasses policies): name it explicitly then.
    IF NOT owner_is_superuser THEN
      EXECUTE format('CREATE POLICY connecting_role_rows ON %I TO %I USING (true) WITH CHECK (true)',
        rule.tbl, current_user);
    END IF;
  END LOOP;
END
$$;

-- Appending to the evidence chain reads the chain's last entry, whoever's it is: only its
-- sequence number and hash come out, through this function, which runs as the role that
-- migrated (the tables' owner).
CREATE FUNCTION evidence_chain_head() RETURNS TABLE (seq bigint, hash text, recorded_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT e.seq, e.hash, e.recorded_at FROM evidence_entries e ORDER BY e.seq DESC LIMIT 1 $$;
REVOKE ALL ON FUNCTION evidence_chain_head() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION evidence_chain_head() TO funder_api_funder, funder_api_sandbox, funder_api_operator;

-- The rate counter is rewritten on every authenticated call and is worth little after a crash:
-- kept out of the write-ahead log (no WAL write, no WAL flush per call). After a crash of the
-- database server the table comes back empty: every key's current windows start again from
-- zero, so a client may make at most one window's allowance more (docs/security.md).
ALTER TABLE rate_counters SET UNLOGGED;
