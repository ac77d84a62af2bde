-- Attendance that fits real semesters (docs/decisions/0137-attendance-that-fits.md).

-- What a student already had in a subject when they started keeping attendance in Campus (joined
-- mid-semester): added to the sums of their own marks. One row per student and subject.
CREATE TABLE attendance_baselines (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id) ON DELETE CASCADE,
  attended INTEGER NOT NULL CHECK (attended BETWEEN 0 AND 999),
  held INTEGER NOT NULL CHECK (held BETWEEN 1 AND 999 AND attended <= held),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, subject_id)
);
-- A subject removed from the academics tree takes its rows with it (the foreign key looks them up).
CREATE INDEX attendance_baselines_subject ON attendance_baselines(subject_id);

-- How the college counts a class: a lab as this many (NULL: like any other period), and a period as
-- its length in these minutes, rounded (NULL: every period counts once). Read when the sums are,
-- so a change of rule applies to the whole semester.
ALTER TABLE campuses ADD COLUMN attendance_lab_weight INTEGER CHECK (attendance_lab_weight IS NULL OR attendance_lab_weight BETWEEN 1 AND 6);
ALTER TABLE campuses ADD COLUMN attendance_period_minutes INTEGER CHECK (attendance_period_minutes IS NULL OR attendance_period_minutes BETWEEN 30 AND 120);

-- What a mark was of, copied at marking as its subject is: the period's kind and length. Marks made
-- before this migration take them from the period when it is still in the week.
ALTER TABLE attendance_marks ADD COLUMN kind TEXT NOT NULL DEFAULT 'lecture' CHECK (kind IN ('lecture', 'lab', 'tutorial', 'personal'));
ALTER TABLE attendance_marks ADD COLUMN minutes INTEGER NOT NULL DEFAULT 0 CHECK (minutes BETWEEN 0 AND 1440);
UPDATE attendance_marks
SET kind = (SELECT p.kind FROM timetable_periods p WHERE p.id = attendance_marks.slot_id),
    minutes = (SELECT p.ends_min - p.starts_min FROM timetable_periods p WHERE p.id = attendance_marks.slot_id)
WHERE EXISTS (SELECT 1 FROM timetable_periods p WHERE p.id = attendance_marks.slot_id);
UPDATE attendance_marks
SET kind = 'personal',
    minutes = (SELECT e.ends_min - e.starts_min FROM timetable_personal e WHERE e.id = attendance_marks.slot_id)
WHERE EXISTS (SELECT 1 FROM timetable_personal e WHERE e.id = attendance_marks.slot_id);

-- An entry of the student's own keeps attendance (a lab elective) or does not (a club): one that
-- does not is shown in the week without the buttons.
ALTER TABLE timetable_personal ADD COLUMN keeps_attendance INTEGER NOT NULL DEFAULT 1 CHECK (keeps_attendance IN (0, 1));
