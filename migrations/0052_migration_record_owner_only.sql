-- The migration record is written by `migrate` alone, connected as the owner role, which owns
-- the table and so keeps every right on it. The login role that `serve` and `work` connect as
-- only reads it (readiness compares the last name applied with the code's; `migrate` run as the
-- login role finds nothing to apply), and it reads it through the operator role's SELECT.
-- Migration 0020 gave the policy roles every table's rights and took the funder and sandbox
-- roles' back on this one; here the operator role's writes go too, so no role the login role
-- belongs to may add, change or remove a line of the record.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON schema_migrations
  FROM funder_api_funder, funder_api_sandbox, funder_api_operator, PUBLIC;
GRANT SELECT ON schema_migrations TO funder_api_operator;
