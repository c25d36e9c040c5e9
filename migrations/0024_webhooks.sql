-- Webhooks: the endpoints a funder registers, their signing secrets (sealed), and one delivery
-- row per event and endpoint, with its attempts. Row-level security as in 0020.

-- The key whose call caused an event: on the demonstration plane an event reaches only the
-- endpoints that key created (docs/decisions/webhooks.md).
ALTER TABLE outbox_events ADD COLUMN key_id uuid;
CREATE INDEX outbox_events_funder_seq ON outbox_events (funder_id, plane, seq);
CREATE INDEX outbox_events_created ON outbox_events (created_at);

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  created_by_key uuid NOT NULL,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events text[] NOT NULL,
  active boolean NOT NULL DEFAULT true,
  secret_prefix text NOT NULL,
  created_via text NOT NULL DEFAULT 'api',
  created_at timestamptz NOT NULL,
  -- the first failure since the last success; three days of it disable the endpoint
  failing_since timestamptz,
  last_success_at timestamptz,
  stopped_at timestamptz,
  stopped_reason text CHECK (stopped_reason IN ('deleted', 'gone', 'failing'))
);
CREATE INDEX webhook_endpoints_active ON webhook_endpoints (funder_id, plane) WHERE active;

-- Sealed (platform/crypto.ts) because the service signs with them; deleted when the endpoint
-- stops. A rotation keeps the previous one until `expires_at`.
CREATE TABLE webhook_secrets (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz
);
CREATE INDEX webhook_secrets_endpoint ON webhook_secrets (endpoint_id);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL UNIQUE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id),
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  -- the exact bytes sent on every attempt, and their SHA-256
  body text NOT NULL,
  body_sha256 text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  -- attempts made before the last manual retry: the schedule counts from there
  attempts_before_retry integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_by text,
  locked_until timestamptz,
  response_code integer,
  last_error text,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq DESC);
-- attempts in flight per endpoint, for the concurrency bound
CREATE INDEX webhook_deliveries_in_flight ON webhook_deliveries (endpoint_id)
  WHERE status = 'pending' AND locked_by IS NOT NULL;

DO $$
DECLARE
  tbl text;
  owner_is_superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  FOREACH tbl IN ARRAY ARRAY['webhook_endpoints', 'webhook_secrets', 'webhook_deliveries'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('CREATE POLICY funder_rows ON %I TO funder_api_funder
      USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane())', tbl);
    EXECUTE format('CREATE POLICY sandbox_rows ON %I TO funder_api_sandbox
      USING (funder_id = funder_api_funder_id() AND plane = ''demo'')', tbl);
    EXECUTE format('CREATE POLICY operator_rows ON %I TO funder_api_operator USING (true) WITH CHECK (true)', tbl);
    IF NOT owner_is_superuser THEN
      EXECUTE format('CREATE POLICY connecting_role_rows ON %I TO %I USING (true) WITH CHECK (true)',
        tbl, current_user);
    END IF;
  END LOOP;
END
$$;
