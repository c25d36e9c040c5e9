-- Buyer-programme early payments. A buyer (a debtor of the service) approves a supplier's invoice;
-- the supplier is offered to be paid early, by a funder recorded when the offer is released to
-- it; the funder pays the supplier early and the buyer repays the funder at maturity
-- (docs/decisions/early-payments.md).
CREATE TABLE early_payments (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  invoice_id uuid NOT NULL REFERENCES invoices (id),
  -- What the buyer owes at maturity (the invoice's face value) and what the supplier is offered.
  amount_due numeric(18,2) NOT NULL CHECK (amount_due > 0),
  offered_amount numeric(18,2) NOT NULL CHECK (offered_amount > 0 AND offered_amount <= amount_due),
  maturity_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('released', 'accepted', 'paid', 'repaid', 'declined', 'withdrawn')),
  released_at timestamptz NOT NULL,
  accepted_at timestamptz,
  paid_at timestamptz,
  paid_amount numeric(18,2) CHECK (paid_amount > 0),
  paid_value_date date,
  paid_reference text,
  repaid_amount numeric(18,2) NOT NULL DEFAULT 0 CHECK (repaid_amount >= 0 AND repaid_amount <= amount_due),
  repaid_at timestamptz,
  closed_at timestamptz,
  close_reason text,
  updated_at timestamptz NOT NULL,
  CHECK ((status IN ('paid', 'repaid')) = (paid_at IS NOT NULL))
);
-- One early payment in flight per invoice: a declined or withdrawn offer may be followed by another.
CREATE UNIQUE INDEX early_payments_one_per_invoice ON early_payments (invoice_id)
  WHERE status IN ('released', 'accepted', 'paid', 'repaid');
CREATE INDEX early_payments_funder ON early_payments (funder_id, plane, released_at DESC, id DESC);

-- The buyer's repayments of one early payment, partial ones adding up.
CREATE TABLE early_payment_repayments (
  id uuid PRIMARY KEY,
  early_payment_id uuid NOT NULL REFERENCES early_payments (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  value_date date NOT NULL,
  reference text NOT NULL,
  recorded_at timestamptz NOT NULL
);
CREATE INDEX early_payment_repayments_payment ON early_payment_repayments (early_payment_id, recorded_at);

-- The funder's own rows, on its plane; the sandbox helpers play the buyer and the supplier on the
-- demonstration plane.
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['early_payments', 'early_payment_repayments'] LOOP
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
