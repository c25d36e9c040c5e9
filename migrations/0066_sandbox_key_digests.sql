-- A sandbox key's own digest of the day it moved one of its requests to
-- (POST /v1/sandbox/requests/{id}/advance; docs/decisions/sandbox.md, "Moving a request's time
-- gives the key its own digest of that day").
--
-- The advance makes, for the calling key only, the digest the nightly run would make on the
-- request's new day: a run, its snapshot of eligible invoices, its lines and its digest, computed
-- by the nightly run's own statements (opportunities.runs.store.ts). They are kept in tables of
-- their own, shaped as the nightly ones (migration 0040) plus the key, rather than in those
-- tables with a key column: the nightly tables are unique on (funder, plane, date), and the real
-- night of a day a key previewed must still make its own run and digest. Replacing those unique
-- keys would take away what a server of the previous release relies on (its ON CONFLICT names
-- them, and its reads filter no key): within v1 a migration only adds (docs/operations.md,
-- "Upgrades"). The nightly tables stay the shared ones; nothing that reads them changes.
--
-- Only the demonstration plane has previews (sandbox keys only). `sandbox_key_id` is the key, as
-- funding_requests.sandbox_key_id (migration 0058) records it, without a reference: keys are
-- never deleted, and a reset clears these rows with the plane.

-- One preview run per key, demonstration funder and Madrid day.
CREATE TABLE opportunity_preview_runs (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane = 'demo'),
  run_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'snapshotted', 'completed', 'abandoned')),
  -- the completed run it compared with: a shared nightly run or an earlier preview of the same key
  previous_run_id uuid,
  snapshot_at timestamptz,
  completed_at timestamptz,
  clients_sharing integer,
  clients_not_sharing integer,
  eligible_count integer,
  eligible_total numeric(18,2),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  sandbox_key_id uuid NOT NULL,
  UNIQUE (funder_id, plane, sandbox_key_id, run_date)
);

-- The eligible invoices a preview run found. Kept while a later preview of the same key may
-- compare with them: until a shared run of that day or later has completed.
CREATE TABLE opportunity_preview_snapshot_rows (
  run_id uuid NOT NULL REFERENCES opportunity_preview_runs (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane = 'demo'),
  invoice_id uuid NOT NULL,
  amount numeric(18,2) NOT NULL,
  PRIMARY KEY (run_id, invoice_id)
);

-- What a preview run found, as the key is shown it.
CREATE TABLE opportunity_preview_lines (
  run_id uuid NOT NULL REFERENCES opportunity_preview_runs (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane = 'demo'),
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

-- The key's digest of a day: one per key, demonstration funder and date.
CREATE TABLE opportunity_preview_digests (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane = 'demo'),
  digest_date date NOT NULL,
  run_id uuid REFERENCES opportunity_preview_runs (id),
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
  sandbox_key_id uuid NOT NULL,
  UNIQUE (funder_id, plane, sandbox_key_id, digest_date),
  CHECK (NOT stale OR line_count = 0)
);

-- Row security: the funder's demonstration rows, read-only for funder keys and the sandbox
-- helpers; only the operator (the advance computes the preview as the nightly run does, as the
-- operator) writes them. Which key reads which rows is the store's filter (the first wall): the
-- database roles know a funder and a plane, not a key.
SELECT apply_funder_scope_policies('opportunity_preview_runs', funder_writes => false);
SELECT apply_funder_scope_policies('opportunity_preview_snapshot_rows', funder_writes => false);
SELECT apply_funder_scope_policies('opportunity_preview_lines', funder_writes => false);
SELECT apply_funder_scope_policies('opportunity_preview_digests', funder_writes => false);
