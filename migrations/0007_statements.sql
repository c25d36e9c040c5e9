-- Bank statements a funder sends (CAMT.053 or CSV), their lines, and the match proposed for
-- each credit. Nothing here moves money: a line lowers what a request still owes only when
-- it is confirmed, which records a row in `settlements` (source 'statement').

CREATE TABLE statements (
  id uuid PRIMARY KEY,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  key_id uuid,
  kind text NOT NULL CHECK (kind IN ('camt053', 'csv')),
  version text,
  file_name text,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  bank_statement_ids text[] NOT NULL DEFAULT '{}',
  account_iban text,
  account_currency text,
  csv_layout jsonb,
  line_count integer NOT NULL CHECK (line_count > 0),
  credit_count integer NOT NULL,
  debit_count integer NOT NULL,
  reversal_count integer NOT NULL,
  candidate_count integer NOT NULL,
  matched_count integer NOT NULL,
  total_credited numeric(18,2) NOT NULL,
  total_debited numeric(18,2) NOT NULL,
  first_booking_date date NOT NULL,
  last_booking_date date NOT NULL,
  imported_at timestamptz NOT NULL,
  -- The same file (same bytes) is imported once per funder and plane.
  UNIQUE (funder_id, plane, sha256)
);
CREATE INDEX statements_funder ON statements (funder_id, plane, imported_at DESC);

CREATE TABLE statement_lines (
  statement_id uuid NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
  line integer NOT NULL CHECK (line > 0),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL REFERENCES funders (id),
  file_line integer,
  element text,
  booking_date date NOT NULL,
  value_date date,
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  reversal boolean NOT NULL,
  entry_status text,
  amount numeric(18,2) NOT NULL CHECK (amount >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  bank_reference text,
  end_to_end_id text,
  remittance_text text,
  creditor_reference text,
  document_numbers text[] NOT NULL DEFAULT '{}',
  counterparty_name text,
  counterparty_iban text,
  -- Whether the line can be a payment to match: a booked credit in euros, not a reversal.
  payment_candidate boolean NOT NULL,
  match_request_id uuid REFERENCES funding_requests (id) ON DELETE SET NULL,
  match_request_ref text,
  match_invoice_number text,
  match_method text CHECK (match_method IN ('reference', 'amount_and_debtor')),
  match_confidence numeric(4,3) CHECK (match_confidence BETWEEN 0 AND 1),
  confirmed_at timestamptz,
  confirmed_request_id uuid REFERENCES funding_requests (id) ON DELETE SET NULL,
  confirmed_invoice_number text,
  settlement_id uuid REFERENCES settlements (id) ON DELETE SET NULL,
  confirmed_by jsonb,
  PRIMARY KEY (statement_id, line)
);
-- A bank entry seen again in an overlapping statement must not be confirmed twice.
CREATE INDEX statement_lines_confirmed_ref ON statement_lines (funder_id, plane, bank_reference)
  WHERE confirmed_at IS NOT NULL;
CREATE INDEX statement_lines_confirmed_request ON statement_lines (confirmed_request_id)
  WHERE confirmed_request_id IS NOT NULL;

-- Matching reads the funder's funded requests (its book still to collect).
CREATE INDEX IF NOT EXISTS funding_requests_funded_by ON funding_requests (funder_of_record_id, plane)
  WHERE status = 'funded';
