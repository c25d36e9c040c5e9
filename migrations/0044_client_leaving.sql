-- A company that leaves the funder's network keeps its client row (its origin and history,
-- which the prescriber report counts): the row says when it left and why. No new table: the
-- row security of migration 0027 covers these columns.
ALTER TABLE funder_clients
  ADD COLUMN left_at timestamptz,
  ADD COLUMN left_reason text CHECK (length(left_reason) <= 1000);

-- A client that left says why; no other row claims a reason for leaving.
ALTER TABLE funder_clients
  ADD CONSTRAINT funder_clients_left CHECK ((left_at IS NULL) = (left_reason IS NULL));
