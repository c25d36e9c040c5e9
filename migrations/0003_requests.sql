-- The request lifecycle: invoices, funding requests, offers, debtor notices, risk, documents,
-- settlements, and the funder's settings that apply to them. Money is numeric(18,2) euros.

ALTER TABLE sellers
  ADD COLUMN founded_on date,
  ADD COLUMN annual_revenue numeric(18,2) CHECK (annual_revenue >= 0),
  ADD COLUMN employees integer CHECK (employees >= 0),
  ADD COLUMN sector text,
  ADD COLUMN email text;

CREATE TABLE seller_scores (
  id uuid PRIMARY KEY,
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  score integer NOT NULL CHECK (score BETWEEN 300 AND 850),
  grade text NOT NULL CHECK (grade IN ('A', 'B', 'C', 'D', 'E')),
  dimensions jsonb NOT NULL,
  model_version text NOT NULL,
  computed_at timestamptz NOT NULL
);
CREATE INDEX seller_scores_latest ON seller_scores (seller_id, computed_at DESC);

CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  debtor_id uuid NOT NULL REFERENCES debtors (id) ON DELETE CASCADE,
  number text NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
  issue_date date NOT NULL,
  due_date date,
  source text NOT NULL CHECK (source IN ('erp', 'e_invoice', 'saft', 'upload')),
  seller_marked_paid_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (seller_id, number)
);
CREATE INDEX invoices_debtor ON invoices (debtor_id);

CREATE SEQUENCE request_ref_seq;

CREATE TABLE funding_requests (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_ref text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('factoring', 'confirming')),
  status text NOT NULL CHECK (status IN (
    'pending', 'submitted', 'under_review', 'terms_sent', 'accepted', 'approved',
    'funded', 'settled', 'declined', 'rejected', 'cancelled')),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  total_amount numeric(18,2) NOT NULL CHECK (total_amount > 0),
  advance_amount numeric(18,2) NOT NULL CHECK (advance_amount > 0),
  assigned_funder_id uuid REFERENCES funders (id),
  consent_level_required text CHECK (consent_level_required IN ('receipt', 'acknowledgment', 'acceptance')),
  programme_terms jsonb,
  routed_at timestamptz,
  accepted_offer_id uuid,
  approved_at timestamptz,
  funder_of_record_id uuid REFERENCES funders (id),
  funded_at timestamptz,
  funded_value_date date,
  funded_reference text,
  funded_amount numeric(18,2),
  settled_amount numeric(18,2) NOT NULL DEFAULT 0,
  settled_at timestamptz,
  closed_at timestamptz,
  close_reason text,
  close_note text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX funding_requests_assigned ON funding_requests (assigned_funder_id, plane, created_at DESC);
CREATE INDEX funding_requests_seller ON funding_requests (seller_id);

CREATE TABLE request_invoices (
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (request_id, invoice_id)
);
CREATE INDEX request_invoices_invoice ON request_invoices (invoice_id);

-- Every funder a request was routed to or that acted on it: lists show acted-on requests
-- read-only even after re-routing.
CREATE TABLE request_funders (
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  first_routed_at timestamptz NOT NULL,
  acted_at timestamptz,
  PRIMARY KEY (funder_id, request_id)
);
CREATE INDEX request_funders_request ON request_funders (request_id);

CREATE TABLE request_history (
  id bigserial PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  plane text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  trigger text NOT NULL,
  actor jsonb NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX request_history_request ON request_history (request_id, id);

CREATE TABLE offers (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  key_id uuid,
  rate numeric(7,4) NOT NULL CHECK (rate > 0 AND rate <= 100),
  advance_pct numeric(7,4) NOT NULL CHECK (advance_pct > 0 AND advance_pct <= 100),
  days integer NOT NULL CHECK (days BETWEEN 1 AND 730),
  advance_amount numeric(18,2) NOT NULL,
  notes text,
  valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 90),
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'superseded', 'expired', 'withdrawn')),
  submitted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  closed_at timestamptz
);
CREATE INDEX offers_request ON offers (request_id, funder_id, submitted_at DESC);
CREATE INDEX offers_funder_open ON offers (funder_id, plane) WHERE status IN ('pending', 'accepted');

-- One notice of assignment per debtor of a factoring request.
CREATE TABLE debtor_notices (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  debtor_id uuid NOT NULL REFERENCES debtors (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'acknowledged', 'disputed', 'withdrawn')),
  level_required text NOT NULL CHECK (level_required IN ('receipt', 'acknowledgment', 'acceptance')),
  level_achieved text CHECK (level_achieved IN ('receipt', 'acknowledgment', 'acceptance')),
  channel text,
  declaration_text_id uuid,
  declaration_text text,
  declaration_counsel_approved boolean,
  signer_name text,
  signer_role text,
  signer_email text,
  dispute_reason text,
  answered_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (request_id, debtor_id)
);

-- Declaration texts the service holds, per governing law, language and consent level.
CREATE TABLE declaration_texts (
  id uuid PRIMARY KEY,
  governing_law text NOT NULL CHECK (governing_law ~ '^[A-Z]{2}$'),
  language text NOT NULL CHECK (language IN ('pt', 'es', 'en', 'fr', 'de', 'it', 'nl')),
  level text NOT NULL CHECK (level IN ('receipt', 'acknowledgment', 'acceptance')),
  body text NOT NULL,
  counsel_approved boolean NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (governing_law, language, level, version)
);

CREATE TABLE risk_signals (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  invoice_id uuid REFERENCES invoices (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{1,63}$'),
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high')),
  hard boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'confirmed', 'cleared')),
  detail text,
  raised_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  review_note text
);
CREATE INDEX risk_signals_request ON risk_signals (request_id);

CREATE TABLE disputes (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  debtor_id uuid REFERENCES debtors (id) ON DELETE CASCADE,
  invoice_id uuid REFERENCES invoices (id) ON DELETE CASCADE,
  raised_by text NOT NULL CHECK (raised_by IN ('debtor', 'seller', 'operator')),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'resolved')),
  raised_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolution text
);
CREATE INDEX disputes_request ON disputes (request_id);

CREATE TABLE settlements (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  received_at timestamptz NOT NULL,
  reference text,
  note text,
  final boolean NOT NULL DEFAULT false,
  source text NOT NULL CHECK (source IN ('settle', 'statement', 'recourse')),
  recorded_at timestamptz NOT NULL
);
CREATE INDEX settlements_request ON settlements (request_id, recorded_at);

-- The document catalogue: what a funder can require from sellers, per country.
CREATE TABLE document_catalogue (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{1,63}$'),
  names jsonb NOT NULL,
  issuer text NOT NULL,
  usual_validity_days integer,
  sensitivity text NOT NULL CHECK (sensitivity IN ('public', 'confidential', 'personal')),
  countries text[] NOT NULL
);

-- File contents, stored once per SHA-256.
CREATE TABLE document_files (
  sha256 text PRIMARY KEY,
  content bytea NOT NULL,
  size_bytes integer NOT NULL,
  media_type text NOT NULL
);

CREATE TABLE seller_documents (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  code text NOT NULL REFERENCES document_catalogue (code),
  file_name text NOT NULL,
  sha256 text NOT NULL REFERENCES document_files (sha256),
  issued_on date NOT NULL,
  valid_until date,
  status text NOT NULL CHECK (status IN ('pending', 'verified', 'rejected', 'revoked')),
  verified_at timestamptz,
  verification_method text,
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX seller_documents_seller ON seller_documents (seller_id, code, uploaded_at DESC);

-- The deal file: which version of each required document satisfied the funder, recorded at
-- routing and at funding. Never updated afterwards.
CREATE TABLE deal_file_entries (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  stage text NOT NULL CHECK (stage IN ('routing', 'funding')),
  document_id uuid NOT NULL REFERENCES seller_documents (id) ON DELETE CASCADE,
  code text NOT NULL,
  file_name text NOT NULL,
  sha256 text NOT NULL,
  issued_on date NOT NULL,
  valid_until date,
  verified_at timestamptz,
  verification_method text,
  recorded_at timestamptz NOT NULL
);
CREATE INDEX deal_file_entries_request ON deal_file_entries (request_id, funder_id, stage);

-- Every download URL issued: who, for what, until when. Only the token's SHA-256 is kept.
CREATE TABLE document_url_log (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  token_sha256 text NOT NULL UNIQUE,
  document_id uuid NOT NULL REFERENCES seller_documents (id) ON DELETE CASCADE,
  request_id uuid REFERENCES funding_requests (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  key_id uuid,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  downloads integer NOT NULL DEFAULT 0,
  last_download_at timestamptz
);

CREATE TABLE funder_settings (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  debtor_consent_level text NOT NULL DEFAULT 'acknowledgment'
    CHECK (debtor_consent_level IN ('receipt', 'acknowledgment', 'acceptance')),
  require_counsel_approved_texts boolean NOT NULL DEFAULT false,
  listed_buyers_only boolean NOT NULL DEFAULT false,
  offer_validity_days integer NOT NULL DEFAULT 7 CHECK (offer_validity_days BETWEEN 1 AND 90),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, plane)
);

CREATE TABLE funder_listed_buyers (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  country text NOT NULL,
  tax_id text NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, plane, country, tax_id)
);

CREATE TABLE funder_required_documents (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  codes text[] NOT NULL,
  note text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (funder_id, plane, country)
);
