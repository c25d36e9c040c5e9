-- A funder's request list items and packets, kept (issue 45). GET /v1/requests built each of its
-- fifty items afresh on every read: four statements under the policies (the page with its sellers
-- and invoice counts, the funder's offers, the debtors' notices, the consent policy), fifty rows
-- turned into objects and written again as JSON; GET /v1/requests/{id} read seven (bench/README.md,
-- "Reads when nothing is kept"). Here each item and packet the service has written is kept as
-- that JSON, one row per funder and request it sees, and the next read serves it as it is, until
-- a write changes what it shows.
--
-- What makes an answer stale is counted, not guessed: every write to what an item or a packet is
-- made of (the request, its invoice links and invoices, the offers on it, its debtors' notices, its
-- risk signals and disputes, its seller's stored scores, the names of its seller and of its
-- debtors) adds one to `stamp` on the request's rows, in the write's own transaction, by the
-- triggers below. The item columns and the packet columns (`packet...`) are kept alike. An item is served only while `item_stamp` (the stamp it was written at)
-- is the row's `stamp` and it was written under the funder's consent policy of now
-- (`item_counsel`): `item` before its first instant of reading otherwise by itself (`flips_at`:
-- a pending offer running out), `item_after` from then on (the item as it reads once that offer
-- has run out, written where that instant is exact). Anything else is built again by the service
-- (requests.items.ts, the one place an item is made), which writes it back: only the item
-- columns, only where the stamp is still the one it read before building (a write in between
-- wins: its stamp is newer), skipping rows a running write holds.
--
-- Rows follow what the funder sees: one is added when the funder gets its first visibility row
-- on the request (migration 0059), and removed with its last.
--
-- Concurrent writes. The stamp is raised with the request locked (FOR NO KEY UPDATE), the lock
-- the visibility and exposure writes take first (migrations 0059, 0075), so a writer never holds
-- an item row while waiting for its request; a reader's write-back waits for no one.
--
-- The functions run as the tables' owner (SECURITY DEFINER, fixed search_path); no role may call
-- them. The funder's role may only write back items of its own rows, and only their item columns.

CREATE TABLE funder_request_items (
  funder_id uuid NOT NULL,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  stamp bigint NOT NULL DEFAULT 0,
  item text,
  item_after text,
  item_stamp bigint,
  item_counsel boolean,
  flips_at timestamptz,
  packet text,
  packet_after text,
  packet_stamp bigint,
  packet_counsel boolean,
  packet_flips_at timestamptz,
  PRIMARY KEY (funder_id, request_id)
);
CREATE INDEX funder_request_items_request ON funder_request_items (request_id);
-- A debtor renamed: the requests it has a notice on (its invoices' requests by their links).
CREATE INDEX debtor_notices_debtor ON debtor_notices (debtor_id);

SELECT apply_funder_scope_policies('funder_request_items');
-- Rows come and go with the triggers only. The funder's role writes back its own items; the
-- sandbox and operator roles may delete (a reset of the demonstration plane deletes from every
-- table with a plane column).
REVOKE INSERT, UPDATE, DELETE ON funder_request_items FROM funder_api_funder;
GRANT UPDATE (item, item_after, item_stamp, item_counsel, flips_at,
               packet, packet_after, packet_stamp, packet_counsel, packet_flips_at)
  ON funder_request_items TO funder_api_funder;
REVOKE INSERT, UPDATE ON funder_request_items FROM funder_api_sandbox, funder_api_operator;

INSERT INTO funder_request_items (funder_id, plane, request_id)
SELECT DISTINCT funder_id, plane, request_id FROM funder_request_visibility
ON CONFLICT DO NOTHING;

-- Every item of the given requests is stale from this write on.
CREATE FUNCTION funder_request_items_touch(requests uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF coalesce(cardinality(requests), 0) = 0 THEN
      RETURN;
    END IF;
    PERFORM 1 FROM funding_requests WHERE id = ANY(requests) ORDER BY id FOR NO KEY UPDATE;
    UPDATE funder_request_items SET stamp = stamp + 1 WHERE request_id = ANY(requests);
  END
  $$;
REVOKE ALL ON FUNCTION funder_request_items_touch(uuid[]) FROM PUBLIC;

-- Rows that carry their request (request_id): offers, notices, invoice links, risk signals, disputes.
CREATE FUNCTION funder_request_items_on_rows() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM funder_request_items_touch(ARRAY(SELECT DISTINCT request_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM funder_request_items_touch(ARRAY(SELECT DISTINCT request_id FROM old_rows));
    ELSE
      PERFORM funder_request_items_touch(ARRAY(
        SELECT request_id FROM new_rows UNION SELECT request_id FROM old_rows));
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_request_items_on_rows() FROM PUBLIC;

CREATE TRIGGER funder_request_items_offers_added AFTER INSERT ON offers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_offers_changed AFTER UPDATE ON offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_offers_gone AFTER DELETE ON offers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_notices_added AFTER INSERT ON debtor_notices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_notices_changed AFTER UPDATE ON debtor_notices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_notices_gone AFTER DELETE ON debtor_notices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_links_added AFTER INSERT ON request_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_links_changed AFTER UPDATE ON request_invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_links_gone AFTER DELETE ON request_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_signals_added AFTER INSERT ON risk_signals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_signals_changed AFTER UPDATE ON risk_signals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_signals_gone AFTER DELETE ON risk_signals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_disputes_added AFTER INSERT ON disputes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_disputes_changed AFTER UPDATE ON disputes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();
CREATE TRIGGER funder_request_items_disputes_gone AFTER DELETE ON disputes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_rows();

-- An invoice changed: the requests it is linked to. A seller's stored score added, moved or
-- removed: the seller's requests.
CREATE FUNCTION funder_request_items_on_parts() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'invoices' THEN
      PERFORM funder_request_items_touch(ARRAY(
        SELECT DISTINCT ri.request_id FROM new_rows n JOIN request_invoices ri ON ri.invoice_id = n.id));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM funder_request_items_touch(ARRAY(
        SELECT r.id FROM funding_requests r WHERE r.seller_id IN (SELECT seller_id FROM old_rows)));
    ELSE
      PERFORM funder_request_items_touch(ARRAY(
        SELECT r.id FROM funding_requests r WHERE r.seller_id IN (SELECT seller_id FROM new_rows)));
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_request_items_on_parts() FROM PUBLIC;
CREATE TRIGGER funder_request_items_invoices_changed AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_parts();
CREATE TRIGGER funder_request_items_scores_added AFTER INSERT ON seller_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_parts();
CREATE TRIGGER funder_request_items_scores_changed AFTER UPDATE ON seller_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_parts();
CREATE TRIGGER funder_request_items_scores_gone AFTER DELETE ON seller_scores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_parts();

-- The request itself: any change (its updated_at is in the item, so every write shows).
CREATE FUNCTION funder_request_items_on_requests() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_request_items_touch(ARRAY(SELECT id FROM new_rows));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_request_items_on_requests() FROM PUBLIC;
CREATE TRIGGER funder_request_items_requests_changed AFTER UPDATE ON funding_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_requests();

-- A seller's name or tax id, a debtor's name, tax id or country: the answers of its requests.
CREATE FUNCTION funder_request_items_on_companies() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'sellers' THEN
      PERFORM funder_request_items_touch(ARRAY(
        SELECT r.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN funding_requests r ON r.seller_id = n.id
         WHERE (o.name, o.tax_id) IS DISTINCT FROM (n.name, n.tax_id)));
    ELSE
      PERFORM funder_request_items_touch(ARRAY(
        SELECT dn.request_id FROM new_rows n JOIN old_rows o ON o.id = n.id
          JOIN debtor_notices dn ON dn.debtor_id = n.id
         WHERE (o.name, o.tax_id, o.country) IS DISTINCT FROM (n.name, n.tax_id, n.country)
        UNION
        SELECT ri.request_id FROM new_rows n JOIN old_rows o ON o.id = n.id
          JOIN invoices i ON i.debtor_id = n.id JOIN request_invoices ri ON ri.invoice_id = i.id
         WHERE (o.name, o.tax_id, o.country) IS DISTINCT FROM (n.name, n.tax_id, n.country)));
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_request_items_on_companies() FROM PUBLIC;
CREATE TRIGGER funder_request_items_sellers_changed AFTER UPDATE ON sellers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_companies();
CREATE TRIGGER funder_request_items_debtors_changed AFTER UPDATE ON debtors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_companies();

-- What the funder sees: a row with its first visibility row on the request, gone with its last.
CREATE FUNCTION funder_request_items_on_visibility() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO funder_request_items (funder_id, plane, request_id)
        SELECT DISTINCT funder_id, plane, request_id FROM new_rows
        ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM funder_request_items i
       USING (SELECT DISTINCT funder_id, request_id FROM old_rows) g
       WHERE i.funder_id = g.funder_id AND i.request_id = g.request_id
         AND NOT EXISTS (SELECT 1 FROM funder_request_visibility v
                          WHERE v.funder_id = g.funder_id AND v.request_id = g.request_id);
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_request_items_on_visibility() FROM PUBLIC;
CREATE TRIGGER funder_request_items_visibility_added AFTER INSERT ON funder_request_visibility
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_visibility();
CREATE TRIGGER funder_request_items_visibility_gone AFTER DELETE ON funder_request_visibility
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funder_request_items_on_visibility();
