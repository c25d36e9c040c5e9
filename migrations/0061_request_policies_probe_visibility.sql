-- The request policy and the policies of the tables hanging from a request (its invoice links,
-- history, debtor notices, risk signals, disputes) probe the funder's visibility rows of
-- migration 0059 by key instead of evaluating the rule on the request. Before, a request row
-- was checked by its assignment or a hashed read of every request the funder acted on (built
-- again in each place of a statement where funding_requests is read), and a child row by a
-- lookup of its request through that policy: an index lookup and the whole rule per child row.
-- Now each is one probe of funder_request_visibility's primary key (funder_id, request_id).
--
-- The rule does not change (docs/security.md, section 1): a funder_request_visibility row of
-- the funder on its plane exists exactly while the request is on that plane and routed to the
-- funder now or acted on by it (migration 0059 keeps it in the transaction of the write);
-- test/funder-visibility.test.ts and test/row-security.test.ts check the rows each role sees.
-- Only the USING clauses change: what a funder may write (WITH CHECK) stays as it was, so a
-- write is never judged against visibility rows its own statement's triggers have yet to write.
-- The sandbox and operator policies do not change.
ALTER POLICY funder_rows ON funding_requests
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_request_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.request_id = funding_requests.id
       AND v.plane = funder_api_plane()));

ALTER POLICY funder_rows ON request_invoices
  USING (EXISTS (
    SELECT 1 FROM funder_request_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.request_id = request_invoices.request_id
       AND v.plane = funder_api_plane()));

ALTER POLICY funder_rows ON request_history
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_request_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.request_id = request_history.request_id
       AND v.plane = funder_api_plane()));

ALTER POLICY funder_rows ON debtor_notices
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_request_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.request_id = debtor_notices.request_id
       AND v.plane = funder_api_plane()));

ALTER POLICY funder_rows ON risk_signals
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_request_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.request_id = risk_signals.request_id
       AND v.plane = funder_api_plane()));

ALTER POLICY funder_rows ON disputes
  USING (plane = funder_api_plane() AND EXISTS (
    SELECT 1 FROM funder_request_visibility v
     WHERE v.funder_id = funder_api_funder_id() AND v.request_id = disputes.request_id
       AND v.plane = funder_api_plane()));
