-- The generation of the derivation key a client link's token was made under
-- (platform/crypto.ts, docs/decisions/operations.md, "Link tokens follow the secrets key"). Every
-- rotation of the secrets key starts a new generation; the service makes a link's token again,
-- to show its URL, under its own generation's key, and stops showing the URL once that key is no
-- longer kept. Links made before this column, and those a server of the previous release makes
-- (it knows no generations), are of generation 1: the key is rotated only once every server runs
-- this release. The token itself is checked by its SHA-256 alone, whatever the generation.
-- No new table: the row security of migration 0027 covers the column.
ALTER TABLE client_links ADD COLUMN derivation_generation integer NOT NULL DEFAULT 1
  CHECK (derivation_generation > 0);
