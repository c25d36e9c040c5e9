-- The opportunities digest (issue 15): which of a funder's own clients let it see their invoices,
-- invoices that left a client's ledger, the nightly prequalification runs with their snapshot of
-- eligible invoices, the lines each run found, and the digest published each morning
-- (docs/decisions/opportunities.md).

-- A client's consent to let its funder see its invoices. No row: not sharing.
CREATE TABLE opportunity_sharing (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  sharing boolean NOT NULL,
  reason text CHECK (length(reason) <= 500),
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, plane, seller_id)
);

-- An invoice the seller cancelled (a credit note, a void) or removed from its ledger (an entry
-- made by mistake). The invoice row stays: requests and history may name it.
CREATE TABLE invoice_ledger_exits (
  invoice_id uuid PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  exit text NOT NULL CHECK (exit IN ('cancelled', 'removed')),
  reason text CHECK (length(reason) <= 500),
  exited_at timestamptz NOT NULL
);

-- One prequalification run per funder, plane and Madrid night. Its steps (snapshot, compare)
-- each commit with the status they reach, so a run taken over by another worker resumes.
CREATE TABLE opportunity_runs (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  run_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'snapshotted', 'completed', 'abandoned')),
  previous_run_id uuid REFERENCES opportunity_runs (id),
  snapshot_at timestamptz,
  completed_at timestamptz,
  clients_sharing integer,
  clients_not_sharing integer,
  eligible_count integer,
  eligible_total numeric(18,2),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (funder_id, plane, run_date)
);
CREATE INDEX opportunity_runs_completed ON opportunity_runs (funder_id, plane, run_date DESC)
  WHERE status = 'completed';

-- The eligible invoices a run found. Kept for the last completed run of each funder and plane
-- (the next night compares with it); older snapshots are dropped when a run completes.
CREATE TABLE opportunity_snapshot_rows (
  run_id uuid NOT NULL REFERENCES opportunity_runs (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  invoice_id uuid NOT NULL,
  amount numeric(18,2) NOT NULL,
  PRIMARY KEY (run_id, invoice_id)
);

-- What a run found, as the funder is shown it: a copy, so a digest reads the same later.
CREATE TABLE opportunity_lines (
  run_id uuid NOT NULL REFERENCES opportunity_runs (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('new', 'paid', 'disputed', 'no_longer_eligible')),
  reason text CHECK (reason IN ('requested', 'cancelled', 'removed', 'left_programme', 'not_shared', 'rules')),
  invoice_id uuid NOT NULL,
  number text NOT NULL,
  debtor_name text NOT NULL,
  debtor_tax_id text NOT NULL,
  debtor_country text NOT NULL,
  amount numeric(18,2) NOT NULL,
  currency text NOT NULL,
  due_date date,
  seller_id uuid NOT NULL,
  client_name text NOT NULL,
  client_tax_id text NOT NULL,
  client_sector text,
  client_grade text,
  client_size_band text,
  PRIMARY KEY (run_id, position),
  CHECK ((kind = 'no_longer_eligible') = (reason IS NOT NULL))
);

-- The morning's digest: one per funder, plane and date, published at 06:30 Madrid time.
CREATE TABLE opportunity_digests (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  digest_date date NOT NULL,
  run_id uuid REFERENCES opportunity_runs (id),
  stale boolean NOT NULL,
  snapshot_at timestamptz,
  clients_sharing integer NOT NULL,
  clients_not_sharing integer NOT NULL,
  eligible_count integer NOT NULL,
  eligible_total numeric(18,2) NOT NULL,
  new_count integer NOT NULL,
  new_total numeric(18,2) NOT NULL,
  changes_paid integer NOT NULL,
  changes_disputed integer NOT NULL,
  changes_no_longer_eligible integer NOT NULL,
  line_count integer NOT NULL,
  published_at timestamptz NOT NULL,
  UNIQUE (funder_id, plane, digest_date),
  CHECK (NOT stale OR line_count = 0)
);

-- The run looks up open disputes and hard risk signals by invoice; those tables had indexes by
-- request only.
CREATE INDEX disputes_open_invoice ON disputes (invoice_id) WHERE status = 'open';
CREATE INDEX risk_signals_hard_invoice ON risk_signals (invoice_id) WHERE hard;

-- Row security: a funder sees its own rows on its plane; a sandbox key's helpers its funder's
-- demonstration rows; the operator (the worker, the operations API) all.
SELECT apply_funder_scope_policies('opportunity_sharing');
SELECT apply_funder_scope_policies('opportunity_runs');
SELECT apply_funder_scope_policies('opportunity_snapshot_rows');
SELECT apply_funder_scope_policies('opportunity_lines');
SELECT apply_funder_scope_policies('opportunity_digests');
-- Ledger exits belong to an invoice, which every funder of its plane may see; funders never
-- write them, the sandbox helpers do on the demonstration plane: a rule of its own.
DO $$
DECLARE
  owner_is_superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  ALTER TABLE invoice_ledger_exits ENABLE ROW LEVEL SECURITY;
  ALTER TABLE invoice_ledger_exits FORCE ROW LEVEL SECURITY;
  CREATE POLICY funder_rows ON invoice_ledger_exits TO funder_api_funder
    USING (plane = funder_api_plane()) WITH CHECK (false);
  CREATE POLICY sandbox_rows ON invoice_ledger_exits TO funder_api_sandbox USING (plane = 'demo');
  CREATE POLICY operator_rows ON invoice_ledger_exits TO funder_api_operator USING (true) WITH CHECK (true);
  IF NOT owner_is_superuser THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON invoice_ledger_exits TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;
