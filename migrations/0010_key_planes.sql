-- A key's plane is fixed when it is issued: 'live' or 'demo'. A key issued while its funder is
-- unclassified has none yet; the funder's first classification gives it one, once. After that
-- no classification can move it: a sandbox key stays a sandbox key for its whole life.
ALTER TABLE api_keys ADD COLUMN plane text CHECK (plane IN ('live', 'demo'));
UPDATE api_keys k
   SET plane = CASE f.environment WHEN 'live' THEN 'live' WHEN 'sandbox' THEN 'demo' END
  FROM funders f
 WHERE f.id = k.funder_id;

CREATE FUNCTION api_keys_plane_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.plane IS NOT NULL AND NEW.plane IS DISTINCT FROM OLD.plane THEN
    RAISE EXCEPTION 'the plane of API key % is fixed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER api_keys_plane_is_fixed BEFORE UPDATE OF plane ON api_keys
  FOR EACH ROW EXECUTE FUNCTION api_keys_plane_fixed();

-- The demonstration funder is a sandbox funder for good, and a live funder stays live (the
-- operations team suspends it instead). The service refuses these first, with a clear answer;
-- the database holds the line if some other path tried.
ALTER TABLE funders ADD CONSTRAINT funders_demonstration_is_sandbox
  CHECK (NOT is_demonstration OR environment = 'sandbox');

CREATE FUNCTION funders_live_stays_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.environment = 'live' AND NEW.environment <> 'live' THEN
    RAISE EXCEPTION 'funder % is live and cannot be reclassified', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER funders_live_is_final BEFORE UPDATE OF environment ON funders
  FOR EACH ROW EXECUTE FUNCTION funders_live_stays_live();
