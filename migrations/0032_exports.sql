-- Exports (the funder's exit right): one row per export, and a log of every answer that handed
-- out download links. The files themselves live in the export storage (local directory or an
-- S3-compatible store), never in the database.

CREATE TABLE exports (
  id uuid PRIMARY KEY,
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  status text NOT NULL CHECK (status IN ('queued', 'running', 'ready')),
  requested_via text NOT NULL CHECK (requested_via IN ('api', 'portal')),
  actor_role text NOT NULL,
  key_id uuid,
  lang text NOT NULL CHECK (lang IN ('pt', 'es', 'en', 'fr', 'de', 'it', 'nl')),
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  -- Which build attempt wrote the files now in storage: a restarted build uses a new one.
  build_token uuid,
  progress jsonb NOT NULL,
  completed_at timestamptz,
  expires_at timestamptz,
  files_deleted_at timestamptz,
  manifest_sha256 text CHECK (manifest_sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes bigint,
  file_count integer,
  documents_mode text,
  row_counts jsonb,
  -- The volumes: [{name, bytes, sha256, object}], set with status ready in one statement.
  volumes jsonb,
  CHECK ((status = 'ready') = (manifest_sha256 IS NOT NULL AND volumes IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX exports_funder_created ON exports (funder_id, plane, created_at DESC, id DESC);
-- One export at a time per funder and plane: the database refuses a second unfinished one.
CREATE UNIQUE INDEX exports_one_unfinished ON exports (funder_id, plane) WHERE status <> 'ready';

CREATE TABLE export_link_log (
  id uuid PRIMARY KEY,
  export_id uuid NOT NULL REFERENCES exports (id),
  funder_id uuid NOT NULL REFERENCES funders (id),
  plane text NOT NULL CHECK (plane IN ('live', 'demo')),
  key_id uuid,
  request_id text NOT NULL,
  issued_at timestamptz NOT NULL,
  links_expire_at timestamptz NOT NULL,
  volumes integer NOT NULL
);
CREATE INDEX export_link_log_export ON export_link_log (export_id, issued_at);

-- Row security, as in 0020: a funder sees and writes its own rows on its key's plane; the
-- sandbox helpers never touch exports (sandbox keys cannot export); the operator (the worker,
-- the operations API) sees every row.
DO $$
DECLARE
  tbl text;
  owner_is_superuser boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
BEGIN
  FOREACH tbl IN ARRAY ARRAY['exports', 'export_link_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('CREATE POLICY funder_rows ON %I TO funder_api_funder
      USING (funder_id = funder_api_funder_id() AND plane = funder_api_plane())
      WITH CHECK (funder_id = funder_api_funder_id() AND plane = funder_api_plane())', tbl);
    EXECUTE format('CREATE POLICY sandbox_rows ON %I TO funder_api_sandbox USING (false) WITH CHECK (false)', tbl);
    EXECUTE format('CREATE POLICY operator_rows ON %I TO funder_api_operator USING (true) WITH CHECK (true)', tbl);
    IF NOT owner_is_superuser THEN
      EXECUTE format('CREATE POLICY connecting_role_rows ON %I TO %I USING (true) WITH CHECK (true)',
        tbl, current_user);
    END IF;
  END LOOP;
END
$$;
