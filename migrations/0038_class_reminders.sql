-- A reminder 10 minutes before each class (docs/decisions/0110-class-reminders.md).

-- Per student: reminders before their classes on (1) or off (0, the default). The reminder itself
-- is a notice whose id is made from the student, the period and the date, so the notices table's
-- primary key is what keeps it to one however often the cron runs.
ALTER TABLE notification_settings ADD COLUMN class_reminders INTEGER NOT NULL DEFAULT 0 CHECK (class_reminders IN (0, 1));

-- The cron's question each minute: which periods of any class, and which students' own entries,
-- start in the next 10 minutes of today's weekday, and which periods were moved into them today.
CREATE INDEX timetable_periods_start ON timetable_periods(weekday, starts_min);
CREATE INDEX timetable_personal_start ON timetable_personal(weekday, starts_min);
CREATE INDEX timetable_changes_moved ON timetable_changes(date, starts_min) WHERE kind = 'moved';
