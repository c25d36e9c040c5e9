-- Credit limit books: how much a funder will carry on each debtor and on each seller, per plane,
-- with every change kept. A debtor is named by its country and its tax id as the service
-- normalises it (capitals, no spaces, dots, dashes or slashes). No row means no limit.

CREATE TABLE credit_limits (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  debtor_country text NOT NULL CHECK (debtor_country ~ '^[A-Z]{2}$'),
  debtor_tax_id text NOT NULL CHECK (debtor_tax_id ~ '^[A-Z0-9]{2,32}$'),
  -- the name the funder gave with the limit; the service's own debtor record wins when it has one
  debtor_name text CHECK (length(debtor_name) <= 200),
  amount numeric(18,2) CHECK (amount >= 0),
  status text NOT NULL CHECK (status IN ('active', 'refused', 'suspended')),
  source text NOT NULL CHECK (source IN ('manual', 'api', 'import', 'insurer')),
  source_ref text CHECK (length(source_ref) <= 200),
  note text CHECK (length(note) <= 1000),
  decided_at timestamptz NOT NULL,
  decided_by jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (funder_id, plane, debtor_country, debtor_tax_id),
  -- an active limit always has an amount; a refused one never carries one above zero
  CHECK (status <> 'active' OR amount IS NOT NULL),
  CHECK (status <> 'refused' OR amount IS NULL OR amount = 0)
);

-- Every change of a debtor limit: who made it (key or operator), from where, from what to what.
CREATE TABLE credit_limit_history (
  id bigserial PRIMARY KEY,
  limit_id uuid NOT NULL REFERENCES credit_limits (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  debtor_country text NOT NULL,
  debtor_tax_id text NOT NULL,
  from_amount numeric(18,2),
  from_status text,
  from_note text,
  to_amount numeric(18,2),
  to_status text NOT NULL,
  to_note text,
  source text NOT NULL CHECK (source IN ('manual', 'api', 'import', 'insurer')),
  source_ref text,
  actor jsonb NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX credit_limit_history_limit ON credit_limit_history (limit_id, id);
CREATE INDEX credit_limit_history_funder ON credit_limit_history (funder_id, plane, changed_at);

CREATE TABLE seller_limits (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  amount numeric(18,2) CHECK (amount >= 0),
  status text NOT NULL CHECK (status IN ('active', 'refused', 'suspended')),
  source text NOT NULL CHECK (source IN ('manual', 'api', 'import', 'insurer')),
  source_ref text CHECK (length(source_ref) <= 200),
  note text CHECK (length(note) <= 1000),
  decided_at timestamptz NOT NULL,
  decided_by jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (funder_id, plane, seller_id),
  CHECK (status <> 'active' OR amount IS NOT NULL),
  CHECK (status <> 'refused' OR amount IS NULL OR amount = 0)
);

CREATE TABLE seller_limit_history (
  id bigserial PRIMARY KEY,
  limit_id uuid NOT NULL REFERENCES seller_limits (id) ON DELETE CASCADE,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  seller_id uuid NOT NULL,
  from_amount numeric(18,2),
  from_status text,
  from_note text,
  to_amount numeric(18,2),
  to_status text NOT NULL,
  to_note text,
  source text NOT NULL CHECK (source IN ('manual', 'api', 'import', 'insurer')),
  source_ref text,
  actor jsonb NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX seller_limit_history_limit ON seller_limit_history (limit_id, id);

-- The exposure queries read a funder's funded and approved requests and its pending offers.
CREATE INDEX funding_requests_funder_of_record ON funding_requests (funder_of_record_id, plane)
  WHERE status = 'funded';
CREATE INDEX settlements_funder ON settlements (funder_id, plane, request_id);
