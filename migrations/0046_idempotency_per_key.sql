-- An Idempotency-Key record belongs to the API key that sent the call, not only to its funder:
-- two keys of one funder (two sandbox prospects on the demonstration funder, two systems of one
-- bank) sending the same Idempotency-Key value make two calls, and a replayed answer (a webhook's
-- signing secret shown once) goes back only to the key that made it.
--
-- Records written before this migration name no key. They match no lookup (every lookup filters
-- by the key), so nobody is answered from them; they expire within 24 hours and are pruned.
ALTER TABLE idempotency_keys ADD COLUMN api_key_id uuid REFERENCES api_keys (id);
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
CREATE UNIQUE INDEX idempotency_keys_per_key ON idempotency_keys (api_key_id, idempotency_key);
-- The funder's own rows, for row security and the funder's deletes; no longer unique.
CREATE INDEX idempotency_keys_funder ON idempotency_keys (funder_id);
