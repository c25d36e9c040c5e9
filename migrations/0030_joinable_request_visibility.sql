-- The request policy, written so PostgreSQL evaluates the "acted on" half of the visibility rule
-- once per statement instead of once per row. Migration 0020 wrote it as a correlated EXISTS
-- over request_funders, evaluated for every request row (and, through the child tables'
-- policies, for every child row's request). Here it is an uncorrelated `IN (SELECT ...)`: the
-- funder's acted-on requests are read once (a hashed subplan, from the index below) and each
-- row is a probe. The child tables keep their correlated lookup of the request by its key:
-- turning those into `IN (SELECT id FROM funding_requests)` as well read the funder's whole
-- visible set for every statement and measured slower (bench/README.md). Who sees what does not
-- change (docs/security.md); test/row-security.test.ts checks it.

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
