-- The assignment registry: whether an invoice is already assigned to a funder of the service.
-- An invoice is assigned while a request it belongs to is funded (from funding to settlement);
-- that is read from the requests themselves, so the registry can never disagree with them.
-- A funder may ask about any invoice of its plane, and learns only yes or no: the answer comes
-- from a function that runs as the tables' owner and returns one boolean per question, never a
-- row (docs/decisions/registry.md).

-- Invoice numbers compared as the registry compares them: capitals, without spaces, dots,
-- dashes and slashes ("FV-2026/001" and "fv 2026 001" are one number).
CREATE FUNCTION registry_invoice_number(number text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT upper(regexp_replace(number, '[\s./-]+', '', 'g')) $$;

CREATE INDEX invoices_registry_number ON invoices (seller_id, registry_invoice_number(number));

-- Whether the registry answers on a plane. The demonstration plane always answers; the live
-- plane answers once the operations team opens it.
CREATE TABLE registry_planes (
  plane text PRIMARY KEY CHECK (plane IN ('live', 'demo')),
  open boolean NOT NULL,
  reason text,
  changed_at timestamptz NOT NULL
);

-- Every look-up a funder made: how many invoices it asked about and how many were assigned,
-- with the SHA-256 of what it asked (the same digest is on the evidence chain).
CREATE TABLE registry_lookups (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  key_id uuid,
  invoices integer NOT NULL CHECK (invoices BETWEEN 1 AND 500),
  assigned integer NOT NULL CHECK (assigned BETWEEN 0 AND invoices),
  query_sha256 text NOT NULL,
  looked_up_at timestamptz NOT NULL
);
CREATE INDEX registry_lookups_funder ON registry_lookups (funder_id, plane, looked_up_at DESC);

ALTER TABLE registry_planes ENABLE ROW LEVEL SECURITY;
ALTER TABLE registry_planes FORCE ROW LEVEL SECURITY;
-- A funder reads whether its own plane's registry is open; only the operator changes it.
CREATE POLICY funder_rows ON registry_planes TO funder_api_funder
  USING (plane = funder_api_plane()) WITH CHECK (false);
CREATE POLICY sandbox_rows ON registry_planes TO funder_api_sandbox
  USING (plane = 'demo') WITH CHECK (false);
CREATE POLICY operator_rows ON registry_planes TO funder_api_operator USING (true) WITH CHECK (true);

ALTER TABLE registry_lookups ENABLE ROW LEVEL SECURITY;
ALTER TABLE registry_lookups FORCE ROW LEVEL SECURITY;
CREATE POLICY funder_rows ON registry_lookups TO funder_api_funder
  USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane());
CREATE POLICY sandbox_rows ON registry_lookups TO funder_api_sandbox
  USING (funder_id = funder_api_funder_id() AND plane = 'demo');
CREATE POLICY operator_rows ON registry_lookups TO funder_api_operator USING (true) WITH CHECK (true);

DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('CREATE POLICY connecting_role_rows ON registry_planes TO %I USING (true) WITH CHECK (true)',
      current_user);
    EXECUTE format('CREATE POLICY connecting_role_rows ON registry_lookups TO %I USING (true) WITH CHECK (true)',
      current_user);
  END IF;
END
$$;

-- The one question the registry answers, for a batch of invoices on the caller's plane (taken
-- from the transaction's setting, never from an argument): for each, whether a request holding
-- an invoice with that seller, debtor and number (and the date and amount, where given) is
-- funded now. It returns the questions' positions and booleans only.
CREATE FUNCTION registry_assigned(
  seller_countries text[], seller_tax_ids text[], debtor_countries text[], debtor_tax_ids text[],
  numbers text[], issue_dates date[], amounts numeric[]
) RETURNS TABLE (ord integer, assigned boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT q.ord::integer, EXISTS (
      SELECT 1
        FROM sellers s
        JOIN invoices i ON i.seller_id = s.id
         AND registry_invoice_number(i.number) = registry_invoice_number(q.number)
        JOIN debtors d ON d.id = i.debtor_id
        JOIN request_invoices ri ON ri.invoice_id = i.id
        JOIN funding_requests r ON r.id = ri.request_id
       WHERE s.plane = funder_api_plane()
         AND s.country = q.seller_country AND s.tax_id = q.seller_tax_id
         AND d.country = q.debtor_country AND d.tax_id = q.debtor_tax_id
         AND r.status = 'funded'
         AND (q.issue_date IS NULL OR i.issue_date = q.issue_date)
         AND (q.amount IS NULL OR i.amount = q.amount)
    )
    FROM unnest(seller_countries, seller_tax_ids, debtor_countries, debtor_tax_ids, numbers,
                issue_dates, amounts)
      WITH ORDINALITY AS q (seller_country, seller_tax_id, debtor_country, debtor_tax_id, number,
                            issue_date, amount, ord)
    ORDER BY q.ord
  $$;
REVOKE ALL ON FUNCTION registry_assigned(text[], text[], text[], text[], text[], date[], numeric[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION registry_assigned(text[], text[], text[], text[], text[], date[], numeric[])
  TO funder_api_funder, funder_api_sandbox;
