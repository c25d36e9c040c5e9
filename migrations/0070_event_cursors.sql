-- A cursor per funder and plane for the event log (issue 43, docs/decisions/webhooks.md,
-- "The event cursor").
--
-- Until now GET /v1/events paged by the outbox's one sequence (`seq`), taken when a row is
-- inserted. Two things were wrong with that: a funder's cursor moved with every other funder's
-- events, and a transaction that took its value first could commit after one that took a later
-- value, so a reader that had passed the later value never saw the earlier event.
--
-- Each event now also gets `funder_seq`: 1, 2, 3... per funder and plane, taken from
-- event_sequences by an update of the funder's row there. The row stays locked until the
-- writing transaction ends, so the next writer of the same funder waits for it, and takes the
-- next value only once the previous one is committed (or rolled back, undoing its increment):
-- values are visible in their order and none is ever left out. Writers of different funders never
-- wait on each other. `seq` stays for the dispatcher's own order across funders.

CREATE TABLE event_sequences (
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  last_seq bigint NOT NULL CHECK (last_seq >= 0),
  PRIMARY KEY (funder_id, plane)
);

ALTER TABLE outbox_events ADD COLUMN funder_seq bigint;

-- The events already kept are numbered in the order the old cursor gave them.
UPDATE outbox_events o SET funder_seq = n.rn
  FROM (SELECT id, row_number() OVER (PARTITION BY funder_id, plane ORDER BY seq) AS rn FROM outbox_events) n
 WHERE o.id = n.id;
INSERT INTO event_sequences (funder_id, plane, last_seq)
  SELECT funder_id, plane, max(funder_seq) FROM outbox_events GROUP BY funder_id, plane;

CREATE UNIQUE INDEX outbox_events_funder_cursor ON outbox_events (funder_id, plane, funder_seq);

-- A funder's call numbers its own events; the sandbox helpers those of the demonstration plane.
ALTER TABLE event_sequences ENABLE ROW LEVEL SECURITY;
ALTER TABLE event_sequences FORCE ROW LEVEL SECURITY;
CREATE POLICY funder_rows ON event_sequences TO funder_api_funder
  USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane())
  WITH CHECK (funder_id = funder_api_funder_id() AND plane = funder_api_plane());
CREATE POLICY sandbox_rows ON event_sequences TO funder_api_sandbox
  USING (plane = 'demo') WITH CHECK (plane = 'demo');
CREATE POLICY operator_rows ON event_sequences TO funder_api_operator USING (true) WITH CHECK (true);
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON event_sequences TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;

CREATE OR REPLACE VIEW outbox_events_read WITH (security_invoker = true) AS
  SELECT id, seq, funder_id, plane, type, api_version, payload, created_at, key_id, traceparent, funder_seq
    FROM outbox_events;

-- The job that tells a funder its offer expired (requests.expiry.ts) finds the pending offers by
-- the end of their validity.
CREATE INDEX offers_pending_expiry ON offers (expires_at) WHERE status = 'pending';
