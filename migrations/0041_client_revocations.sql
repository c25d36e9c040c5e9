-- Revoking a client invitation or an onboarding link keeps when and why, as disabling a client
-- link does. No new table: the row security of migration 0027 covers these columns.
ALTER TABLE client_invitations ADD COLUMN revoked_reason text;

ALTER TABLE onboarding_links
  ADD COLUMN revoked_at timestamptz,
  ADD COLUMN revoked_reason text;

-- A revoked row says when; no other row claims to be revoked.
ALTER TABLE client_invitations
  ADD CONSTRAINT client_invitations_revoked_at CHECK ((state = 'revoked') = (revoked_at IS NOT NULL));
ALTER TABLE onboarding_links
  ADD CONSTRAINT onboarding_links_revoked_at CHECK ((status = 'revoked') = (revoked_at IS NOT NULL));
-- An account opened through a link says when.
ALTER TABLE onboarding_links
  ADD CONSTRAINT onboarding_links_account_created_at
  CHECK (status NOT IN ('account_created', 'completed') OR account_created_at IS NOT NULL);
