-- A funder's call sees only the companies and invoices it already has business with, not every
-- seller, debtor and invoice of its plane. Migration 0020 held sellers, debtors and invoices by
-- plane only; what the funder-facing code reads of them is narrower, and that is now the rule
-- (docs/security.md, section 1):
--
--   invoices  an invoice of a request visible to the funder (through request_invoices, whose
--             policy is the request's), or the invoice of one of the funder's early payments;
--   debtors   the debtor of an invoice the funder sees (the rule above);
--   sellers   the seller of a request visible to the funder, its client, a seller in its seller
--             limit book or with its programme terms, or the seller of an invoice of one of its
--             early payments.
--
-- Each subquery is filtered by its own table's policy (the caller's funder and plane), and none
-- of those policies reads sellers, debtors or invoices back, so no policy loops. The lookups are
-- correlated on indexed columns: request_invoices_invoice, early_payments_one_per_invoice,
-- invoices_debtor, funding_requests_seller, funder_clients' key, the unique keys of seller_limits
-- and programme_company_terms.
--
-- The funder role writes none of these rows (the operations team, the worker and the sandbox
-- helpers make and change them); its WITH CHECK is the same rule, as for seller documents.
-- The sandbox role's helpers play the sellers and debtors of the demonstration plane, making
-- and finding them by tax id: their policies do not change. The operator's do not change.
ALTER POLICY funder_rows ON invoices
  USING (plane = funder_api_plane() AND (
    EXISTS (SELECT 1 FROM request_invoices ri WHERE ri.invoice_id = invoices.id)
    OR EXISTS (SELECT 1 FROM early_payments e WHERE e.invoice_id = invoices.id)))
  WITH CHECK (plane = funder_api_plane() AND (
    EXISTS (SELECT 1 FROM request_invoices ri WHERE ri.invoice_id = invoices.id)
    OR EXISTS (SELECT 1 FROM early_payments e WHERE e.invoice_id = invoices.id)));

ALTER POLICY funder_rows ON debtors
  USING (plane = funder_api_plane() AND EXISTS (SELECT 1 FROM invoices i WHERE i.debtor_id = debtors.id))
  WITH CHECK (plane = funder_api_plane() AND EXISTS (SELECT 1 FROM invoices i WHERE i.debtor_id = debtors.id));

ALTER POLICY funder_rows ON sellers
  USING (plane = funder_api_plane() AND (
    EXISTS (SELECT 1 FROM funding_requests r WHERE r.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM funder_clients c WHERE c.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM seller_limits l WHERE l.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM programme_company_terms t WHERE t.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM early_payments e JOIN invoices i ON i.id = e.invoice_id
                WHERE i.seller_id = sellers.id)))
  WITH CHECK (plane = funder_api_plane() AND (
    EXISTS (SELECT 1 FROM funding_requests r WHERE r.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM funder_clients c WHERE c.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM seller_limits l WHERE l.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM programme_company_terms t WHERE t.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM early_payments e JOIN invoices i ON i.id = e.invoice_id
                WHERE i.seller_id = sellers.id)));

-- Two figures shown to a funder count every invoice of a seller on the plane, whoever finances
-- them: the seller score's invoice history and the seller–debtor figures of a request's debtors.
-- They are read through the two functions below, which run as the tables' owner. Each takes the
-- plane and the funder from the transaction's settings (never from an argument), answers only
-- for a seller or request the caller can see (the request visibility rule, as the request
-- policy states it), and answers counts, sums and dates of the seller's own invoicing only:
-- never a row, a name, an invoice or a funder. Nothing is answered otherwise (no row).

-- A request the caller can see: on its plane, routed to it now or acted on by it.
CREATE FUNCTION funder_api_request_visible(r funding_requests) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT r.plane = funder_api_plane() AND (
      r.assigned_funder_id = funder_api_funder_id()
      OR EXISTS (SELECT 1 FROM request_funders rf
                  WHERE rf.request_id = r.id AND rf.funder_id = funder_api_funder_id()
                    AND rf.acted_at IS NOT NULL))
  $$;
REVOKE ALL ON FUNCTION funder_api_request_visible(funding_requests) FROM PUBLIC;

-- The seller score's invoice history: the seller's invoices issued in (window_from, window_to],
-- counted with their active months and the first issue date. Only for the seller of a request
-- the caller can see.
CREATE FUNCTION seller_invoice_history(seller uuid, window_from date, window_to date)
  RETURNS TABLE (invoices integer, active_months integer, first_invoice text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT count(i.id)::integer, count(DISTINCT date_trunc('month', i.issue_date))::integer,
           min(i.issue_date)::text
      FROM invoices i
     WHERE i.seller_id = seller AND i.plane = funder_api_plane()
       AND i.issue_date > window_from AND i.issue_date <= window_to
    HAVING EXISTS (SELECT 1 FROM funding_requests r
                    WHERE r.seller_id = seller AND funder_api_request_visible(r))
  $$;
REVOKE ALL ON FUNCTION seller_invoice_history(uuid, date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION seller_invoice_history(uuid, date, date) TO funder_api_funder, funder_api_sandbox;

-- The seller–debtor figures of a request's debtors: for each distinct debtor of the request's
-- invoices, the request's seller's invoices to it issued from window_from to today, with what
-- its own books marked paid (the Madrid date of its paid flag), and that debtor's share of all
-- the seller's invoicing in the window. Only for a request the caller can see.
CREATE FUNCTION request_debtor_figures(request uuid, window_from date, today date)
  RETURNS TABLE (
    debtor_id uuid, invoices integer, settled integer, open integer, overdue integer,
    with_due_date integer, first_invoice text, last_invoice text, avg_days_to_pay text,
    median_days_to_pay text, on_time_pct text, share_of_sales_pct text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    WITH asked AS (
      SELECT r.id, r.seller_id, r.plane FROM funding_requests r
       WHERE r.id = request AND funder_api_request_visible(r)
    ),
    request_debtors AS (
      SELECT DISTINCT i.debtor_id FROM asked a
        JOIN request_invoices ri ON ri.request_id = a.id
        JOIN invoices i ON i.id = ri.invoice_id
    ),
    window_invoices AS (
      SELECT i.debtor_id, i.amount, i.issue_date, i.due_date,
             (i.seller_marked_paid_at AT TIME ZONE 'Europe/Madrid')::date AS paid_date
        FROM asked a JOIN invoices i ON i.seller_id = a.seller_id AND i.plane = a.plane
       WHERE i.issue_date >= window_from AND i.issue_date <= today
    ),
    seller_total AS (SELECT sum(amount) AS amount FROM window_invoices)
    SELECT d.debtor_id,
           count(w.debtor_id)::integer,
           (count(*) FILTER (WHERE w.paid_date IS NOT NULL))::integer,
           (count(*) FILTER (WHERE w.debtor_id IS NOT NULL AND w.paid_date IS NULL))::integer,
           (count(*) FILTER (WHERE w.paid_date IS NULL AND w.due_date < today))::integer,
           (count(*) FILTER (WHERE w.due_date IS NOT NULL))::integer,
           min(w.issue_date)::text,
           max(w.issue_date)::text,
           round(avg(w.paid_date - w.issue_date), 1)::text,
           round((percentile_cont(0.5) WITHIN GROUP (ORDER BY w.paid_date - w.issue_date))::numeric, 1)::text,
           round(100.0 * count(*) FILTER (WHERE w.paid_date <= w.due_date)
                 / nullif(count(*) FILTER (WHERE w.due_date IS NOT NULL
                                            AND (w.paid_date IS NOT NULL OR w.due_date < today)), 0), 1)::text,
           round(100.0 * sum(w.amount) / nullif((SELECT amount FROM seller_total), 0), 2)::text
      FROM request_debtors d
      LEFT JOIN window_invoices w ON w.debtor_id = d.debtor_id
     GROUP BY d.debtor_id
  $$;
REVOKE ALL ON FUNCTION request_debtor_figures(uuid, date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION request_debtor_figures(uuid, date, date) TO funder_api_funder, funder_api_sandbox;
