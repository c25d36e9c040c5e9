-- The funder's exposure kept line by line by the writes (issue 45). The limit books and the
-- offer's limit check summed every book request's invoices on each read, with the payments
-- spread over them, through the policies of four tables per joined row: the cost grew with the
-- plane (bench/README.md, "Request reads"). The same figures are kept here, one row per invoice
-- of a request in a funder's book, written by triggers in the transaction of the write that
-- changes them; a book reads the funder's rows by key (limits.exposure.store.ts).
--
-- A request is in at most one funder's book at a time, in one stage (limits.exposure.store.ts
-- says what each counts):
--   'outstanding'  funded, for its funder of record, less the payments that funder recorded on
--                  it (settle, statement, recourse), spread over its invoices pro rata to their
--                  amounts in whole cents, the cents left over one each to the largest invoices
--                  (then by position);
--   'committed'    accepted or approved on the offer of the funder it is routed to;
--   'offered'      terms_sent with a pending offer of the funder it is routed to; the row keeps
--                  the last expiry of those offers (`offered_until`) and a read counts it only
--                  before then, so an offer running out needs no write.
-- What depends on the day (past due, frozen) is worked out by the read from `due_date` and
-- `seller_marked_paid_at`.
--
-- Concurrent writes. A request's rows are recomputed whole from the base tables with the request
-- locked (FOR NO KEY UPDATE, the lock an UPDATE of the request takes, as the visibility rows of
-- migration 0059 are): the writes that change them take turns on that lock, and under READ
-- COMMITTED each recomputation after it reads what the one before committed.
--
-- The functions run as the tables' owner (SECURITY DEFINER, fixed search_path); no role may
-- call them, and no role but the owner inserts or updates the rows.

CREATE TABLE funder_exposure_lines (
  funder_id uuid NOT NULL,
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  request_id uuid NOT NULL REFERENCES funding_requests (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  request_ref text NOT NULL,
  seller_id uuid NOT NULL,
  stage text NOT NULL CHECK (stage IN ('outstanding', 'committed', 'offered')),
  offered_until timestamptz CHECK ((stage = 'offered') = (offered_until IS NOT NULL)),
  number text NOT NULL,
  amount numeric NOT NULL,
  remaining_cents numeric NOT NULL,
  due_date date,
  seller_marked_paid_at timestamptz,
  debtor_id uuid NOT NULL,
  debtor_country text NOT NULL,
  debtor_tax_id text NOT NULL,
  debtor_name text NOT NULL,
  PRIMARY KEY (request_id, invoice_id)
);
-- The limit check and a page of the debtor book (by debtor), a page's debtors in the book's byte
-- order, the seller book (by seller).
CREATE INDEX funder_exposure_lines_debtor ON funder_exposure_lines (funder_id, plane, debtor_country, debtor_tax_id);
CREATE INDEX funder_exposure_lines_book
  ON funder_exposure_lines (funder_id, plane, debtor_country COLLATE "C", debtor_tax_id COLLATE "C");
CREATE INDEX funder_exposure_lines_seller ON funder_exposure_lines (funder_id, plane, seller_id);
-- A page of the debtor book walks the funder's limits in the book's order.
CREATE INDEX credit_limits_book
  ON credit_limits (funder_id, plane, debtor_country COLLATE "C", debtor_tax_id COLLATE "C");
-- An invoice's or a debtor's rows, when it changes.
CREATE INDEX funder_exposure_lines_invoice ON funder_exposure_lines (invoice_id);
CREATE INDEX funder_exposure_lines_of_debtor ON funder_exposure_lines (debtor_id);

ALTER TABLE funder_exposure_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE funder_exposure_lines FORCE ROW LEVEL SECURITY;
CREATE POLICY funder_rows ON funder_exposure_lines TO funder_api_funder
  USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane());
CREATE POLICY sandbox_rows ON funder_exposure_lines TO funder_api_sandbox USING (plane = 'demo');
CREATE POLICY operator_rows ON funder_exposure_lines TO funder_api_operator USING (true);
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON funder_exposure_lines TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;
-- Read by every role, written by the triggers only. The sandbox and operator roles may still
-- delete (within their policies): a reset of the demonstration plane deletes from every table
-- with a plane column, and a row deleted there goes with its request anyway.
REVOKE INSERT, UPDATE, DELETE ON funder_exposure_lines FROM funder_api_funder;
REVOKE INSERT, UPDATE ON funder_exposure_lines FROM funder_api_sandbox, funder_api_operator;

-- The lines of these requests, from the base tables.
CREATE FUNCTION funder_exposure_lines_of(requests uuid[])
  RETURNS SETOF funder_exposure_lines
  LANGUAGE sql STABLE
  AS $$
    WITH book AS (
      SELECT r.id, r.plane, r.request_ref, r.seller_id, r.funder_of_record_id AS funder_id,
             'outstanding'::text AS stage, NULL::timestamptz AS offered_until,
             coalesce((SELECT sum(s.amount) FROM settlements s
                        WHERE s.request_id = r.id AND s.funder_id = r.funder_of_record_id AND s.plane = r.plane
                          AND s.source IN ('settle', 'statement', 'recourse')), 0) AS paid
        FROM funding_requests r
       WHERE r.id = ANY(requests) AND r.status = 'funded' AND r.funder_of_record_id IS NOT NULL
      UNION ALL
      SELECT r.id, r.plane, r.request_ref, r.seller_id, r.assigned_funder_id, 'committed', NULL, 0
        FROM funding_requests r JOIN offers o ON o.id = r.accepted_offer_id
       WHERE r.id = ANY(requests) AND r.status IN ('accepted', 'approved') AND o.funder_id = r.assigned_funder_id
      UNION ALL
      SELECT r.id, r.plane, r.request_ref, r.seller_id, r.assigned_funder_id, 'offered', p.until, 0
        FROM funding_requests r
        CROSS JOIN LATERAL (SELECT max(o.expires_at) AS until FROM offers o
                             WHERE o.request_id = r.id AND o.funder_id = r.assigned_funder_id
                               AND o.status = 'pending') p
       WHERE r.id = ANY(requests) AND r.status = 'terms_sent' AND r.assigned_funder_id IS NOT NULL
         AND p.until IS NOT NULL
    ),
    lines AS (
      SELECT b.*, i.id AS invoice_id, i.number, i.amount, i.due_date, i.seller_marked_paid_at,
             d.id AS debtor_id, d.country AS debtor_country, d.tax_id AS debtor_tax_id, d.name AS debtor_name,
             sum(i.amount) OVER (PARTITION BY b.id) AS base,
             row_number() OVER (PARTITION BY b.id ORDER BY i.amount DESC, ri.position, i.id) AS size_rank
        FROM book b JOIN request_invoices ri ON ri.request_id = b.id
        JOIN invoices i ON i.id = ri.invoice_id JOIN debtors d ON d.id = i.debtor_id
    ),
    floored AS (
      SELECT l.*, least(l.paid, l.base) * 100 AS paid_cents,
             div(least(l.paid, l.base) * l.amount * 100, l.base) AS floor_cents
        FROM lines l
    )
    SELECT f.funder_id, f.plane, f.id, f.invoice_id, f.request_ref, f.seller_id, f.stage, f.offered_until,
           f.number, f.amount,
           f.amount * 100 - (f.floor_cents + CASE
             WHEN f.size_rank <= f.paid_cents - sum(f.floor_cents) OVER (PARTITION BY f.id) THEN 1
             ELSE 0 END),
           f.due_date, f.seller_marked_paid_at, f.debtor_id, f.debtor_country, f.debtor_tax_id, f.debtor_name
      FROM floored f
  $$;
REVOKE ALL ON FUNCTION funder_exposure_lines_of(uuid[]) FROM PUBLIC;

-- Recomputes the lines of these requests, with the requests locked in key order (two writers of
-- overlapping sets cannot deadlock here). Set-wise: a statement touching many requests at once
-- recomputes them in one pass.
CREATE FUNCTION funder_exposure_refresh(requests uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF coalesce(cardinality(requests), 0) = 0 THEN
      RETURN;
    END IF;
    PERFORM 1 FROM funding_requests WHERE id = ANY(requests) ORDER BY id FOR NO KEY UPDATE;
    DELETE FROM funder_exposure_lines WHERE request_id = ANY(requests);
    INSERT INTO funder_exposure_lines SELECT * FROM funder_exposure_lines_of(requests);
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_refresh(uuid[]) FROM PUBLIC;

-- The triggers. Inserts and deletes fire once per statement, with the rows they made or took;
-- updates fire per row and only when a column the lines read changed.

-- Rows that name their request in request_id: offers, settlements, request_invoices.
CREATE FUNCTION funder_exposure_on_rows_added() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY(SELECT DISTINCT request_id FROM added));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_rows_added() FROM PUBLIC;
CREATE FUNCTION funder_exposure_on_rows_gone() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY(SELECT DISTINCT request_id FROM gone));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_rows_gone() FROM PUBLIC;
CREATE FUNCTION funder_exposure_on_row_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY(SELECT DISTINCT unnest(ARRAY[OLD.request_id, NEW.request_id])));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_row_changed() FROM PUBLIC;

CREATE TRIGGER funder_exposure_offers_added AFTER INSERT ON offers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_rows_added();
CREATE TRIGGER funder_exposure_offers_gone AFTER DELETE ON offers
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_rows_gone();
CREATE TRIGGER funder_exposure_offer_changed AFTER UPDATE OF status, expires_at, funder_id, request_id ON offers
  FOR EACH ROW WHEN ((OLD.status, OLD.expires_at, OLD.funder_id, OLD.request_id)
                     IS DISTINCT FROM (NEW.status, NEW.expires_at, NEW.funder_id, NEW.request_id))
  EXECUTE FUNCTION funder_exposure_on_row_changed();

CREATE TRIGGER funder_exposure_settlements_added AFTER INSERT ON settlements
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_rows_added();
CREATE TRIGGER funder_exposure_settlements_gone AFTER DELETE ON settlements
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_rows_gone();
CREATE TRIGGER funder_exposure_settlement_changed
  AFTER UPDATE OF amount, source, funder_id, plane, request_id ON settlements
  FOR EACH ROW WHEN ((OLD.amount, OLD.source, OLD.funder_id, OLD.plane, OLD.request_id)
                     IS DISTINCT FROM (NEW.amount, NEW.source, NEW.funder_id, NEW.plane, NEW.request_id))
  EXECUTE FUNCTION funder_exposure_on_row_changed();

CREATE TRIGGER funder_exposure_links_added AFTER INSERT ON request_invoices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_rows_added();
CREATE TRIGGER funder_exposure_links_gone AFTER DELETE ON request_invoices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_rows_gone();
CREATE TRIGGER funder_exposure_link_changed AFTER UPDATE OF request_id, invoice_id, position ON request_invoices
  FOR EACH ROW WHEN ((OLD.request_id, OLD.invoice_id, OLD.position) IS DISTINCT FROM (NEW.request_id, NEW.invoice_id, NEW.position))
  EXECUTE FUNCTION funder_exposure_on_row_changed();

-- Requests: made straight into a book stage, or moved between stages and funders.
CREATE FUNCTION funder_exposure_on_requests_added() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY(SELECT id FROM added
                                           WHERE status IN ('funded', 'accepted', 'approved', 'terms_sent')));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_requests_added() FROM PUBLIC;
CREATE TRIGGER funder_exposure_requests_added AFTER INSERT ON funding_requests
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION funder_exposure_on_requests_added();
CREATE FUNCTION funder_exposure_on_request_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY[NEW.id]);
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_request_changed() FROM PUBLIC;
CREATE TRIGGER funder_exposure_request_changed
  AFTER UPDATE OF status, funder_of_record_id, assigned_funder_id, accepted_offer_id, request_ref, seller_id, plane
  ON funding_requests
  FOR EACH ROW WHEN ((OLD.status, OLD.funder_of_record_id, OLD.assigned_funder_id, OLD.accepted_offer_id,
                      OLD.request_ref, OLD.seller_id, OLD.plane)
                     IS DISTINCT FROM (NEW.status, NEW.funder_of_record_id, NEW.assigned_funder_id,
                                       NEW.accepted_offer_id, NEW.request_ref, NEW.seller_id, NEW.plane))
  EXECUTE FUNCTION funder_exposure_on_request_changed();

-- An invoice's or a debtor's figures: the requests whose lines show it.
CREATE FUNCTION funder_exposure_on_invoice_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY(SELECT DISTINCT request_id FROM funder_exposure_lines
                                           WHERE invoice_id = NEW.id));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_invoice_changed() FROM PUBLIC;
CREATE TRIGGER funder_exposure_invoice_changed
  AFTER UPDATE OF amount, due_date, seller_marked_paid_at, debtor_id, number ON invoices
  FOR EACH ROW WHEN ((OLD.amount, OLD.due_date, OLD.seller_marked_paid_at, OLD.debtor_id, OLD.number)
                     IS DISTINCT FROM (NEW.amount, NEW.due_date, NEW.seller_marked_paid_at, NEW.debtor_id, NEW.number))
  EXECUTE FUNCTION funder_exposure_on_invoice_changed();
CREATE FUNCTION funder_exposure_on_debtor_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM funder_exposure_refresh(ARRAY(SELECT DISTINCT request_id FROM funder_exposure_lines
                                           WHERE debtor_id = NEW.id));
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION funder_exposure_on_debtor_changed() FROM PUBLIC;
CREATE TRIGGER funder_exposure_debtor_changed AFTER UPDATE OF name, country, tax_id ON debtors
  FOR EACH ROW WHEN ((OLD.name, OLD.country, OLD.tax_id) IS DISTINCT FROM (NEW.name, NEW.country, NEW.tax_id))
  EXECUTE FUNCTION funder_exposure_on_debtor_changed();

-- The lines of the requests there are.
SELECT funder_exposure_refresh(ARRAY(SELECT id FROM funding_requests
                                      WHERE status IN ('funded', 'accepted', 'approved', 'terms_sent')));
