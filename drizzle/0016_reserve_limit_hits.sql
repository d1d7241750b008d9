-- Reserving a limit's hit was a transaction of five round trips (begin, the advisory locks, the count,
-- the insert, commit), paid before every vote. This function does the same in one statement: it locks
-- each key (in key order, so two reservations sharing keys never wait on each other in a cycle), counts
-- each key's window, and either answers the first full limit (1-based, nothing written) or inserts one
-- hit per key and answers their ids in the order given. Each statement of a volatile function sees what
-- others committed before it began, so a count taken after the lock sees every hit reserved before.
CREATE OR REPLACE FUNCTION "reserve_limit_hits"("hits" jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k text;
  hit jsonb;
  n integer;
  i integer := 0;
  hit_id uuid;
  ids jsonb := '[]'::jsonb;
BEGIN
  FOR k IN SELECT DISTINCT h ->> 'key' FROM jsonb_array_elements(hits) AS h ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(k, 0));
  END LOOP;
  FOR hit IN SELECT * FROM jsonb_array_elements(hits) LOOP
    i := i + 1;
    SELECT count(*) INTO n FROM "limit_hits"
      WHERE "key" = hit ->> 'key' AND "created_at" > now() - make_interval(mins => (hit ->> 'minutes')::integer);
    IF n >= (hit ->> 'max')::integer THEN
      RETURN jsonb_build_object('full', i);
    END IF;
  END LOOP;
  FOR hit IN SELECT * FROM jsonb_array_elements(hits) LOOP
    INSERT INTO "limit_hits" ("key") VALUES (hit ->> 'key') RETURNING "id" INTO hit_id;
    ids := ids || to_jsonb(hit_id);
  END LOOP;
  RETURN jsonb_build_object('ids', ids);
END
$$;
