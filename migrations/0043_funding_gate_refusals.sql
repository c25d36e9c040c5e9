-- Funding refused at a gate: every fund decision answered 409 funding_gate_failed is recorded here,
-- in a transaction of its own committed after the refused decision rolled back (docs/decisions.md,
-- "Decisions: gate refusals are recorded"). The funder's export carries them.
CREATE TABLE funding_gate_refusals (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id),
  -- The gates named in the answer, in its order (invoice_checks, debtor_acknowledgments, ...).
  gates text[] NOT NULL CHECK (cardinality(gates) > 0),
  -- What the answer said besides: the signals, disputes and debtors holding the gates, the gates
  -- with their own details.
  detail jsonb NOT NULL,
  -- Who asked to fund: the evidence chain's actor shape (kind, funder_id, key_id, request_id).
  actor jsonb NOT NULL,
  key_id uuid,
  refused_at timestamptz NOT NULL
);
CREATE INDEX funding_gate_refusals_funder ON funding_gate_refusals (funder_id, plane, refused_at);
CREATE INDEX funding_gate_refusals_request ON funding_gate_refusals (request_id);

-- The funder's own rows, on its plane (the pattern of the early payments).
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['funding_gate_refusals'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('CREATE POLICY funder_rows ON %I TO funder_api_funder
      USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane())', tbl);
    EXECUTE format('CREATE POLICY sandbox_rows ON %I TO funder_api_sandbox
      USING (funder_id = funder_api_funder_id() AND plane = ''demo'')', tbl);
    EXECUTE format('CREATE POLICY operator_rows ON %I TO funder_api_operator USING (true) WITH CHECK (true)', tbl);
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
      EXECUTE format('CREATE POLICY connecting_role_rows ON %I TO %I USING (true) WITH CHECK (true)',
        tbl, current_user);
    END IF;
  END LOOP;
END
$$;
