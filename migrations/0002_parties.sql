-- The other parties: sellers (companies asking for funding) and debtors (their customers).
-- Every row carries its plane; demonstration rows are rebuilt when the scenario is reset.

CREATE TABLE sellers (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  name text NOT NULL,
  tax_id text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  verification_status text NOT NULL DEFAULT 'pending'
    CHECK (verification_status IN ('pending', 'approved', 'rejected', 'lapsed')),
  created_at timestamptz NOT NULL,
  UNIQUE (plane, country, tax_id)
);

CREATE TABLE debtors (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  name text NOT NULL,
  tax_id text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  is_public_body boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  UNIQUE (plane, country, tax_id)
);
