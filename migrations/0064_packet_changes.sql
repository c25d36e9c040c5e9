-- Change marks for the request packet (GET /v1/requests/{id}) kept between calls (issue 26,
-- docs/decisions/platform.md, "Kept answers and their change marks"; migration 0063 for how the
-- marks work).
--
-- Beyond what the request list shows (marked by 0063), a packet shows the request's risk view
-- (its fraud signals and disputes) and its seller's latest stored score. A packet whose score is
-- computed on the spot is never kept (requests.service.ts): it reads every invoice and dispute of
-- the seller, and is of its moment.

-- A seller's stored scores: the funders that see a request of the seller.
CREATE FUNCTION read_changes_on_seller_rows() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM read_changes_mark_requests(ARRAY(
        SELECT r.id FROM funding_requests r WHERE r.seller_id IN (SELECT seller_id FROM new_rows)));
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      PERFORM read_changes_mark_requests(ARRAY(
        SELECT r.id FROM funding_requests r WHERE r.seller_id IN (SELECT seller_id FROM old_rows)));
    END IF;
    RETURN NULL;
  END
  $$;
REVOKE ALL ON FUNCTION read_changes_on_seller_rows() FROM PUBLIC;

CREATE TRIGGER read_changes_signals_added AFTER INSERT ON risk_signals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_signals_changed AFTER UPDATE ON risk_signals
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_signals_gone AFTER DELETE ON risk_signals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();

CREATE TRIGGER read_changes_disputes_added AFTER INSERT ON disputes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_disputes_changed AFTER UPDATE ON disputes
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();
CREATE TRIGGER read_changes_disputes_gone AFTER DELETE ON disputes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_request_rows();

CREATE TRIGGER read_changes_scores_added AFTER INSERT ON seller_scores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_seller_rows();
CREATE TRIGGER read_changes_scores_changed AFTER UPDATE ON seller_scores
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_seller_rows();
CREATE TRIGGER read_changes_scores_gone AFTER DELETE ON seller_scores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_on_seller_rows();
