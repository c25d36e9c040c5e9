-- Recourse claims: when a funded request is still not settled `recourse_days` Madrid calendar
-- days after the earliest due date of its invoices, one claim opens on it (docs/decisions/recourse.md).
-- With recourse the seller owes the funder what it advanced plus the recorded fee,
-- less what was collected; without recourse the claim records what the debtor still owes.
CREATE TABLE recourse_claims (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('recourse', 'debtor_default')),
  status text NOT NULL CHECK (status IN ('open', 'settled', 'withdrawn', 'written_off')),
  -- The rule that opened it: the earliest due date, the day count, the Madrid date it opened on.
  due_date date NOT NULL,
  recourse_days integer NOT NULL CHECK (recourse_days > 0),
  opens_on date NOT NULL,
  -- The figures at opening, euros.
  amount_advanced numeric(18,2) NOT NULL CHECK (amount_advanced >= 0),
  fees numeric(18,2) NOT NULL CHECK (fees >= 0),
  collected numeric(18,2) NOT NULL CHECK (collected >= 0),
  claim_amount numeric(18,2) NOT NULL CHECK (claim_amount > 0),
  -- Payments recorded on the request since the claim opened (settle, statement lines, repayments).
  paid_since_opened numeric(18,2) NOT NULL DEFAULT 0 CHECK (paid_since_opened >= 0),
  pay_to_iban text,
  pay_reference text NOT NULL,
  opened_at timestamptz NOT NULL,
  closed_at timestamptz,
  settled_by text CHECK (settled_by IN ('recourse', 'request_settled')),
  close_reason text,
  updated_at timestamptz NOT NULL,
  CHECK ((status = 'open') = (closed_at IS NULL)),
  CHECK ((status = 'settled') = (settled_by IS NOT NULL))
);
-- One claim per request, whichever worker opens it first.
CREATE UNIQUE INDEX recourse_claims_one_per_request ON recourse_claims (request_id);
CREATE INDEX recourse_claims_funder ON recourse_claims (funder_id, plane, opened_at DESC, id DESC);

-- A funder sees the claims on requests it can see (so a claim of another funder on a request it
-- once acted on answers 403 not_your_claim, not 404) and writes only its own; the sandbox
-- helpers work with the caller's own claims on the demonstration plane.
ALTER TABLE recourse_claims ENABLE ROW LEVEL SECURITY;
ALTER TABLE recourse_claims FORCE ROW LEVEL SECURITY;
CREATE POLICY funder_rows ON recourse_claims TO funder_api_funder
  USING (plane = funder_api_plane() AND (funder_id = funder_api_funder_id()
    OR EXISTS (SELECT 1 FROM funding_requests r WHERE r.id = request_id)))
  WITH CHECK (funder_id = funder_api_funder_id() AND plane = funder_api_plane());
CREATE POLICY sandbox_rows ON recourse_claims TO funder_api_sandbox
  USING (funder_id = funder_api_funder_id() AND plane = 'demo');
CREATE POLICY operator_rows ON recourse_claims TO funder_api_operator USING (true) WITH CHECK (true);
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON recourse_claims TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;
