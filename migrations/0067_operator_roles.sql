-- Operators' roles, who issued each token, and an index for reading what an operator did
-- (docs/decisions/ops.md, "Operator roles" and "Tokens bound to their issuer").
--
-- A role is one of three fixed sets of operations: `auditor` reads, `support` also plays the
-- other parties and runs demonstration operations, `admin` does everything. Operators issued
-- before roles existed could do everything, and keep doing so: the default is `admin`, and an
-- operations team narrows them by issuing new ones and revoking the old.
ALTER TABLE operators ADD COLUMN role text NOT NULL DEFAULT 'admin'
  CHECK (role IN ('admin', 'support', 'auditor'));

-- Who issued the token: `issued_by_id` is the issuing operator's row (null when the bootstrap
-- operator or the command line on the database issued it), `issued_by` its name as it was then
-- (`bootstrap`, `cli`, or a named operator's). Revoking an operator revokes, in the same
-- transaction, every operator whose chain of issuers leads to it. Rows issued before this
-- migration name no issuer.
ALTER TABLE operators ADD COLUMN issued_by_id uuid REFERENCES operators (id);
ALTER TABLE operators ADD COLUMN issued_by text;
CREATE INDEX operators_issued_by ON operators (issued_by_id) WHERE issued_by_id IS NOT NULL;

-- Who issued each API key: the operator's name as it was then (`bootstrap`, `cli`, a named
-- operator's), or null for keys issued before this migration and for those the service makes
-- itself (the demonstration plane's sandbox key on a first start). A key belongs to its funder:
-- revoking the operator that issued it leaves it working.
ALTER TABLE api_keys ADD COLUMN issued_by text;

-- The audit trail (GET /ops/v1/audit) lists the evidence chain's entries made by operators and by
-- funders' keys, often for one operator: this index serves that filter in order of the chain.
CREATE INDEX evidence_entries_operator ON evidence_entries ((actor ->> 'operator'), seq)
  WHERE actor ->> 'kind' = 'operator';
