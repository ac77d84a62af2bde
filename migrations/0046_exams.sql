-- A class's datesheet, and the subjects whose exams a student sits besides their class's
-- (docs/decisions/0135-datesheet.md). Dates are India dates written YYYY-MM-DD; times are minutes
-- after midnight in India time, as the timetable's.

-- One exam of a class: a subject of the academics tree, its kind, its date, start, end and room.
-- Who wrote it is in the staff audit log (every change is audited there), not here.
CREATE TABLE class_exams (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  class_id TEXT NOT NULL REFERENCES timetable_classes(id) ON DELETE CASCADE,
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('mid_semester', 'end_semester', 'practical', 'viva', 'supplementary')),
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  starts_min INTEGER NOT NULL CHECK (starts_min BETWEEN 0 AND 1439),
  ends_min INTEGER NOT NULL CHECK (ends_min BETWEEN 1 AND 1440 AND ends_min > starts_min),
  room TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- One sitting of a subject's exam of a kind per class and date: an import's row for it replaces it.
CREATE UNIQUE INDEX class_exams_sitting ON class_exams(class_id, subject_id, kind, date);
CREATE INDEX class_exams_class ON class_exams(class_id, date, starts_min);
-- A student's electives and backlogs: their subject's exams in any class's datesheet.
CREATE INDEX class_exams_subject ON class_exams(subject_id, date);
-- The calendar feed and Today read a student's exams from a date on.
CREATE INDEX class_exams_campus ON class_exams(campus_id, date);

-- A subject a student sits outside their class: an elective taught elsewhere, or a backlog (a
-- subject of an earlier semester they repeat).
CREATE TABLE exam_subjects (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('elective', 'backlog')),
  added_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, subject_id)
);
-- A change of a subject's exam tells who sits it outside the class too.
CREATE INDEX exam_subjects_subject ON exam_subjects(subject_id);
