-- No entry may land in a UTC day whose root is already recorded, nor in an earlier one: the
-- root of a sealed day would no longer cover all of that day's entries. The service stamps
-- entries and seals days under one lock, so this never fires in normal running; it refuses,
-- and so rolls back, any write that would break the rule anyway.
CREATE FUNCTION evidence_entries_not_in_sealed_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM evidence_day_roots WHERE day >= NEW.day) THEN
    RAISE EXCEPTION 'evidence day % is already sealed', NEW.day USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER evidence_entries_open_day_only BEFORE INSERT ON evidence_entries
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_not_in_sealed_day();
