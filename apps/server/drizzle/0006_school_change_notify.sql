-- Server processes keep copies of the school structure data in memory (lib/read-cache.ts).
-- Every change to these tables tells them at commit, through NOTIFY, so they drop their copies.
-- One notification per statement (and Postgres folds equal ones within a transaction).
CREATE OR REPLACE FUNCTION mms_notify_school_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mms_school_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER units_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER bell_periods_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bell_periods
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER academic_years_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON academic_years
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER grades_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON grades
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER employees_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON employees
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER class_groups_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON class_groups
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER subjects_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER subject_grade_hours_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subject_grade_hours
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER students_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER enrollments_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER teaching_assignments_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teaching_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER timetable_slots_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON timetable_slots
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
-- Accounts matter to the copies (teacher lookups read the division and state); a password
-- change or a sign-in does not.
CREATE TRIGGER users_school_change
  AFTER INSERT OR DELETE OR UPDATE OF username, display_name, division, unit_id, is_active ON users
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
--> statement-breakpoint
CREATE TRIGGER users_school_change_truncate
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
