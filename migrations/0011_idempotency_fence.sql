-- The fencing token of the run that holds an Idempotency-Key. A new run (the first call, or a
-- retry that took over a run past its lease) writes its own; a write commits only while the row
-- still carries the token of its run, checked in the write's own transaction. A run that was
-- taken over can no longer commit, nor overwrite the answer kept for replays.
ALTER TABLE idempotency_keys ADD COLUMN run_token uuid;
