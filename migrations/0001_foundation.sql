-- Foundation: funders, API keys, rate counters, idempotency, evidence chain, outbox, jobs.

-- A funder's environment decides which plane its keys see:
--   live -> plane 'live', sandbox -> plane 'demo', unclassified -> nothing.
CREATE TABLE funders (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  environment text NOT NULL CHECK (environment IN ('live', 'sandbox', 'unclassified')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  is_demonstration boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Only the SHA-256 of a key is kept; the key itself is shown once when issued.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  prefix text NOT NULL,
  secret_sha256 text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  prospect text,
  rate_per_minute integer CHECK (rate_per_minute > 0),
  rate_per_hour integer CHECK (rate_per_hour > 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX api_keys_funder ON api_keys (funder_id);

-- Fixed-window counters shared by every server (rate limits, bad-key throttling).
CREATE TABLE rate_counters (
  bucket text NOT NULL,
  window_seconds integer NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, window_seconds, window_start)
);
CREATE INDEX rate_counters_expiry ON rate_counters (expires_at);

-- Idempotency-Key records, scoped to the funder of the key that sent them.
CREATE TABLE idempotency_keys (
  funder_id uuid NOT NULL REFERENCES funders (id),
  idempotency_key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  body_sha256 text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  -- set inside the same transaction as the write it guards: a crashed request whose write
  -- committed is never run a second time.
  write_committed boolean NOT NULL DEFAULT false,
  response_status integer,
  response_headers jsonb,
  response_body text,
  created_at timestamptz NOT NULL,
  locked_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, idempotency_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The evidence chain: append-only, each entry's hash covers the previous entry's hash.
CREATE TABLE evidence_entries (
  seq bigint PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  funder_id uuid REFERENCES funders (id),
  plane text CHECK (plane IN ('live', 'demo')),
  actor jsonb NOT NULL,
  kind text NOT NULL,
  subject_type text,
  subject_id text,
  payload jsonb NOT NULL,
  recorded_at timestamptz NOT NULL,
  day date NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX evidence_entries_funder ON evidence_entries (funder_id, plane, seq);
CREATE INDEX evidence_entries_day ON evidence_entries (day, seq);

CREATE TABLE evidence_day_roots (
  day date PRIMARY KEY,
  first_seq bigint NOT NULL,
  last_seq bigint NOT NULL,
  entry_count integer NOT NULL,
  root_hash text NOT NULL,
  computed_at timestamptz NOT NULL
);

CREATE FUNCTION evidence_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'evidence entries are append-only';
END;
$$;
CREATE TRIGGER evidence_entries_no_update BEFORE UPDATE OR DELETE ON evidence_entries
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_append_only();

-- Events written in the same transaction as the change that caused them.
CREATE TABLE outbox_events (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL UNIQUE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  type text NOT NULL,
  api_version text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  dispatched_at timestamptz
);
CREATE INDEX outbox_events_undispatched ON outbox_events (seq) WHERE dispatched_at IS NULL;

-- Background jobs, claimed with FOR UPDATE SKIP LOCKED by any number of workers.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  job_key text UNIQUE,
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX jobs_ready ON jobs (run_at) WHERE finished_at IS NULL AND failed_at IS NULL;

-- Small service-wide facts: the manual clock's offset, the demonstration funder.
CREATE TABLE service_state (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
