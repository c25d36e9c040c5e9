-- What the export reads to start from the funder's own rows (docs/decisions/exports.md, "Every
-- entity starts from the funder's own rows"). Each entity of an export filtered the whole plane
-- with the visibility rule (routed to the funder now, or acted on by it), so a funder seeing
-- 50,000 requests on a plane of a million waited on the million (bench/README.md, "Exports").
-- The rule is already kept row by row in funder_request_visibility (migration 0059); here the
-- requests area publishes it to the exports area, and the deal-file entries, whose rows belong to
-- one funder each but come one or more per request, get an index that starts with the funder.
-- (The offers got none: at a funder's share of a plane's offers the planner scans the table.)

-- requests: the requests (and their sellers) a funder sees on a plane, one row per reason.
CREATE VIEW funder_request_visibility_read WITH (security_invoker = true) AS
  SELECT plane, funder_id, request_id, seller_id FROM funder_request_visibility;
REVOKE ALL ON funder_request_visibility_read FROM PUBLIC, funder_api_funder, funder_api_sandbox, funder_api_operator;
GRANT SELECT ON funder_request_visibility_read TO funder_api_funder, funder_api_sandbox, funder_api_operator;

-- A funder's deal-file entries in id order, the export's order.
CREATE INDEX deal_file_entries_funder ON deal_file_entries (funder_id, plane, id);
