-- The evidence chain cannot be emptied either, and its day roots never change once written.
CREATE TRIGGER evidence_entries_no_truncate BEFORE TRUNCATE ON evidence_entries
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_entries_append_only();
CREATE TRIGGER evidence_day_roots_no_change BEFORE UPDATE OR DELETE ON evidence_day_roots
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_append_only();
CREATE TRIGGER evidence_day_roots_no_truncate BEFORE TRUNCATE ON evidence_day_roots
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_entries_append_only();

-- A job key is unique among unfinished jobs only: a finished or failed recurring job can be
-- scheduled again under the same key.
ALTER TABLE jobs DROP CONSTRAINT jobs_job_key_key;
CREATE UNIQUE INDEX jobs_job_key_unfinished ON jobs (job_key) WHERE finished_at IS NULL AND failed_at IS NULL;
