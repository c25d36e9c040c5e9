-- Time in the sandbox for one request (POST /v1/sandbox/requests/{id}/advance).
--
-- `sandbox_key_id`: the sandbox key that made the request with POST /v1/sandbox/requests; only
-- that key may move the request's time. Null for every other request (the demonstration
-- scenario's companies, the live plane).
--
-- `sandbox_offset_days`: how many days the request lives ahead of the service clock. The rules
-- that read the day for one request (offer expiry, recourse claims opening, automatic
-- announcements) read "the request's now", the clock's instant moved this many Madrid days on.
-- It is 0 for every request but a sandbox key's own, and never set on the live plane.
--
-- Both are columns of funding_requests, whose row security policies (migration 0020, 0030)
-- already hold them: no new table, no new policy.
ALTER TABLE funding_requests
  ADD COLUMN sandbox_key_id uuid,
  ADD COLUMN sandbox_offset_days integer NOT NULL DEFAULT 0;

ALTER TABLE funding_requests
  ADD CONSTRAINT funding_requests_sandbox_time CHECK (
    sandbox_offset_days >= 0 AND sandbox_offset_days <= 3650
    AND (plane = 'demo' OR (sandbox_offset_days = 0 AND sandbox_key_id IS NULL)));
