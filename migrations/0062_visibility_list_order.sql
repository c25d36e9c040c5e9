-- The request list read by index (issue 26). GET /v1/requests wants a funder's newest requests
-- of some statuses. Migration 0059 keeps one row per request a funder sees and per reason; the
-- list still had to read every request the funder acted on from funding_requests (1,000 on the
-- benchmark's plane), filter them by status and sort them to keep fifty, because nothing gave
-- them in creation order (bench/README.md, "Fifth pass"). Here the visibility rows also carry
-- the request's status, creation time and reference, and one index gives a funder's rows
-- newest first with their status, so a page reads about a page of index entries whatever the
-- funder sees.
--
-- The copies follow the request in the transaction of the write that changes it:
-- funder_visibility_requests() (every routing, acting and linking write) writes them with the
-- rest of the row, and a trigger copies a change of status (or, though the service never makes
-- one, of creation time or reference) to the request's rows. Both run with the request's row
-- locked by the write (an UPDATE, or the recompute's FOR NO KEY UPDATE), so they take turns.

ALTER TABLE funder_request_visibility
  ADD COLUMN status text,
  ADD COLUMN created_at timestamptz,
  ADD COLUMN request_ref text;

UPDATE funder_request_visibility v
   SET status = r.status, created_at = r.created_at, request_ref = r.request_ref
  FROM funding_requests r
 WHERE r.id = v.request_id;

ALTER TABLE funder_request_visibility
  ALTER COLUMN status SET NOT NULL,
  ALTER COLUMN created_at SET NOT NULL,
  ALTER COLUMN request_ref SET NOT NULL;

-- A funder's rows on a plane newest first, in the list's total order (creation time, then the
-- unique reference), with what the list filters on and reads next.
CREATE INDEX funder_request_visibility_list
  ON funder_request_visibility (funder_id, plane, created_at DESC, request_ref DESC)
  INCLUDE (status, request_id);

-- The reasons with the copied columns: funder_visibility_reasons() of 0059 with three more
-- columns, under a new name (migrations only add); the recompute below calls this one.
CREATE FUNCTION funder_visibility_listed_reasons(requests uuid[])
  RETURNS TABLE (plane text, funder_id uuid, request_id uuid, seller_id uuid, reason text,
                 status text, created_at timestamptz, request_ref text)
  LANGUAGE sql STABLE
  AS $$
    SELECT r.plane, r.assigned_funder_id, r.id, r.seller_id, 'routed'::text, r.status, r.created_at, r.request_ref
      FROM funding_requests r WHERE r.id = ANY(requests) AND r.assigned_funder_id IS NOT NULL
    UNION ALL
    SELECT r.plane, rf.funder_id, r.id, r.seller_id, 'acted'::text, r.status, r.created_at, r.request_ref
      FROM funding_requests r
      JOIN request_funders rf ON rf.request_id = r.id AND rf.plane = r.plane AND rf.acted_at IS NOT NULL
     WHERE r.id = ANY(requests)
  $$;
REVOKE ALL ON FUNCTION funder_visibility_listed_reasons(uuid[]) FROM PUBLIC;

-- As in 0059, with the copied columns written and kept up to date.
CREATE OR REPLACE FUNCTION funder_visibility_requests(requests uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF coalesce(cardinality(requests), 0) = 0 THEN
      RETURN;
    END IF;
    PERFORM 1 FROM funding_requests WHERE id = ANY(requests) ORDER BY id FOR NO KEY UPDATE;
    DELETE FROM funder_request_visibility v
     WHERE v.request_id = ANY(requests)
       AND NOT EXISTS (SELECT 1 FROM funder_visibility_listed_reasons(requests) w
                        WHERE w.request_id = v.request_id AND w.funder_id = v.funder_id AND w.reason = v.reason);
    INSERT INTO funder_request_visibility AS v
           (plane, funder_id, request_id, seller_id, reason, status, created_at, request_ref)
      SELECT w.plane, w.funder_id, w.request_id, w.seller_id, w.reason, w.status, w.created_at, w.request_ref
        FROM funder_visibility_listed_reasons(requests) w
      ON CONFLICT (funder_id, request_id, reason) DO UPDATE
        SET plane = excluded.plane, seller_id = excluded.seller_id, status = excluded.status,
            created_at = excluded.created_at, request_ref = excluded.request_ref
       WHERE (v.plane, v.seller_id, v.status, v.created_at, v.request_ref)
             IS DISTINCT FROM (excluded.plane, excluded.seller_id, excluded.status, excluded.created_at, excluded.request_ref);
    DELETE FROM funder_invoice_visibility v
     WHERE v.request_id = ANY(requests)
       AND NOT EXISTS (SELECT 1 FROM funder_visibility_request_invoices(requests) w
                        WHERE w.request_id = v.request_id AND w.funder_id = v.funder_id
                          AND w.invoice_id = v.invoice_id);
    INSERT INTO funder_invoice_visibility AS v (plane, funder_id, invoice_id, debtor_id, seller_id, request_id)
      SELECT * FROM funder_visibility_request_invoices(requests)
      ON CONFLICT (request_id, funder_id, invoice_id) WHERE request_id IS NOT NULL
      DO UPDATE SET plane = excluded.plane, debtor_id = excluded.debtor_id, seller_id = excluded.seller_id
       WHERE (v.plane, v.debtor_id, v.seller_id) IS DISTINCT FROM (excluded.plane, excluded.debtor_id, excluded.seller_id);
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_requests(uuid[]) FROM PUBLIC;

-- A request's status (or creation time, or reference) changed: its rows take the new value.
CREATE FUNCTION funder_visibility_on_request_listed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    UPDATE funder_request_visibility
       SET status = NEW.status, created_at = NEW.created_at, request_ref = NEW.request_ref
     WHERE request_id = NEW.id;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_request_listed() FROM PUBLIC;
CREATE TRIGGER funder_visibility_request_listed AFTER UPDATE OF status, created_at, request_ref ON funding_requests
  FOR EACH ROW WHEN ((OLD.status, OLD.created_at, OLD.request_ref) IS DISTINCT FROM (NEW.status, NEW.created_at, NEW.request_ref))
  EXECUTE FUNCTION funder_visibility_on_request_listed();
