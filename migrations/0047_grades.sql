-- SGPA and CGPA (docs/decisions/0133-grades.md).
--
-- A subject's credits, in halves so 1.5 (a lab) stays a whole number: 0 to 60 halves is 0 to 30
-- credits. NULL is "not given" (an import without a credits column), which counts as no credits.
ALTER TABLE academic_subjects ADD COLUMN credit_halves INTEGER CHECK (credit_halves IS NULL OR credit_halves BETWEEN 0 AND 60);

-- The college's grading scale as JSON, [{"letter":"O","points":1000}, ...] with points in
-- hundredths; NULL is the default 10-point scale (common/grades.ts). A repeated subject counts once
-- in the CGPA, by its latest attempt or its best.
ALTER TABLE campuses ADD COLUMN grading_scale TEXT;
ALTER TABLE campuses ADD COLUMN grade_repeat_rule TEXT NOT NULL DEFAULT 'latest' CHECK (grade_repeat_rule IN ('latest', 'best'));

-- A student's grade in one attempt of a subject, private to them. `semester` is the semester the
-- attempt was taken in (a backlog cleared in semester 5 counts in semester 5's SGPA); one attempt
-- of a subject per semester. The letter is one of the campus's scale, checked inside the write; its
-- points are read from the scale, so an edited scale applies to every grade at once.
CREATE TABLE grade_entries (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- No cascade: the academics service refuses to remove a subject a student's grade counts under.
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id),
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL CHECK (attempt BETWEEN 1 AND 10),
  semester INTEGER NOT NULL CHECK (semester BETWEEN 1 AND 12),
  grade TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, subject_id, attempt)
);
CREATE UNIQUE INDEX grade_entries_semester ON grade_entries(user_id, subject_id, semester);
-- Whether a subject is graded by anyone (before the academics tree loses it).
CREATE INDEX grade_entries_subject ON grade_entries(subject_id);
-- Which letters a college's students use (before its scale loses one).
CREATE INDEX grade_entries_campus_grade ON grade_entries(campus_id, grade);
