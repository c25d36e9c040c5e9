-- The W3C trace context of the call that wrote an event (`00-<trace id>-<span id>-<flags>`), so
-- that the webhook deliveries it causes name the same trace in their log lines and continue it
-- in the `traceparent` they send (docs/decisions/operations.md, "Tracing"). Null for events
-- written outside a call (jobs) and for those written before it existed. A new column of a table
-- whose policies are in place already: no policy changes.
ALTER TABLE outbox_events ADD COLUMN traceparent text
  CHECK (traceparent ~ '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$');
