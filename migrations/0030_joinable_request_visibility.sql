-- The request tables' policies, written so PostgreSQL evaluates the visibility rule once per
-- statement instead of once per row. Migration 0020 wrote them as correlated EXISTS subqueries:
-- for every row of a child table, a lookup of its request, and under that request's own policy
-- a lookup in request_funders. Here each rule is an uncorrelated `IN (SELECT ...)`: the set of
-- the caller's visible requests is computed once (a hashed subplan) and each row is a probe.
-- Who sees what does not change (docs/security.md); test/row-security.test.ts checks it.

-- The requests a funder acted on, found from the funder's side.
CREATE INDEX request_funders_acted ON request_funders (funder_id, plane, request_id)
  WHERE acted_at IS NOT NULL;

-- A request: on the caller's plane, and routed to the caller now or acted on by it.
ALTER POLICY funder_rows ON funding_requests
  USING (plane = funder_api_plane() AND (
    assigned_funder_id = funder_api_funder_id()
    OR id IN (SELECT rf.request_id FROM request_funders rf
               WHERE rf.funder_id = funder_api_funder_id() AND rf.plane = funder_api_plane()
                 AND rf.acted_at IS NOT NULL)));

-- Children of a request: their request is visible (the subquery is filtered by the policy above).
ALTER POLICY funder_rows ON request_invoices
  USING (request_id IN (SELECT r.id FROM funding_requests r))
  WITH CHECK (request_id IN (SELECT r.id FROM funding_requests r));
ALTER POLICY sandbox_rows ON request_invoices
  USING (request_id IN (SELECT r.id FROM funding_requests r))
  WITH CHECK (request_id IN (SELECT r.id FROM funding_requests r));
ALTER POLICY funder_rows ON request_history
  USING (plane = funder_api_plane() AND request_id IN (SELECT r.id FROM funding_requests r));
ALTER POLICY funder_rows ON debtor_notices
  USING (plane = funder_api_plane() AND request_id IN (SELECT r.id FROM funding_requests r));
ALTER POLICY funder_rows ON risk_signals
  USING (plane = funder_api_plane() AND request_id IN (SELECT r.id FROM funding_requests r));
ALTER POLICY funder_rows ON disputes
  USING (plane = funder_api_plane() AND request_id IN (SELECT r.id FROM funding_requests r));
