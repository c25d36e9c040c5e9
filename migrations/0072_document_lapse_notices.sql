-- The lapses of a required document already told to a funder (docs/decisions/documents.md,
-- "A required document that is provided or lapses is an event").
--
-- A document's validity ends on a date, and nothing writes anything on that date: the lapse is
-- only seen when something reads it. The documents area's hourly job finds the current verified
-- documents past their `valid_until` that a funder requires of a seller with a request routed to
-- it, and tells that funder once (`document.lapsed`). One row here per document and funder told,
-- written in the same transaction as the events: a second run, or a second worker at the same
-- time, finds the row (or waits on it and then conflicts) and emits nothing.
CREATE TABLE document_lapse_notices (
  document_id uuid NOT NULL REFERENCES seller_documents (id),
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  -- the document's valid_until: the last day it counted
  valid_until date NOT NULL,
  noticed_at timestamptz NOT NULL,
  PRIMARY KEY (document_id, funder_id)
);

-- Row security: a funder's own rows, read only for its keys; only the worker (the operator role)
-- writes them.
SELECT apply_funder_scope_policies('document_lapse_notices', funder_writes => false);

-- The job's hourly read: verified documents by the day their validity ends.
CREATE INDEX seller_documents_verified_until ON seller_documents (valid_until) WHERE status = 'verified';
