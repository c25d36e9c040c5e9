-- A funder's call sees the documents of the sellers of its own requests, not every seller's of
-- its plane. Migration 0020 gave the funder role every seller document of the plane (and, through
-- them, every document file); what the funder-facing code reads of them is narrower: the
-- documents of the seller of a request visible to the funder (the request's documents, the deal
-- file, the seller_documents export). That is now the rule, so a read without its filter cannot
-- reach another funder's sellers' documents. docs/security.md states it.
--
-- "A request visible to the funder" is the request policy itself: the subquery on
-- funding_requests is filtered by it (on the caller's plane; routed to the caller now, or acted
-- on by it). The lookup is correlated on the seller and served by funding_requests_seller.
--
-- document_files needs no change of its own: its funder policy asks that a seller document of
-- its plane points to the file, and that subquery is filtered by the policy below, so a funder
-- now reads only the files of the documents it sees.
--
-- The funder role writes no seller document (the operations team and the sandbox helpers
-- upload and verify them); its WITH CHECK is the same rule. The sandbox and operator policies
-- do not change.
ALTER POLICY funder_rows ON seller_documents
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funding_requests r WHERE r.seller_id = seller_documents.seller_id))
  WITH CHECK (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funding_requests r WHERE r.seller_id = seller_documents.seller_id));
