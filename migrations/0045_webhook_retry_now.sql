-- A manual retry of a delivery still pending sends it now; the scheduled attempt it moved
-- forward is kept here until that attempt's outcome is recorded: a failure puts the delivery
-- back on its schedule (docs/decisions/webhooks.md).

ALTER TABLE webhook_deliveries ADD COLUMN resume_at timestamptz;
