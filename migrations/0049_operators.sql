-- Named operators: each member of the operations team (or each tool it runs) calls the
-- operations API with a token of its own, so every operations write can say who made it, and one
-- token can be revoked without touching the others. Only the token's SHA-256 is kept, as for API
-- keys; the token itself is shown once, when it is issued. The bootstrap operator (OPS_TOKEN, or
-- the token kept in the data directory) is not a row here.
CREATE TABLE operators (
  id uuid PRIMARY KEY,
  -- Lower case letters, digits, dots, dashes and underscores; `bootstrap` is the bootstrap
  -- operator's and is refused by the service.
  name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,62}$'),
  prefix text NOT NULL,
  token_sha256 text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- One operator in force per name; a revoked name may be issued again (a new token, a new row).
CREATE UNIQUE INDEX operators_name_in_force ON operators (name) WHERE revoked_at IS NULL;

-- Operator-only: no funder's call and no sandbox helper reads or writes a row (their policies see
-- nothing, so a funder's query with no filter at all counts zero rows, as the second wall's test
-- expects of every policed table); the operator role and the connecting role (authentication
-- runs before any caller is known) see every row. Table rights are the schema's defaults
-- (migration 0020).
ALTER TABLE operators ENABLE ROW LEVEL SECURITY;
ALTER TABLE operators FORCE ROW LEVEL SECURITY;
CREATE POLICY funder_rows ON operators TO funder_api_funder USING (false) WITH CHECK (false);
CREATE POLICY sandbox_rows ON operators TO funder_api_sandbox USING (false) WITH CHECK (false);
CREATE POLICY operator_rows ON operators TO funder_api_operator USING (true) WITH CHECK (true);
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON operators TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;
