-- Bank data: a seller's business account read with its consent for one funder (accounts,
-- balances, movements, the payments its debtors made to it), the funder's own collection
-- account connections, the payment alerts raised on confidential requests, and the
-- account-information provider's charges per funder and month (docs/decisions/bank-data.md).
-- IBANs are kept whole here (the payout check compares them); every answer shows the last four.

-- A seller's consent to one funder: read-only, until revoked (or replaced by a new consent).
CREATE TABLE bank_connections (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'revoked')),
  -- The account the seller asks this funder to pay into: checked against the accounts returned.
  payout_iban text,
  consented_at timestamptz NOT NULL,
  last_read_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text,
  CHECK ((status = 'revoked') = (revoked_at IS NOT NULL))
);
-- One consent in force per seller and funder.
CREATE UNIQUE INDEX bank_connections_one_active ON bank_connections (funder_id, seller_id)
  WHERE status = 'active';
CREATE INDEX bank_connections_seller ON bank_connections (seller_id, consented_at DESC);

-- The accounts the seller's bank returned, with the balance read.
CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES bank_connections (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  position integer NOT NULL,
  iban text NOT NULL,
  holder_name text NOT NULL,
  in_company_name boolean NOT NULL,
  currency text NOT NULL DEFAULT 'EUR',
  balance numeric(18,2) NOT NULL,
  balance_at timestamptz NOT NULL,
  UNIQUE (connection_id, iban)
);

-- The movements of those accounts (twelve months are read at connection): signed amounts.
CREATE TABLE bank_movements (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES bank_accounts (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  booked_on date NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount <> 0)
);
CREATE INDEX bank_movements_account ON bank_movements (account_id, booked_on);

-- A payment a debtor made to the seller, as read through one consent.
CREATE TABLE seller_payments (
  id uuid PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES bank_connections (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  seller_id uuid NOT NULL REFERENCES sellers (id) ON DELETE CASCADE,
  debtor_tax_id text NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  received_at timestamptz NOT NULL,
  reference text NOT NULL,
  recorded_at timestamptz NOT NULL,
  -- The same payment read twice through one consent is one payment.
  UNIQUE (connection_id, reference)
);

-- A payment that reached the seller from a debtor of a request the funder funded under
-- confidential terms: one alert (and one event) per payment and request.
CREATE TABLE payment_alerts (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  payment_id uuid NOT NULL REFERENCES seller_payments (id) ON DELETE CASCADE,
  raised_at timestamptz NOT NULL,
  UNIQUE (payment_id, request_id)
);
CREATE INDEX payment_alerts_funder ON payment_alerts (funder_id, plane, raised_at DESC);
CREATE INDEX payment_alerts_request ON payment_alerts (request_id);

-- The funder's own collection account connections: what was read last and the last failure.
CREATE TABLE collection_connections (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  bank_name text NOT NULL,
  -- [{iban, holder_name, currency}]
  accounts jsonb NOT NULL DEFAULT '[]'::jsonb,
  last_read_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (funder_id, plane, bank_name)
);

-- The provider's reads charged against a funder, by month; the price is set by the operations
-- team (null until then).
CREATE TABLE bank_data_charges (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  reads integer NOT NULL DEFAULT 0 CHECK (reads >= 0),
  unit_price_eur numeric(12,4) CHECK (unit_price_eur >= 0),
  PRIMARY KEY (funder_id, plane, month)
);

-- The funder's own rows, on its plane; the sandbox helpers play the seller and its bank on the
-- demonstration plane (the standard policies of migration 0037).
SELECT apply_funder_scope_policies('bank_connections');
SELECT apply_funder_scope_policies('bank_accounts');
SELECT apply_funder_scope_policies('bank_movements');
SELECT apply_funder_scope_policies('seller_payments');
SELECT apply_funder_scope_policies('payment_alerts');
SELECT apply_funder_scope_policies('collection_connections');
SELECT apply_funder_scope_policies('bank_data_charges');
