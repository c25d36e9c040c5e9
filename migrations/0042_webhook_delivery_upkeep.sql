-- Webhook deliveries: the due attempts of one endpoint in order (an answered attempt's place is
-- taken by the next one of the same endpoint), and the finished rows by the time they finished
-- (retention: docs/decisions/webhooks.md).

CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries (endpoint_id, next_attempt_at, seq)
  WHERE status = 'pending';

CREATE INDEX webhook_deliveries_finished ON webhook_deliveries ((coalesce(delivered_at, last_attempt_at, created_at)))
  WHERE status <> 'pending';
