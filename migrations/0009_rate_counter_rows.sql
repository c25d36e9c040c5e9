-- One row per counted bucket, its (at most two) windows side by side: a call updates one row
-- in place. No indexed column changes and the pages keep room, so PostgreSQL updates it without
-- touching the index (a HOT update), instead of upserting one row per window.
DROP TABLE rate_counters;
CREATE TABLE rate_counters (
  bucket text PRIMARY KEY,
  first_start bigint NOT NULL,
  first_hits integer NOT NULL,
  second_start bigint,
  second_hits integer,
  expires_at timestamptz NOT NULL
) WITH (fillfactor = 70);
CREATE INDEX rate_counters_expiry ON rate_counters (expires_at);
