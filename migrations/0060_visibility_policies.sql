-- The policies of invoices, debtors and sellers (migration 0048) read the funder's visibility
-- tables of migration 0059 by index instead of walking invoices and requests row by row. The
-- rule does not change (docs/security.md, section 1; test/funder-visibility.test.ts compares
-- the rows each role sees with the old rule's):
--
--   invoices  an invoice of a request visible to the funder, or of one of its early payments:
--             a funder_invoice_visibility row of the funder on the plane for the invoice
--             (index funder_invoice_visibility_invoice);
--   debtors   the debtor of such an invoice (funder_invoice_visibility_debtor);
--   sellers   the seller of a visible request (funder_request_visibility_seller), its client, in
--             its seller limit book or programme terms (as before), or the seller of an invoice
--             of one of its early payments (funder_invoice_visibility_early_seller).
--
-- The visibility tables' own policies hold the funder role to its own rows on its plane, and
-- read no other table: no policy loops. The sandbox and operator policies do not change.
ALTER POLICY funder_rows ON invoices
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_invoice_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
       AND v.invoice_id = invoices.id))
  WITH CHECK (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_invoice_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
       AND v.invoice_id = invoices.id));

ALTER POLICY funder_rows ON debtors
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_invoice_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
       AND v.debtor_id = debtors.id))
  WITH CHECK (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_invoice_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
       AND v.debtor_id = debtors.id));

ALTER POLICY funder_rows ON sellers
  USING (plane = funder_api_plane() AND (
    EXISTS (SELECT 1 FROM funder_request_visibility v
             WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
               AND v.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM funder_clients c WHERE c.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM seller_limits l WHERE l.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM programme_company_terms t WHERE t.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM funder_invoice_visibility v
                WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
                  AND v.seller_id = sellers.id AND v.early_payment_id IS NOT NULL)))
  WITH CHECK (plane = funder_api_plane() AND (
    EXISTS (SELECT 1 FROM funder_request_visibility v
             WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
               AND v.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM funder_clients c WHERE c.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM seller_limits l WHERE l.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM programme_company_terms t WHERE t.seller_id = sellers.id)
    OR EXISTS (SELECT 1 FROM funder_invoice_visibility v
                WHERE v.funder_id = funder_api_funder_id() AND v.plane = funder_api_plane()
                  AND v.seller_id = sellers.id AND v.early_payment_id IS NOT NULL)));
