-- What each funder sees, as rows the second wall can find by index (issue 26). The policies of
-- migration 0048 on invoices, debtors and sellers walked rows: a debtor was visible when one of
-- its invoices was, an invoice when one of its requests was, each step through the next
-- table's policy. For a debtor with a hundred invoices of other funders' requests that was a
-- hundred invoices walked per row read (bench/README.md, "Request reads"). The same rule is
-- kept here, row for row, in two tables written by triggers in the transaction of the write
-- that changes it, and the policies (migration 0060) probe them by key.
--
-- funder_request_visibility: one row per request a funder sees and per reason it sees it:
--   'routed'  the request is routed to the funder now (funding_requests.assigned_funder_id);
--   'acted'   the funder acted on it (its request_funders row has acted_at, on the request's
--             plane).
-- funder_invoice_visibility: one row per invoice a funder sees and per thing that shows it:
--   request_id        an invoice of a request the funder sees (a row above), on that plane;
--   early_payment_id  the invoice of an early payment of the funder, on that plane (any status:
--                     the policy of 0048 showed it for every early payment of the funder).
-- Each row carries the invoice's debtor and seller and the plane the rule is checked on, and is
-- there exactly while its reason holds: no row serves two reasons, none is counted.
--
-- Concurrent writes. Every row a request gives (its reasons, and the invoices it shows) is
-- recomputed from the base tables, by funder_visibility_requests(), with the request's row
-- locked (FOR NO KEY UPDATE, the lock an UPDATE of the request takes): the writes that change
-- those rows (routing, acting, a request's invoices) take turns on that lock, and under READ
-- COMMITTED each statement after it reads what the one before it committed. The service's own
-- writes lock the request first already (the lifecycle's lock), so the order of locks does not
-- change. An early payment's row is its own (written with the early payment). An invoice's
-- debtor, seller or plane (which the service never changes) is copied into the rows showing it
-- under a table lock that makes concurrent writers of those rows wait and read it again.
--
-- The trigger functions run as the tables' owner (SECURITY DEFINER, fixed search_path), so they
-- write the same rows whichever role makes the write (a funder's call, the sandbox helpers,
-- the operator, the worker); no role may call them, or the helpers, directly.

CREATE TABLE funder_request_visibility (
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL,
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  seller_id uuid NOT NULL,
  reason text NOT NULL CHECK (reason IN ('routed', 'acted')),
  PRIMARY KEY (funder_id, request_id, reason)
);
-- A seller is visible when one of its requests is (the sellers' policy).
CREATE INDEX funder_request_visibility_seller ON funder_request_visibility (funder_id, plane, seller_id);
-- A request's rows, for its recomputation and its deletion.
CREATE INDEX funder_request_visibility_request ON funder_request_visibility (request_id);

CREATE TABLE funder_invoice_visibility (
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  funder_id uuid NOT NULL,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  debtor_id uuid NOT NULL,
  seller_id uuid NOT NULL,
  request_id uuid REFERENCES funding_requests (id) ON DELETE CASCADE,
  early_payment_id uuid REFERENCES early_payments (id) ON DELETE CASCADE,
  CHECK ((request_id IS NULL) <> (early_payment_id IS NULL))
);
CREATE UNIQUE INDEX funder_invoice_visibility_by_request
  ON funder_invoice_visibility (request_id, funder_id, invoice_id) WHERE request_id IS NOT NULL;
CREATE UNIQUE INDEX funder_invoice_visibility_by_early_payment
  ON funder_invoice_visibility (early_payment_id) WHERE early_payment_id IS NOT NULL;
-- The policies' probes: an invoice, a debtor, the seller of an early payment's invoice.
CREATE INDEX funder_invoice_visibility_invoice ON funder_invoice_visibility (funder_id, plane, invoice_id);
CREATE INDEX funder_invoice_visibility_debtor ON funder_invoice_visibility (funder_id, plane, debtor_id);
CREATE INDEX funder_invoice_visibility_early_seller ON funder_invoice_visibility (funder_id, plane, seller_id)
  WHERE early_payment_id IS NOT NULL;
-- An invoice's rows, when its debtor or seller changes or it is deleted.
CREATE INDEX funder_invoice_visibility_of_invoice ON funder_invoice_visibility (invoice_id);

-- Why each funder sees each of these requests now, from the base tables. (The helpers below run
-- inside the trigger functions, as the owner with their search_path; no role may call them.)
CREATE FUNCTION funder_visibility_reasons(requests uuid[])
  RETURNS TABLE (plane text, funder_id uuid, request_id uuid, seller_id uuid, reason text)
  LANGUAGE sql STABLE
  AS $$
    SELECT r.plane, r.assigned_funder_id, r.id, r.seller_id, 'routed'::text
      FROM funding_requests r WHERE r.id = ANY(requests) AND r.assigned_funder_id IS NOT NULL
    UNION ALL
    SELECT r.plane, rf.funder_id, r.id, r.seller_id, 'acted'::text
      FROM funding_requests r
      JOIN request_funders rf ON rf.request_id = r.id AND rf.plane = r.plane AND rf.acted_at IS NOT NULL
     WHERE r.id = ANY(requests)
  $$;
REVOKE ALL ON FUNCTION funder_visibility_reasons(uuid[]) FROM PUBLIC;

-- The invoices these requests show the funders that see them (once their reasons are written):
-- those of each request's own plane.
CREATE FUNCTION funder_visibility_request_invoices(requests uuid[])
  RETURNS TABLE (plane text, funder_id uuid, invoice_id uuid, debtor_id uuid, seller_id uuid, request_id uuid)
  LANGUAGE sql STABLE
  AS $$
    SELECT DISTINCT w.plane, w.funder_id, i.id, i.debtor_id, i.seller_id, w.request_id
      FROM funder_request_visibility w
      JOIN request_invoices ri ON ri.request_id = w.request_id
      JOIN invoices i ON i.id = ri.invoice_id AND i.plane = w.plane
     WHERE w.request_id = ANY(requests)
  $$;
REVOKE ALL ON FUNCTION funder_visibility_request_invoices(uuid[]) FROM PUBLIC;

-- Recomputes every row these requests give, with the requests locked (in key order, so two
-- writers of overlapping sets cannot deadlock here). A row whose reason still holds is left as
-- it is; only the rows whose reason ended go, only the missing ones come. Set-wise: a
-- statement linking many invoices or requests at once recomputes them in one pass.
CREATE FUNCTION funder_visibility_requests(requests uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF coalesce(cardinality(requests), 0) = 0 THEN
      RETURN;
    END IF;
    PERFORM 1 FROM funding_requests WHERE id = ANY(requests) ORDER BY id FOR NO KEY UPDATE;
    DELETE FROM funder_request_visibility v
     WHERE v.request_id = ANY(requests)
       AND NOT EXISTS (SELECT 1 FROM funder_visibility_reasons(requests) w
                        WHERE w.request_id = v.request_id AND w.funder_id = v.funder_id AND w.reason = v.reason);
    INSERT INTO funder_request_visibility AS v (plane, funder_id, request_id, seller_id, reason)
      SELECT * FROM funder_visibility_reasons(requests)
      ON CONFLICT (funder_id, request_id, reason) DO UPDATE SET plane = excluded.plane, seller_id = excluded.seller_id
       WHERE (v.plane, v.seller_id) IS DISTINCT FROM (excluded.plane, excluded.seller_id);
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

-- The row of one early payment: its invoice, for its funder, on its plane.
CREATE FUNCTION funder_visibility_early_payment(payment uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM funder_invoice_visibility WHERE early_payment_id = payment;
    INSERT INTO funder_invoice_visibility (plane, funder_id, invoice_id, debtor_id, seller_id, early_payment_id)
      SELECT e.plane, e.funder_id, i.id, i.debtor_id, i.seller_id, e.id
        FROM early_payments e JOIN invoices i ON i.id = e.invoice_id AND i.plane = e.plane
       WHERE e.id = payment;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_early_payment(uuid) FROM PUBLIC;

-- The triggers. Inserts and deletes fire once per statement, with the rows they made or took
-- (a request's invoices come in one statement); updates, rare and of one row, fire per row
-- and only when a column the rule reads changed.

-- Requests made already routed.
CREATE FUNCTION funder_visibility_on_requests_added() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_requests(ARRAY(SELECT id FROM added WHERE assigned_funder_id IS NOT NULL));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_requests_added() FROM PUBLIC;
CREATE TRIGGER funder_visibility_requests_added AFTER INSERT ON funding_requests
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_visibility_on_requests_added();

-- A request routed, re-routed, or moved to another plane or seller.
CREATE FUNCTION funder_visibility_on_request_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_requests(ARRAY[NEW.id]);
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_request_changed() FROM PUBLIC;
CREATE TRIGGER funder_visibility_request_changed AFTER UPDATE OF assigned_funder_id, plane, seller_id ON funding_requests
  FOR EACH ROW WHEN ((OLD.assigned_funder_id, OLD.plane, OLD.seller_id)
                     IS DISTINCT FROM (NEW.assigned_funder_id, NEW.plane, NEW.seller_id))
  EXECUTE FUNCTION funder_visibility_on_request_changed();

-- A funder acted (a request_funders row made with acted_at), and a request's invoices linked.
CREATE FUNCTION funder_visibility_on_acted_added() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_requests(ARRAY(SELECT DISTINCT request_id FROM added WHERE acted_at IS NOT NULL));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_acted_added() FROM PUBLIC;
CREATE TRIGGER funder_visibility_acted_added AFTER INSERT ON request_funders
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_visibility_on_acted_added();

CREATE FUNCTION funder_visibility_on_links_added() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_requests(ARRAY(SELECT DISTINCT request_id FROM added));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_links_added() FROM PUBLIC;
CREATE TRIGGER funder_visibility_invoices_linked AFTER INSERT ON request_invoices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_visibility_on_links_added();

-- request_funders and request_invoices rows taken away (also by cascade from their request).
CREATE FUNCTION funder_visibility_on_links_gone() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_requests(ARRAY(SELECT DISTINCT request_id FROM gone));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_links_gone() FROM PUBLIC;
CREATE TRIGGER funder_visibility_acted_gone AFTER DELETE ON request_funders
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION funder_visibility_on_links_gone();
CREATE TRIGGER funder_visibility_invoices_unlinked AFTER DELETE ON request_invoices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION funder_visibility_on_links_gone();

-- A request_funders row acting (acted_at set or cleared) or a link moved: the old row's request
-- and the new one's.
CREATE FUNCTION funder_visibility_on_link_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_requests(ARRAY(SELECT DISTINCT unnest(ARRAY[OLD.request_id, NEW.request_id])));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_link_changed() FROM PUBLIC;
CREATE TRIGGER funder_visibility_acted_changed AFTER UPDATE OF acted_at, plane, funder_id, request_id ON request_funders
  FOR EACH ROW WHEN ((OLD.acted_at IS NULL, OLD.plane, OLD.funder_id, OLD.request_id)
                     IS DISTINCT FROM (NEW.acted_at IS NULL, NEW.plane, NEW.funder_id, NEW.request_id))
  EXECUTE FUNCTION funder_visibility_on_link_changed();
CREATE TRIGGER funder_visibility_link_changed AFTER UPDATE OF request_id, invoice_id ON request_invoices
  FOR EACH ROW WHEN ((OLD.request_id, OLD.invoice_id) IS DISTINCT FROM (NEW.request_id, NEW.invoice_id))
  EXECUTE FUNCTION funder_visibility_on_link_changed();

-- Early payments: a row each, made with it (and gone with it: ON DELETE CASCADE).
CREATE FUNCTION funder_visibility_on_early_payments_added() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    INSERT INTO funder_invoice_visibility (plane, funder_id, invoice_id, debtor_id, seller_id, early_payment_id)
      SELECT e.plane, e.funder_id, i.id, i.debtor_id, i.seller_id, e.id
        FROM added e JOIN invoices i ON i.id = e.invoice_id AND i.plane = e.plane;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_early_payments_added() FROM PUBLIC;
CREATE TRIGGER funder_visibility_early_payments_added AFTER INSERT ON early_payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_visibility_on_early_payments_added();

CREATE FUNCTION funder_visibility_on_early_payment_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_visibility_early_payment(NEW.id);
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_early_payment_changed() FROM PUBLIC;
CREATE TRIGGER funder_visibility_early_payment_changed AFTER UPDATE OF funder_id, invoice_id, plane ON early_payments
  FOR EACH ROW WHEN ((OLD.funder_id, OLD.invoice_id, OLD.plane) IS DISTINCT FROM (NEW.funder_id, NEW.invoice_id, NEW.plane))
  EXECUTE FUNCTION funder_visibility_on_early_payment_changed();

-- An invoice's debtor, seller or plane changed: every row showing it is recomputed. The table
-- lock makes a concurrent write of these rows (which read the invoice) wait for this one's
-- commit and read the invoice again, and this one wait for theirs.
CREATE FUNCTION funder_visibility_on_invoice_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  DECLARE
    payment uuid;
  BEGIN
    LOCK TABLE funder_invoice_visibility IN SHARE ROW EXCLUSIVE MODE;
    PERFORM funder_visibility_requests(ARRAY(SELECT ri.request_id FROM request_invoices ri WHERE ri.invoice_id = NEW.id));
    FOR payment IN SELECT e.id FROM early_payments e WHERE e.invoice_id = NEW.id LOOP
      PERFORM funder_visibility_early_payment(payment);
    END LOOP;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_visibility_on_invoice_changed() FROM PUBLIC;
CREATE TRIGGER funder_visibility_invoice_changed AFTER UPDATE OF debtor_id, seller_id, plane ON invoices
  FOR EACH ROW WHEN ((OLD.debtor_id, OLD.seller_id, OLD.plane) IS DISTINCT FROM (NEW.debtor_id, NEW.seller_id, NEW.plane))
  EXECUTE FUNCTION funder_visibility_on_invoice_changed();

-- What is there now. The triggers above already hold their tables' locks (CREATE TRIGGER), so
-- no write slips between this and the commit.
INSERT INTO funder_request_visibility (plane, funder_id, request_id, seller_id, reason)
  SELECT r.plane, r.assigned_funder_id, r.id, r.seller_id, 'routed'
    FROM funding_requests r WHERE r.assigned_funder_id IS NOT NULL
  UNION ALL
  SELECT r.plane, rf.funder_id, r.id, r.seller_id, 'acted'
    FROM request_funders rf JOIN funding_requests r ON r.id = rf.request_id AND r.plane = rf.plane
   WHERE rf.acted_at IS NOT NULL;
INSERT INTO funder_invoice_visibility (plane, funder_id, invoice_id, debtor_id, seller_id, request_id)
  SELECT DISTINCT w.plane, w.funder_id, i.id, i.debtor_id, i.seller_id, w.request_id
    FROM funder_request_visibility w
    JOIN request_invoices ri ON ri.request_id = w.request_id
    JOIN invoices i ON i.id = ri.invoice_id AND i.plane = w.plane;
INSERT INTO funder_invoice_visibility (plane, funder_id, invoice_id, debtor_id, seller_id, early_payment_id)
  SELECT e.plane, e.funder_id, i.id, i.debtor_id, i.seller_id, e.id
    FROM early_payments e JOIN invoices i ON i.id = e.invoice_id AND i.plane = e.plane;

-- The second wall on the tables themselves: a funder reads its own rows on its key's plane, a
-- sandbox key's helpers the demonstration funder's own on the demonstration plane, the
-- operator every row; no role but the owner (through the triggers) writes them.
SELECT apply_funder_scope_policies('funder_request_visibility', funder_writes => false);
SELECT apply_funder_scope_policies('funder_invoice_visibility', funder_writes => false);
