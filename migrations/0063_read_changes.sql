-- What tells a server that an answer it kept is out of date (issue 26, docs/decisions/platform.md,
-- "Kept answers and their change marks").
--
-- A server may keep a funder's answer (the request list, the event log, the limit books) and
-- serve it again while nothing it was made from changed. Whether something changed is asked of
-- the database, never assumed: every write to a table the answer is made from leaves, in the
-- write's own transaction, a mark naming the funder and plane whose answers it touches and the
-- writing transaction's id. The kept answer remembers the snapshot it was read in
-- (pg_current_snapshot(), taken before its reads); a mark whose transaction that snapshot does
-- not see, and the reader's does, is a write committed since: the answer is made again. A write still running is seen by neither the kept answer nor the
-- reader, so read-your-writes holds across servers: a write that answered has committed, and its
-- mark is there for the next read on any server.
--
-- read_changes: one row per writing transaction and per funder and plane it touched.
-- read_changes_shared: one row per writing transaction that changed what every funder may see of
--   a company (a seller's or debtor's name, tax id or country): rare, and checked by every read.
-- read_change_horizons: the oldest running transaction at moments of the upkeep job; marks older
--   than a horizon taken longer ago than a kept answer may live are removed (platform/read-cache).
--
-- The marks are written by statement triggers running as the tables' owner (SECURITY DEFINER,
-- fixed search_path), whichever role makes the write; the inserted keys hold the writer's own
-- transaction id, so two writers never wait on each other's marks.

CREATE TABLE read_changes (
  funder_id uuid NOT NULL,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  xid xid8 NOT NULL,
  PRIMARY KEY (funder_id, plane, xid)
);

CREATE TABLE read_changes_shared (
  xid xid8 PRIMARY KEY
);

CREATE TABLE read_change_horizons (
  taken_at timestamptz PRIMARY KEY,
  oldest_xid xid8 NOT NULL
);

-- Rows that carry their funder and plane: a funder's offers, its settings, what it sees.
CREATE FUNCTION read_changes_on_own_rows() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO read_changes (funder_id, plane, xid)
        SELECT DISTINCT funder_id, plane, pg_current_xact_id() FROM new_rows
        ON CONFLICT DO NOTHING;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO read_changes (funder_id, plane, xid)
        SELECT DISTINCT funder_id, plane, pg_current_xact_id() FROM old_rows
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_own_rows() FROM PUBLIC;

-- The funders that see the given requests now (their visibility rows).
CREATE FUNCTION read_changes_mark_requests(ids uuid[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public
  AS $$
    INSERT INTO read_changes (funder_id, plane, xid)
      SELECT DISTINCT v.funder_id, v.plane, pg_current_xact_id()
        FROM funder_request_visibility v WHERE v.request_id = ANY(ids)
      ON CONFLICT DO NOTHING;
  $$;
REVOKE ALL ON FUNCTION read_changes_mark_requests(uuid[]) FROM PUBLIC;

-- Rows of a request (its invoices' links, its notices): the funders that see the request.
CREATE FUNCTION read_changes_on_request_rows() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM read_changes_mark_requests(ARRAY(SELECT DISTINCT request_id FROM new_rows));
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      PERFORM read_changes_mark_requests(ARRAY(SELECT DISTINCT request_id FROM old_rows));
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_request_rows() FROM PUBLIC;

-- The requests themselves. A new request shows through its visibility rows (marked there); a
-- deleted one takes its visibility rows with it (marked there too).
CREATE FUNCTION read_changes_on_requests() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM read_changes_mark_requests(ARRAY(SELECT id FROM new_rows));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_requests() FROM PUBLIC;

-- Companies: what a funder's answers show of a seller or a debtor.
CREATE FUNCTION read_changes_on_companies() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    -- Each branch names only the transition tables its event has (a statement is planned when
    -- it first runs).
    IF TG_OP = 'DELETE' THEN
      IF EXISTS (SELECT 1 FROM old_rows) THEN
        INSERT INTO read_changes_shared (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
      END IF;
    ELSIF EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.name, n.tax_id, n.country, n.plane) IS DISTINCT FROM (o.name, o.tax_id, o.country, o.plane))
    THEN
      INSERT INTO read_changes_shared (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_companies() FROM PUBLIC;

-- Invoices changed in place (an amount, a due date, the seller's paid mark): the funders that see
-- a request holding one, and those with an early payment on one. A new invoice is in no request
-- yet (its link is marked when made); a deleted one takes its links with it (marked there).
CREATE FUNCTION read_changes_on_invoices() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM read_changes_mark_requests(ARRAY(
      SELECT DISTINCT ri.request_id FROM request_invoices ri WHERE ri.invoice_id IN (SELECT id FROM new_rows)));
    INSERT INTO read_changes (funder_id, plane, xid)
      SELECT DISTINCT e.funder_id, e.plane, pg_current_xact_id()
        FROM early_payments e WHERE e.invoice_id IN (SELECT id FROM new_rows)
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_invoices() FROM PUBLIC;

-- One trigger per event (a trigger with transition tables has one event).
CREATE TRIGGER read_changes_visibility_added AFTER INSERT ON funder_request_visibility
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_visibility_changed AFTER UPDATE ON funder_request_visibility
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_visibility_gone AFTER DELETE ON funder_request_visibility
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();

CREATE TRIGGER read_changes_offers_added AFTER INSERT ON offers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_offers_changed AFTER UPDATE ON offers
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_offers_gone AFTER DELETE ON offers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();

CREATE TRIGGER read_changes_settings_added AFTER INSERT ON funder_settings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_settings_changed AFTER UPDATE ON funder_settings
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_settings_gone AFTER DELETE ON funder_settings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();

-- The funder's event log (GET /v1/events): an event added, marked dispatched, or removed by
-- the upkeep.
CREATE TRIGGER read_changes_events_added AFTER INSERT ON outbox_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_events_changed AFTER UPDATE ON outbox_events
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_events_gone AFTER DELETE ON outbox_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();

-- The limit books (GET /v1/credit-limits, GET /v1/seller-limits): the funder's own rows.
CREATE TRIGGER read_changes_settlements_added AFTER INSERT ON settlements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_settlements_changed AFTER UPDATE ON settlements
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_settlements_gone AFTER DELETE ON settlements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_early_payments_added AFTER INSERT ON early_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_early_payments_changed AFTER UPDATE ON early_payments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_early_payments_gone AFTER DELETE ON early_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_credit_limits_added AFTER INSERT ON credit_limits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_credit_limits_changed AFTER UPDATE ON credit_limits
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_credit_limits_gone AFTER DELETE ON credit_limits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_seller_limits_added AFTER INSERT ON seller_limits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_seller_limits_changed AFTER UPDATE ON seller_limits
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_seller_limits_gone AFTER DELETE ON seller_limits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_invoice_visibility_added AFTER INSERT ON funder_invoice_visibility
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_invoice_visibility_changed AFTER UPDATE ON funder_invoice_visibility
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_invoice_visibility_gone AFTER DELETE ON funder_invoice_visibility
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_own_rows();
CREATE TRIGGER read_changes_invoices_changed AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_invoices();

CREATE TRIGGER read_changes_requests_changed AFTER UPDATE ON funding_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_requests();

CREATE TRIGGER read_changes_links_added AFTER INSERT ON request_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_links_changed AFTER UPDATE ON request_invoices
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_links_gone AFTER DELETE ON request_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();

CREATE TRIGGER read_changes_notices_added AFTER INSERT ON debtor_notices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_notices_changed AFTER UPDATE ON debtor_notices
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_notices_gone AFTER DELETE ON debtor_notices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();

CREATE TRIGGER read_changes_sellers_changed AFTER UPDATE ON sellers
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_companies();
CREATE TRIGGER read_changes_sellers_gone AFTER DELETE ON sellers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_companies();
CREATE TRIGGER read_changes_debtors_changed AFTER UPDATE ON debtors
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_companies();
CREATE TRIGGER read_changes_debtors_gone AFTER DELETE ON debtors
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_companies();

-- The second wall: a funder reads its own marks on its key's plane; nobody but the owner
-- (through the triggers) and the upkeep (as the operator) writes them. The shared marks and the
-- horizons hold transaction ids only, no funder's data.
SELECT apply_funder_scope_policies('read_changes', funder_writes => false);
