-- The funder's own client network: prescribers, client links, the companies that arrived
-- through them, invitations, the companies that became the funder's clients, onboarding links,
-- and the origins an onboarding link may send a supplier back to.
--
-- Rows carry the funder and the plane. Rows a sandbox key made also carry that key
-- (`key_id`), so a sandbox key's lists leave out what other sandbox keys made.

CREATE TABLE prescribers (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  name text NOT NULL CHECK (length(name) BETWEEN 2 AND 120),
  -- The name as uniqueness compares it: trimmed, lower case.
  name_key text NOT NULL,
  email text,
  notes text CHECK (length(notes) <= 1000),
  key_id uuid,
  created_at timestamptz NOT NULL,
  disabled_at timestamptz,
  disabled_reason text
);
CREATE UNIQUE INDEX prescribers_active_name ON prescribers (funder_id, plane, name_key)
  WHERE disabled_at IS NULL;

-- Only the SHA-256 of a link's token is kept. `ended_at` is set when the link stops being the
-- owner's current one (disabled, replaced, or expired and followed by a new one): at most one
-- current link per owner.
CREATE TABLE client_links (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  prescriber_id uuid REFERENCES prescribers (id),
  token_sha256 text NOT NULL UNIQUE,
  lang text,
  key_id uuid,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  disabled_at timestamptz,
  disabled_reason text,
  replaced_by uuid REFERENCES client_links (id),
  ended_at timestamptz
);
CREATE UNIQUE INDEX client_links_current ON client_links
  (funder_id, plane, COALESCE(prescriber_id, '00000000-0000-0000-0000-000000000000'::uuid))
  WHERE ended_at IS NULL;

-- A company's first arrival at a funder: whoever brought it first keeps it.
CREATE TABLE client_arrivals (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  tax_id text NOT NULL,
  company_name text NOT NULL,
  via text NOT NULL CHECK (via IN ('link', 'named', 'api')),
  link_id uuid REFERENCES client_links (id),
  prescriber_id uuid REFERENCES prescribers (id),
  key_id uuid,
  arrived_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX client_arrivals_company ON client_arrivals
  (funder_id, plane, country, tax_id, COALESCE(key_id, '00000000-0000-0000-0000-000000000000'::uuid));

CREATE TABLE client_invitations (
  id uuid PRIMARY KEY,
  -- The order invitations were made in, for lists among those made at one instant.
  seq bigserial NOT NULL,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  arrival_id uuid NOT NULL REFERENCES client_arrivals (id),
  via text NOT NULL CHECK (via IN ('link', 'named', 'api')),
  link_id uuid REFERENCES client_links (id),
  prescriber_id uuid REFERENCES prescribers (id),
  company_name text NOT NULL,
  tax_id text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  email text NOT NULL,
  key_id uuid,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'revoked')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz,
  seller_id uuid REFERENCES sellers (id) ON DELETE CASCADE
);
CREATE INDEX client_invitations_funder ON client_invitations (funder_id, plane, created_at DESC);
CREATE INDEX client_invitations_link ON client_invitations (link_id, created_at);

-- A company that accepted: the funder's own client. One funder per company: its requests are
-- routed to that funder only.
CREATE TABLE funder_clients (
  seller_id uuid PRIMARY KEY REFERENCES sellers (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  arrival_id uuid NOT NULL REFERENCES client_arrivals (id),
  via text NOT NULL CHECK (via IN ('link', 'named', 'api')),
  prescriber_id uuid REFERENCES prescribers (id),
  joined_at timestamptz NOT NULL
);

-- The origins (scheme, host, port) an onboarding link's return_url may point to, per funder.
CREATE TABLE funder_return_origins (
  funder_id uuid PRIMARY KEY REFERENCES funders (id),
  origins text[] NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Single-use onboarding links. The token is kept as its SHA-256 only; the return secret is
-- kept encrypted (the service signs each return with it).
CREATE TABLE onboarding_links (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  key_id uuid,
  token_sha256 text NOT NULL UNIQUE,
  return_secret_sealed text NOT NULL,
  company_vat text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  company_name text NOT NULL,
  company_name_source text NOT NULL CHECK (company_name_source IN ('given', 'own_records', 'vat_service')),
  contact_email text NOT NULL,
  contact_name text,
  return_url text NOT NULL,
  metadata jsonb NOT NULL,
  locale text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'account_created', 'completed', 'revoked')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  account_created_at timestamptz,
  completed_at timestamptz,
  seller_id uuid REFERENCES sellers (id) ON DELETE SET NULL
);
CREATE INDEX onboarding_links_funder ON onboarding_links (funder_id, plane, created_at DESC);

-- Row security, as migration 0020: a funder sees its own rows on its plane; a sandbox key's
-- helpers its funder's demonstration rows; the operator all.
DO $$
DECLARE
  tbl text;
  owner_is_superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  FOREACH tbl IN ARRAY ARRAY['prescribers', 'client_links', 'client_arrivals', 'client_invitations',
                             'funder_clients', 'onboarding_links'] LOOP
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
  -- The return origins belong to a funder on every plane; only the operator changes them.
  ALTER TABLE funder_return_origins ENABLE ROW LEVEL SECURITY;
  ALTER TABLE funder_return_origins FORCE ROW LEVEL SECURITY;
  CREATE POLICY funder_rows ON funder_return_origins TO funder_api_funder
    USING (funder_id = funder_api_funder_id()) WITH CHECK (false);
  CREATE POLICY sandbox_rows ON funder_return_origins TO funder_api_sandbox
    USING (funder_id = funder_api_funder_id()) WITH CHECK (false);
  CREATE POLICY operator_rows ON funder_return_origins TO funder_api_operator USING (true) WITH CHECK (true);
  IF NOT owner_is_superuser THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON funder_return_origins TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;
