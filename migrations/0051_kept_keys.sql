-- Keys the service keeps sealed under its secrets key (platform/crypto.ts), so that rotating
-- that key changes nothing they make. One row so far: 'derived-values', the key the tokens of
-- client and onboarding links are derived under (only their SHA-256 is stored elsewhere), kept
-- by the first `funder-api secrets rotate` and sealed again by every later one.
CREATE TABLE kept_keys (
  name text PRIMARY KEY,
  sealed text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The operator role only (servers read it at start as the operator; rotation writes it): the
-- funder and sandbox roles' policies admit no row, ever.
ALTER TABLE kept_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE kept_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY funder_rows ON kept_keys TO funder_api_funder USING (false) WITH CHECK (false);
CREATE POLICY sandbox_rows ON kept_keys TO funder_api_sandbox USING (false) WITH CHECK (false);
CREATE POLICY operator_rows ON kept_keys TO funder_api_operator USING (true) WITH CHECK (true);
