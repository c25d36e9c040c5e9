-- What the service knows about a debtor beyond its name and tax id (DebtorInfo), and the
-- ledgers of connected suppliers that buyers' payer records are computed from (PayerRecord).
-- The operations team loads all of it; every row carries its plane.

-- How far a debtor has come on the service and whether it shares its data with the funders
-- financing invoices owed by it. A debtor without a row is at level 'notice'.
CREATE TABLE debtor_profiles (
  debtor_id uuid PRIMARY KEY REFERENCES debtors (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  level text NOT NULL CHECK (level IN ('notice', 'account', 'books', 'buyer')),
  level_since timestamptz,
  shares_data boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);

-- Debtor scores as computed by the service's model; the latest computation is the current one.
-- Loading the same computation twice keeps one row.
CREATE TABLE debtor_scores (
  id uuid PRIMARY KEY,
  debtor_id uuid NOT NULL REFERENCES debtors (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  grade text NOT NULL CHECK (grade IN ('A', 'B', 'C', 'D', 'E')),
  score_100 integer NOT NULL CHECK (score_100 BETWEEN 0 AND 100),
  model_version text NOT NULL CHECK (length(model_version) BETWEEN 1 AND 64),
  computed_at timestamptz NOT NULL,
  loaded_at timestamptz NOT NULL,
  UNIQUE (debtor_id, model_version, computed_at)
);
CREATE INDEX debtor_scores_latest ON debtor_scores (debtor_id, computed_at DESC);

-- Average payment period a public body publishes (Spain: Hacienda's PMP, which can be as low
-- as -30 days; Portugal: DGAL's), one row per period; the latest period is shown.
CREATE TABLE debtor_public_payment_periods (
  debtor_id uuid NOT NULL REFERENCES debtors (id) ON DELETE CASCADE,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  period_end date NOT NULL,
  days numeric(7,2) NOT NULL CHECK (days BETWEEN -30 AND 3650),
  source text NOT NULL CHECK (source IN ('dgal_pmp', 'hacienda_pmp')),
  entity_name text NOT NULL CHECK (length(entity_name) BETWEEN 1 AND 200),
  loaded_at timestamptz NOT NULL,
  PRIMARY KEY (debtor_id, period_end)
);

-- One invoice line of a connected supplier's ledger about one of its buyers. A buyer is named
-- by country and normalised tax id (it need not be a debtor the service knows); a supplier by
-- its own key COUNTRY:TAXID. A line loaded again (same supplier, buyer and number) replaces
-- the earlier one: an open invoice becomes paid.
CREATE TABLE supplier_ledger_lines (
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  buyer_country text NOT NULL CHECK (buyer_country ~ '^[A-Z]{2}$'),
  buyer_tax_id text NOT NULL CHECK (buyer_tax_id ~ '^[A-Z0-9]{2,32}$'),
  supplier_key text NOT NULL CHECK (supplier_key ~ '^[A-Z]{2}:[A-Z0-9]{2,32}$'),
  invoice_number text NOT NULL CHECK (length(invoice_number) BETWEEN 1 AND 64),
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  issue_date date NOT NULL,
  due_date date CHECK (due_date >= issue_date),
  paid_date date CHECK (paid_date >= issue_date),
  loaded_at timestamptz NOT NULL,
  PRIMARY KEY (plane, buyer_country, buyer_tax_id, supplier_key, invoice_number)
);
CREATE INDEX supplier_ledger_lines_window ON supplier_ledger_lines (plane, buyer_country, buyer_tax_id, issue_date);

-- Pair history reads one seller's invoices by debtor and issue date.
CREATE INDEX invoices_seller_issue ON invoices (seller_id, issue_date);
