-- An event fanned out to the funder's endpoints (its dispatched_at set by the dispatcher) changes
-- nothing a kept answer shows: the event log reads an event's type, version, payload and times of
-- creation, never whether it was fanned out (issue 26; migration 0063 for the marks). Until now
-- that update left a mark like any other, so every dispatch made the funder's kept answers be
-- read again moments after the event's own insert had. The update trigger of the events now
-- marks only rows that changed in something other than dispatched_at.

CREATE FUNCTION read_changes_on_events() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    INSERT INTO read_changes (funder_id, plane, xid)
      SELECT DISTINCT c.funder_id, c.plane, pg_current_xact_id()
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.funder_id, n.plane), (o.funder_id, o.plane)) AS c (funder_id, plane)
       WHERE to_jsonb(n) - 'dispatched_at' IS DISTINCT FROM to_jsonb(o) - 'dispatched_at'
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_events() FROM PUBLIC;

CREATE OR REPLACE TRIGGER read_changes_events_changed AFTER UPDATE ON outbox_events
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_events();
