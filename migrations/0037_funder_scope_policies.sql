-- One definition of the second wall's policies for a table holding a funder's rows, instead of
-- the block copied into 0021, 0024, 0027, 0032, 0035 and 0036. A new table calls it in the
-- migration that creates it (docs/architecture.md, "Row-level security").
--
-- apply_funder_scope_policies(table, scope, funder_writes, sandbox) turns forced row-level
-- security on and (re)creates the table's four policies, dropping them first, so a second call
-- changes nothing:
--   funder_rows           funder_api_funder: the rows `scope` gives it; writes the same rows, or
--                         none when funder_writes is false (only the operator changes them)
--   sandbox_rows          funder_api_sandbox: the same on the demonstration plane, or nothing
--                         at all when sandbox is false
--   operator_rows         funder_api_operator: every row
--   connecting_role_rows  the role that migrates (the tables' owner), unless it is a superuser
--                         and so bypasses row security anyway
-- scope:
--   'funder_plane'  the funder's own rows on the key's plane (funder_id and plane columns)
--   'funder'        the funder's own rows on every plane (a funder_id column, no plane)
--   'plane'         every row of the key's plane (a plane column, no funder)
-- A policy's WITH CHECK is always written out; where an older block left it out, PostgreSQL
-- used the USING expression for it, which is what is written now.
CREATE OR REPLACE FUNCTION apply_funder_scope_policies(
  tbl regclass,
  scope text DEFAULT 'funder_plane',
  funder_writes boolean DEFAULT true,
  sandbox boolean DEFAULT true
) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  funder_sees text;
  sandbox_sees text;
  policy text;
BEGIN
  CASE scope
    WHEN 'funder_plane' THEN
      funder_sees := 'funder_id = funder_api_funder_id() AND plane = funder_api_plane()';
      sandbox_sees := 'funder_id = funder_api_funder_id() AND plane = ''demo''';
    WHEN 'funder' THEN
      funder_sees := 'funder_id = funder_api_funder_id()';
      sandbox_sees := 'funder_id = funder_api_funder_id()';
    WHEN 'plane' THEN
      funder_sees := 'plane = funder_api_plane()';
      sandbox_sees := 'plane = ''demo''';
    ELSE
      RAISE EXCEPTION 'apply_funder_scope_policies(%): unknown scope %', tbl, scope;
  END CASE;
  IF NOT sandbox THEN
    sandbox_sees := 'false';
  END IF;

  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  -- FORCE: the tables' owner is bound too, unless it is a superuser.
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  FOREACH policy IN ARRAY ARRAY['funder_rows', 'sandbox_rows', 'operator_rows', 'connecting_role_rows'] LOOP
    EXECUTE format('DROP POLICY IF EXISTS %I ON %s', policy, tbl);
  END LOOP;
  EXECUTE format('CREATE POLICY funder_rows ON %s TO funder_api_funder USING (%s) WITH CHECK (%s)',
    tbl, funder_sees, CASE WHEN funder_writes THEN funder_sees ELSE 'false' END);
  EXECUTE format('CREATE POLICY sandbox_rows ON %s TO funder_api_sandbox USING (%s) WITH CHECK (%s)',
    tbl, sandbox_sees, CASE WHEN funder_writes THEN sandbox_sees ELSE 'false' END);
  EXECUTE format('CREATE POLICY operator_rows ON %s TO funder_api_operator USING (true) WITH CHECK (true)', tbl);
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON %s TO %I USING (true) WITH CHECK (true)',
      tbl, current_user);
  END IF;
END
$fn$;

-- Only the role that migrates calls it.
REVOKE ALL ON FUNCTION apply_funder_scope_policies(regclass, text, boolean, boolean) FROM PUBLIC;

-- The tables the copied blocks covered, one call each; a table added later gets its own line.
SELECT apply_funder_scope_policies('programme_defaults');
SELECT apply_funder_scope_policies('programme_company_terms');
SELECT apply_funder_scope_policies('webhook_endpoints');
SELECT apply_funder_scope_policies('webhook_secrets');
SELECT apply_funder_scope_policies('webhook_deliveries');
SELECT apply_funder_scope_policies('prescribers');
SELECT apply_funder_scope_policies('client_links');
SELECT apply_funder_scope_policies('client_arrivals');
SELECT apply_funder_scope_policies('client_invitations');
SELECT apply_funder_scope_policies('funder_clients');
SELECT apply_funder_scope_policies('onboarding_links');
-- A funder reads its return origins on every plane; only the operator changes them.
SELECT apply_funder_scope_policies('funder_return_origins', scope => 'funder', funder_writes => false);
-- Exports are for live keys: a sandbox key sees none.
SELECT apply_funder_scope_policies('exports', sandbox => false);
SELECT apply_funder_scope_policies('export_link_log', sandbox => false);
-- A funder reads whether its own plane's registry is open; only the operator changes it.
SELECT apply_funder_scope_policies('registry_planes', scope => 'plane', funder_writes => false);
SELECT apply_funder_scope_policies('registry_lookups');
SELECT apply_funder_scope_policies('early_payments');
SELECT apply_funder_scope_policies('early_payment_repayments');
