-- The reading faces of the tables other areas read (docs/architecture.md, "Tables and their
-- owners"; docs/decisions/isolation.md, "Another area reads a table through its owner's view").
--
-- Each table has one owner area (or the platform); only the owner's code writes it. An area
-- that reads another's table reads the view the owner keeps for it here, never the table:
--   <table>_read   the rows of <table>, every row, the columns other areas read and no other.
-- A view is one table and a column list, nothing joined, filtered or computed, so the planner
-- puts the table in its place and a read keeps the plan and indexes it had. Each is created
-- `security_invoker`: the caller's rights and the table's row-level security apply to whoever
-- reads through it, exactly as on the table itself (without it a view reads with the rights of
-- its owner, the role that migrates, which sees every row). A view is read only:
-- the policy roles may select from it and nothing else, whatever the default privileges of
-- migration 0020 gave it.
--
-- A column an area starts to read is added to its view by a later migration (CREATE OR REPLACE
-- VIEW may add columns at the end); a column a view publishes cannot be dropped from its table
-- while the view names it.

-- account
CREATE VIEW funders_read WITH (security_invoker = true) AS
  SELECT id, name, environment, status, is_demonstration, created_at FROM funders;
-- never the key's hash, its rate limits or who issued it
CREATE VIEW api_keys_read WITH (security_invoker = true) AS
  SELECT id, funder_id, name, prefix, scopes, created_at, expires_at, revoked_at, revoked_reason
    FROM api_keys;

-- clients
CREATE VIEW funder_clients_read WITH (security_invoker = true) AS
  SELECT seller_id, funder_id, plane, left_at FROM funder_clients;

-- decisions
CREATE VIEW funding_gate_refusals_read WITH (security_invoker = true) AS
  SELECT id, funder_id, plane, request_id, gates, detail, actor, key_id, refused_at
    FROM funding_gate_refusals;

-- documents
CREATE VIEW document_catalogue_read WITH (security_invoker = true) AS
  SELECT code, names, issuer, usual_validity_days, sensitivity, countries FROM document_catalogue;
CREATE VIEW seller_documents_read WITH (security_invoker = true) AS
  SELECT id, plane, seller_id, code, file_name, sha256, issued_on, valid_until, status, verified_at,
         verification_method, uploaded_at
    FROM seller_documents;
CREATE VIEW deal_file_entries_read WITH (security_invoker = true) AS
  SELECT id, plane, request_id, funder_id, stage, document_id, code, file_name, sha256, issued_on,
         valid_until, verified_at, verification_method, recorded_at
    FROM deal_file_entries;
-- never the link's token hash
CREATE VIEW document_url_log_read WITH (security_invoker = true) AS
  SELECT id, plane, document_id, request_id, funder_id, key_id, issued_at, expires_at, downloads,
         last_download_at
    FROM document_url_log;

-- early-payments
CREATE VIEW early_payments_read WITH (security_invoker = true) AS
  SELECT id, plane, funder_id, invoice_id, amount_due, maturity_date, status, repaid_amount
    FROM early_payments;

-- limits
CREATE VIEW credit_limits_read WITH (security_invoker = true) AS
  SELECT id, funder_id, plane, debtor_country, debtor_tax_id, debtor_name, amount, status, source,
         source_ref, note, decided_at, created_at, updated_at
    FROM credit_limits;
CREATE VIEW credit_limit_history_read WITH (security_invoker = true) AS
  SELECT id, limit_id, funder_id, plane, debtor_country, debtor_tax_id, from_amount, from_status,
         to_amount, to_status, to_note, source, source_ref, actor, changed_at
    FROM credit_limit_history;
CREATE VIEW seller_limits_read WITH (security_invoker = true) AS
  SELECT id, funder_id, plane, seller_id, amount, status, source, source_ref, note, decided_at,
         created_at, updated_at
    FROM seller_limits;
CREATE VIEW seller_limit_history_read WITH (security_invoker = true) AS
  SELECT id, limit_id, funder_id, plane, seller_id, from_amount, from_status, to_amount, to_status,
         to_note, source, source_ref, actor, changed_at
    FROM seller_limit_history;

-- parties (never a seller's e-mail address)
CREATE VIEW sellers_read WITH (security_invoker = true) AS
  SELECT id, plane, name, tax_id, country, verification_status, verification_lapses_on, founded_on,
         annual_revenue, employees, sector, created_at
    FROM sellers;
CREATE VIEW debtors_read WITH (security_invoker = true) AS
  SELECT id, plane, name, tax_id, country, is_public_body, notice_address, created_at FROM debtors;
CREATE VIEW invoices_read WITH (security_invoker = true) AS
  SELECT id, plane, seller_id, debtor_id, number, amount, currency, issue_date, due_date, source,
         seller_marked_paid_at, created_at
    FROM invoices;
CREATE VIEW seller_scores_read WITH (security_invoker = true) AS
  SELECT seller_id, grade, computed_at FROM seller_scores;

-- platform
CREATE VIEW evidence_entries_read WITH (security_invoker = true) AS
  SELECT seq, id, funder_id, plane, actor, kind, subject_type, subject_id, payload, recorded_at, day,
         prev_hash, hash
    FROM evidence_entries;
CREATE VIEW evidence_day_roots_read WITH (security_invoker = true) AS
  SELECT day, first_seq, last_seq, entry_count, root_hash, computed_at FROM evidence_day_roots;
-- whether an event was fanned out is the platform's business (TAKE_UNDISPATCHED)
CREATE VIEW outbox_events_read WITH (security_invoker = true) AS
  SELECT id, seq, funder_id, plane, type, api_version, payload, created_at, key_id, traceparent
    FROM outbox_events;

-- recourse
CREATE VIEW recourse_claims_read WITH (security_invoker = true) AS
  SELECT id, plane, funder_id, request_id, kind, status, due_date, recourse_days, opens_on,
         amount_advanced, fees, collected, claim_amount, paid_since_opened, pay_to_iban, pay_reference,
         opened_at, closed_at, settled_by, close_reason
    FROM recourse_claims;

-- requests
CREATE VIEW funding_requests_read WITH (security_invoker = true) AS
  SELECT id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
         assigned_funder_id, consent_level_required, programme_terms, routed_at, accepted_offer_id,
         approved_at, funder_of_record_id, funded_at, funded_value_date, funded_reference,
         funded_amount, settled_amount, settled_at, closed_at, close_reason, close_note, created_at,
         updated_at, disclosure, sandbox_key_id, sandbox_offset_days
    FROM funding_requests;
CREATE VIEW request_invoices_read WITH (security_invoker = true) AS
  SELECT request_id, invoice_id, position FROM request_invoices;
CREATE VIEW request_funders_read WITH (security_invoker = true) AS
  SELECT request_id, funder_id, acted_at FROM request_funders;
CREATE VIEW request_history_read WITH (security_invoker = true) AS
  SELECT id, request_id, plane, from_status, to_status, trigger, actor, at FROM request_history;
CREATE VIEW offers_read WITH (security_invoker = true) AS
  SELECT id, plane, request_id, funder_id, key_id, rate, advance_pct, days, advance_amount, notes,
         valid_days, status, submitted_at, expires_at, accepted_at, closed_at
    FROM offers;
CREATE VIEW risk_signals_read WITH (security_invoker = true) AS
  SELECT id, plane, request_id, invoice_id, code, severity, hard, status, detail, raised_at,
         reviewed_at, review_note
    FROM risk_signals;
CREATE VIEW disputes_read WITH (security_invoker = true) AS
  SELECT id, plane, request_id, debtor_id, invoice_id, raised_by, reason, status, raised_at,
         resolved_at, resolution
    FROM disputes;
CREATE VIEW debtor_notices_read WITH (security_invoker = true) AS
  SELECT id, plane, request_id, debtor_id, status, level_required, level_achieved, channel,
         declaration_text_id, declaration_text, declaration_counsel_approved, signer_name,
         signer_role, signer_email, dispute_reason, answered_at, created_at, subject, html, language,
         governing_law, sha256, names_funder_id, covers, prepared_at, sending, sending_queued_at
    FROM debtor_notices;
CREATE VIEW settlements_read WITH (security_invoker = true) AS
  SELECT id, plane, request_id, funder_id, amount, received_at, reference, note, final, source,
         recorded_at
    FROM settlements;
CREATE VIEW funder_invoice_visibility_read WITH (security_invoker = true) AS
  SELECT plane, funder_id, debtor_id, request_id FROM funder_invoice_visibility;

-- settings
CREATE VIEW funder_settings_read WITH (security_invoker = true) AS
  SELECT funder_id, plane, debtor_consent_level, require_counsel_approved_texts, listed_buyers_only,
         offer_validity_days, updated_at
    FROM funder_settings;
CREATE VIEW funder_listed_buyers_read WITH (security_invoker = true) AS
  SELECT funder_id, plane, country, tax_id, added_at FROM funder_listed_buyers;
CREATE VIEW funder_required_documents_read WITH (security_invoker = true) AS
  SELECT funder_id, plane, country, codes, note, updated_at FROM funder_required_documents;

-- statements
CREATE VIEW statements_read WITH (security_invoker = true) AS
  SELECT id, plane, funder_id, key_id, kind, version, file_name, sha256, size_bytes, account_iban,
         account_currency, line_count, matched_count, total_credited, total_debited,
         first_booking_date, last_booking_date, imported_at
    FROM statements;
CREATE VIEW statement_lines_read WITH (security_invoker = true) AS
  SELECT statement_id, line, plane, funder_id, booking_date, value_date, direction, reversal, amount,
         currency, bank_reference, end_to_end_id, remittance_text, counterparty_name,
         counterparty_iban, match_request_id, match_method, confirmed_at, confirmed_request_id,
         settlement_id
    FROM statement_lines;

-- webhooks (never a secret, nor the key that made the endpoint)
CREATE VIEW webhook_endpoints_read WITH (security_invoker = true) AS
  SELECT id, funder_id, plane, url, description, events, active, created_at, last_success_at,
         failing_since, stopped_at, stopped_reason
    FROM webhook_endpoints;

-- Read only, for the three policy roles (every table gives them SELECT; row-level security then
-- decides the rows, through the view as on the table).
DO $$
DECLARE
  view_name text;
BEGIN
  FOR view_name IN
    SELECT c.relname FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'v' AND c.relname LIKE '%\_read'
  LOOP
    EXECUTE format('REVOKE ALL ON %I FROM PUBLIC, funder_api_funder, funder_api_sandbox, funder_api_operator',
      view_name);
    EXECUTE format('GRANT SELECT ON %I TO funder_api_funder, funder_api_sandbox, funder_api_operator', view_name);
  END LOOP;
END
$$;
