-- Door sync (check-in module): attendees.door_version is the id of the last transaction that changed the
-- attendee or one of its check-ins. A door asks for rows with a version at or above the oldest transaction
-- still running when it last asked (pg_snapshot_xmin), so a change committed late is never skipped.
CREATE OR REPLACE FUNCTION attendees_door_version() RETURNS trigger AS $$
BEGIN
  NEW.door_version := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attendees_door_version BEFORE INSERT OR UPDATE ON attendees
  FOR EACH ROW EXECUTE FUNCTION attendees_door_version();
--> statement-breakpoint
-- A check-in made, moved or undone changes what the door shows of its attendee: touch the attendee (the
-- trigger above then stamps the current transaction whatever value is written).
CREATE OR REPLACE FUNCTION check_ins_touch_attendee() RETURNS trigger AS $$
BEGIN
  UPDATE attendees SET door_version = 0
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.attendee_id ELSE NEW.attendee_id END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER check_ins_touch_attendee AFTER INSERT OR UPDATE OR DELETE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION check_ins_touch_attendee();
