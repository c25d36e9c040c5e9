-- Where a statement line's booking date came from: the entry itself, or (for CAMT.053 entries
-- that carry neither a booking nor a value date) the statement's period end, closing balance
-- date or creation date.
ALTER TABLE statement_lines
  ADD COLUMN booking_date_source text NOT NULL DEFAULT 'entry'
    CHECK (booking_date_source IN ('entry', 'statement_period', 'closing_balance', 'statement_created'));
