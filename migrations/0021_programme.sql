-- Programme terms (issue 10): the funder's default terms and a company's own terms, the
-- disclosure of each request (confidential until announced), the prepared notice of
-- assignment per debtor, where a debtor's notice is sent, and when a seller's verification lapses.

CREATE TABLE programme_defaults (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  terms jsonb NOT NULL,
  reason text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, plane)
);

CREATE TABLE programme_company_terms (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  terms jsonb NOT NULL,
  reason text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, plane, seller_id)
);

-- The request's disclosure now (its terms keep the disclosure it was routed under).
ALTER TABLE funding_requests
  ADD COLUMN disclosure text CHECK (disclosure IN ('announced', 'confidential')),
  ADD COLUMN announced_at timestamptz,
  ADD COLUMN announced_trigger text
    CHECK (announced_trigger IN ('manual', 'overdue', 'dispute', 'kyc_lapse')),
  ADD COLUMN announce_reason text;

-- Requests routed before this migration took the announced default.
UPDATE funding_requests
   SET disclosure = CASE WHEN programme_terms->>'disclosure' = 'confidential' THEN 'confidential' ELSE 'announced' END
 WHERE programme_terms IS NOT NULL;

-- The prepared notice: exactly what the debtor receives, and what it covered when prepared.
ALTER TABLE debtor_notices
  ADD COLUMN subject text,
  ADD COLUMN html text,
  ADD COLUMN language text,
  ADD COLUMN governing_law text,
  ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  ADD COLUMN names_funder_id uuid REFERENCES funders (id),
  ADD COLUMN covers jsonb,
  ADD COLUMN prepared_at timestamptz,
  ADD COLUMN sending text CHECK (sending IN ('sending_queued')),
  ADD COLUMN sending_queued_at timestamptz;

ALTER TABLE debtors ADD COLUMN notice_address text;
ALTER TABLE sellers ADD COLUMN verification_lapses_on date;

-- Row security for the new tables, as in 0020: a funder its own terms on its plane, the
-- sandbox helpers the demonstration funder's, the operator every row.
DO $$
DECLARE
  tbl text;
  owner_is_superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  FOREACH tbl IN ARRAY ARRAY['programme_defaults', 'programme_company_terms'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('CREATE POLICY funder_rows ON %I TO funder_api_funder
      USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane())
      WITH CHECK (funder_id = funder_api_funder_id() AND plane = funder_api_plane())', tbl);
    EXECUTE format('CREATE POLICY sandbox_rows ON %I TO funder_api_sandbox
      USING (funder_id = funder_api_funder_id() AND plane = ''demo'')
      WITH CHECK (funder_id = funder_api_funder_id() AND plane = ''demo'')', tbl);
    EXECUTE format('CREATE POLICY operator_rows ON %I TO funder_api_operator USING (true) WITH CHECK (true)', tbl);
    IF NOT owner_is_superuser THEN
      EXECUTE format('CREATE POLICY connecting_role_rows ON %I TO %I USING (true) WITH CHECK (true)',
        tbl, current_user);
    END IF;
  END LOOP;
END
$$;
