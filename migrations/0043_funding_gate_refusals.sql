-- Funding refused at a gate: every fund decision answered 409 funding_gate_failed is recorded here,
-- in a transaction of its own committed after the refused decision rolled back (docs/decisions/decisions.md).
-- The funder's export carries them.
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

-- The funder's own rows, on its plane (the standard policies of migration 0037).
SELECT apply_funder_scope_policies('funding_gate_refusals');
