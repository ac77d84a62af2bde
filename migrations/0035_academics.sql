-- A campus's academics tree: programmes (B.Tech), their branches (CSE), a branch's semesters (1..8),
-- a semester's subjects (code, name) and a subject's units (number, title, topics)
-- (docs/decisions/0105-academics-tree.md). Set up by the campus admin (/admin/setup/academics) or
-- imported from a file; demo colleges get theirs from the seed, never from a migration.
--
-- Each node has a random id that never changes (notes and timetables will refer to it) and a natural
-- key within its parent (a programme's slug in the campus, a branch's slug in the programme, the
-- semester's number, the subject's code, the unit's number): an import matches nodes by that key and
-- keeps their ids. campus_id is on every level so the whole tree of a campus is read with one indexed
-- query per level, and a node of one campus can never be reached from another.
CREATE TABLE academic_programmes (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX academic_programmes_slug ON academic_programmes(campus_id, slug);

CREATE TABLE academic_branches (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  programme_id TEXT NOT NULL REFERENCES academic_programmes(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX academic_branches_slug ON academic_branches(programme_id, slug);
CREATE INDEX academic_branches_campus ON academic_branches(campus_id);

CREATE TABLE academic_semesters (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  branch_id TEXT NOT NULL REFERENCES academic_branches(id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 12)
);
CREATE UNIQUE INDEX academic_semesters_number ON academic_semesters(branch_id, number);
CREATE INDEX academic_semesters_campus ON academic_semesters(campus_id);

CREATE TABLE academic_subjects (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  semester_id TEXT NOT NULL REFERENCES academic_semesters(id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX academic_subjects_code ON academic_subjects(semester_id, code);
CREATE INDEX academic_subjects_campus ON academic_subjects(campus_id);

CREATE TABLE academic_units (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 20),
  title TEXT NOT NULL,
  topics TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX academic_units_number ON academic_units(subject_id, number);
CREATE INDEX academic_units_campus ON academic_units(campus_id);
