-- Class timetables and the attendance a student keeps for the 75% rule
-- (docs/decisions/0109-timetable-and-attendance.md).
--
-- A class is a semester of the academics tree (which implies its branch and programme) and a
-- section ("A"). Its week is a set of periods; a one-off change cancels or moves one period on one
-- date; a holiday of the college empties a date. A student chooses their class, may add entries of
-- their own (an elective, a club) and hide a period that is not theirs. Times are minutes after
-- midnight in India time; dates are India dates written YYYY-MM-DD.

-- Cascades from the semester: an empty class goes with it. A class whose periods name subjects is
-- protected by the academics service, which refuses to remove a subject a period refers to.
CREATE TABLE timetable_classes (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  semester_id TEXT NOT NULL REFERENCES academic_semesters(id) ON DELETE CASCADE,
  section TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX timetable_classes_section ON timetable_classes(semester_id, section);
CREATE INDEX timetable_classes_campus ON timetable_classes(campus_id);

CREATE TABLE timetable_periods (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  class_id TEXT NOT NULL REFERENCES timetable_classes(id) ON DELETE CASCADE,
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  starts_min INTEGER NOT NULL CHECK (starts_min BETWEEN 0 AND 1439),
  ends_min INTEGER NOT NULL CHECK (ends_min BETWEEN 1 AND 1440 AND ends_min > starts_min),
  -- No cascade: removing a subject the week still uses is refused by the academics service.
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id),
  room TEXT NOT NULL DEFAULT '',
  teacher TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK (kind IN ('lecture', 'lab', 'tutorial')),
  updated_at INTEGER NOT NULL
);
CREATE INDEX timetable_periods_class ON timetable_periods(class_id, weekday, starts_min);
CREATE INDEX timetable_periods_subject ON timetable_periods(subject_id);

-- One change per period and date: cancelled, or moved (a new room and/or new times that day).
CREATE TABLE timetable_changes (
  id TEXT PRIMARY KEY NOT NULL,
  period_id TEXT NOT NULL REFERENCES timetable_periods(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cancelled', 'moved')),
  room TEXT,
  starts_min INTEGER CHECK (starts_min IS NULL OR starts_min BETWEEN 0 AND 1439),
  ends_min INTEGER CHECK (ends_min IS NULL OR ends_min BETWEEN 1 AND 1440),
  created_at INTEGER NOT NULL,
  CHECK (kind = 'moved' OR (room IS NULL AND starts_min IS NULL AND ends_min IS NULL)),
  CHECK ((starts_min IS NULL) = (ends_min IS NULL) AND (starts_min IS NULL OR ends_min > starts_min))
);
CREATE UNIQUE INDEX timetable_changes_date ON timetable_changes(period_id, date);

CREATE TABLE campus_holidays (
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (campus_id, date)
);

-- A class representative keeps their class's week (a role per class, granted by the campus admin).
-- Not a staff_roles row: that table's CHECK ties a scope column to wardens only, and adding a class
-- scope means rebuilding it (as migrations/0036 did); a class rep is also a student, not staff.
CREATE TABLE timetable_reps (
  class_id TEXT NOT NULL REFERENCES timetable_classes(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  granted_by TEXT REFERENCES users(id),
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (class_id, user_id)
);
CREATE INDEX timetable_reps_user ON timetable_reps(user_id);
CREATE INDEX timetable_reps_granted_by ON timetable_reps(granted_by) WHERE granted_by IS NOT NULL;

-- The class a student chose (one).
CREATE TABLE timetable_choices (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  class_id TEXT NOT NULL REFERENCES timetable_classes(id) ON DELETE CASCADE,
  chosen_at INTEGER NOT NULL
);
CREATE INDEX timetable_choices_class ON timetable_choices(class_id);

-- A student's own entries in their week (an elective taught elsewhere, a club).
CREATE TABLE timetable_personal (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  starts_min INTEGER NOT NULL CHECK (starts_min BETWEEN 0 AND 1439),
  ends_min INTEGER NOT NULL CHECK (ends_min BETWEEN 1 AND 1440 AND ends_min > starts_min),
  title TEXT NOT NULL,
  room TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX timetable_personal_user ON timetable_personal(user_id, weekday, starts_min);

-- A period of the class that is not the student's (the other lab batch, an elective they did not take).
CREATE TABLE timetable_hidden (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  period_id TEXT NOT NULL REFERENCES timetable_periods(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, period_id)
);
-- Who hid a period (a change's notices skip them).
CREATE INDEX timetable_hidden_period ON timetable_hidden(period_id);

-- A student's attendance, one mark per date and slot (a period's id or a personal entry's). No
-- foreign key to the slot: the marks outlive a reshuffled week. The subject (and a title for
-- personal entries) is copied at marking, so the per-subject sums never read the week.
CREATE TABLE attendance_marks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  slot_id TEXT NOT NULL,
  subject_id TEXT REFERENCES academic_subjects(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('present', 'absent', 'cancelled')),
  marked_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, date, slot_id)
);
-- Is a subject counted in anyone's attendance (before the academics tree loses it).
CREATE INDEX attendance_marks_subject ON attendance_marks(subject_id);

-- The college's attendance rule: 75% unless it says otherwise, and per subject where it differs.
ALTER TABLE campuses ADD COLUMN attendance_threshold INTEGER NOT NULL DEFAULT 75 CHECK (attendance_threshold BETWEEN 1 AND 100);
CREATE TABLE attendance_subject_thresholds (
  subject_id TEXT PRIMARY KEY NOT NULL REFERENCES academic_subjects(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  threshold INTEGER NOT NULL CHECK (threshold BETWEEN 1 AND 100)
);
CREATE INDEX attendance_subject_thresholds_campus ON attendance_subject_thresholds(campus_id);
