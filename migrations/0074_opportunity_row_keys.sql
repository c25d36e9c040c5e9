-- A night's snapshot rows and lines point at their run by one key: (run, funder, plane).
-- (docs/decisions/opportunities.md, "A night's rows are checked against their run once").
--
-- Each row had two foreign keys, to its run and to its funder, and PostgreSQL checks every
-- foreign key of every inserted row on its own: at a million invoices a night the four checks
-- were a third of the run. The run already names a funder that exists (its own key), so one
-- composite key to the run keeps every guarantee (a row's run exists, is dropped with it, and its
-- funder is a funder) and adds one: the row's funder and plane are its run's.
ALTER TABLE opportunity_runs ADD CONSTRAINT opportunity_runs_owner_key UNIQUE (id, funder_id, plane);
ALTER TABLE opportunity_preview_runs ADD CONSTRAINT opportunity_preview_runs_owner_key
  UNIQUE (id, funder_id, plane);

ALTER TABLE opportunity_snapshot_rows
  DROP CONSTRAINT opportunity_snapshot_rows_run_id_fkey,
  DROP CONSTRAINT opportunity_snapshot_rows_funder_id_fkey,
  ADD CONSTRAINT opportunity_snapshot_rows_run_fkey FOREIGN KEY (run_id, funder_id, plane)
    REFERENCES opportunity_runs (id, funder_id, plane) ON DELETE CASCADE;
ALTER TABLE opportunity_lines
  DROP CONSTRAINT opportunity_lines_run_id_fkey,
  DROP CONSTRAINT opportunity_lines_funder_id_fkey,
  ADD CONSTRAINT opportunity_lines_run_fkey FOREIGN KEY (run_id, funder_id, plane)
    REFERENCES opportunity_runs (id, funder_id, plane) ON DELETE CASCADE;
ALTER TABLE opportunity_preview_snapshot_rows
  DROP CONSTRAINT opportunity_preview_snapshot_rows_run_id_fkey,
  DROP CONSTRAINT opportunity_preview_snapshot_rows_funder_id_fkey,
  ADD CONSTRAINT opportunity_preview_snapshot_rows_run_fkey FOREIGN KEY (run_id, funder_id, plane)
    REFERENCES opportunity_preview_runs (id, funder_id, plane) ON DELETE CASCADE;
ALTER TABLE opportunity_preview_lines
  DROP CONSTRAINT opportunity_preview_lines_run_id_fkey,
  DROP CONSTRAINT opportunity_preview_lines_funder_id_fkey,
  ADD CONSTRAINT opportunity_preview_lines_run_fkey FOREIGN KEY (run_id, funder_id, plane)
    REFERENCES opportunity_preview_runs (id, funder_id, plane) ON DELETE CASCADE;
