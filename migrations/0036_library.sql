-- The library: notes, past papers, practicals, books and videos that a college's members bring
-- (docs/decisions/0106-library.md).
--
-- One table for every kind, so moderation, helpful votes, reports and search treat them alike.
-- File kinds (notes, important questions, past papers, practicals) have one PDF in R2 (photos of
-- handwritten pages are combined into one PDF at upload); a book is a reference (author, edition,
-- ISBN, shelf) and a video a link, neither with a file.
CREATE TABLE library_items (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  -- NULL once the uploader's account is deleted: an approved item stays in the library, unnamed.
  uploader_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  -- No cascade: removing a subject that still has items is refused by the academics service.
  subject_id TEXT NOT NULL REFERENCES academic_subjects(id),
  kind TEXT NOT NULL CHECK (kind IN ('lecture_notes', 'short_notes', 'important_questions', 'past_paper', 'practical', 'book', 'video')),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- A past paper's year and exam; no other kind has them.
  year INTEGER CHECK (year IS NULL OR year BETWEEN 1990 AND 2100),
  exam TEXT CHECK (exam IS NULL OR exam IN ('mid_semester', 'end_semester', 'supplementary')),
  -- The file: its R2 key, size, pages, what it was made from, and the SHA-256 of the uploaded
  -- bytes (a PDF's bytes; for photos, of the pages' bytes in order) that refuses the same upload twice.
  file_key TEXT,
  file_bytes INTEGER,
  file_pages INTEGER,
  file_source TEXT CHECK (file_source IS NULL OR file_source IN ('pdf', 'photos')),
  file_sha256 TEXT,
  -- A book's reference.
  author TEXT,
  edition TEXT,
  isbn TEXT,
  shelf TEXT,
  -- A video's link (https, on the allow-list of hosts).
  url TEXT,
  -- Shown to visitors (not signed in, or of another college) with the college named.
  public INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at INTEGER,
  review_note TEXT,
  -- Hidden by a copyright report (until a moderator decides) or by a moderator, as other content.
  hidden_at INTEGER,
  hidden_reason TEXT,
  moderation_id TEXT,
  helpful_count INTEGER NOT NULL DEFAULT 0 CHECK (helpful_count >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((kind = 'past_paper') = (year IS NOT NULL AND exam IS NOT NULL)),
  CHECK ((kind IN ('book', 'video')) = (file_key IS NULL)),
  CHECK ((file_key IS NULL) = (file_sha256 IS NULL)),
  CHECK ((kind = 'video') = (url IS NOT NULL))
);
-- What a semester page reads: a subject's approved items, most helpful first.
CREATE INDEX library_items_subject ON library_items(subject_id, status, kind, helpful_count);
CREATE INDEX library_items_campus ON library_items(campus_id, status, created_at);
CREATE INDEX library_items_uploader ON library_items(uploader_id, created_at) WHERE uploader_id IS NOT NULL;
CREATE INDEX library_items_reviewed_by ON library_items(reviewed_by) WHERE reviewed_by IS NOT NULL;
CREATE INDEX library_items_past_papers ON library_items(campus_id, subject_id, year) WHERE kind = 'past_paper';
-- The same bytes twice in one college: refused, with a link to the first (a rejected one does not count).
CREATE UNIQUE INDEX library_items_same_file ON library_items(campus_id, file_sha256)
  WHERE file_sha256 IS NOT NULL AND status != 'rejected';

-- The units an item covers (a past paper: the units its questions were tagged with).
CREATE TABLE library_item_units (
  item_id TEXT NOT NULL REFERENCES library_items(id) ON DELETE CASCADE,
  unit_id TEXT NOT NULL REFERENCES academic_units(id) ON DELETE CASCADE,
  PRIMARY KEY (item_id, unit_id)
);
CREATE INDEX library_item_units_unit ON library_item_units(unit_id);

-- One "helpful" per member per item; library_items.helpful_count is written in the same batch.
CREATE TABLE library_votes (
  item_id TEXT NOT NULL REFERENCES library_items(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (item_id, user_id)
);
CREATE INDEX library_votes_user ON library_votes(user_id, created_at);

-- Full-text search over the title, the subject's name and the text inside the PDF (extracted at
-- upload). item_id and campus_id are stored, not indexed; rows are written and deleted with the item.
CREATE VIRTUAL TABLE library_search USING fts5(
  item_id UNINDEXED,
  campus_id UNINDEXED,
  title,
  subject,
  body,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- The college's grievance officer, named in the footer as India's IT Rules expect of a platform.
ALTER TABLE campuses ADD COLUMN grievance_name TEXT;
ALTER TABLE campuses ADD COLUMN grievance_email TEXT;

-- Curators (teachers, class representatives): their uploads are approved at once, and they approve
-- others'. SQLite cannot change a CHECK, so staff_roles is rebuilt as SQLite documents it, with the
-- same columns, foreign keys and indexes; no foreign key points at it.
CREATE TABLE staff_roles_new (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  role TEXT NOT NULL CHECK (role IN ('warden', 'mess', 'laundry', 'moderator', 'admin', 'curator')),
  block_id TEXT REFERENCES hostel_blocks(id),
  granted_by TEXT REFERENCES users(id),
  granted_at INTEGER NOT NULL,
  CHECK ((role = 'warden') = (block_id IS NOT NULL))
);
INSERT INTO staff_roles_new (id, user_id, campus_id, role, block_id, granted_by, granted_at)
  SELECT id, user_id, campus_id, role, block_id, granted_by, granted_at FROM staff_roles;
DROP TABLE staff_roles;
ALTER TABLE staff_roles_new RENAME TO staff_roles;
CREATE UNIQUE INDEX staff_roles_one ON staff_roles(user_id, role, COALESCE(block_id, ''));
CREATE INDEX staff_roles_campus ON staff_roles(campus_id, role);
CREATE INDEX staff_roles_granted_by ON staff_roles(granted_by) WHERE granted_by IS NOT NULL;
CREATE INDEX staff_roles_block_id ON staff_roles(block_id) WHERE block_id IS NOT NULL;

-- Reports of a library item, and "copyright" as a reason (such a report hides the item until a
-- moderator decides). The same rebuild, for the same reason.
CREATE TABLE content_reports_new (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('listing', 'request', 'roommate', 'complaint', 'library')),
  subject_id TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('scam', 'offensive', 'wrong_category', 'personal_information', 'graded_work', 'copyright', 'other')),
  note TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER
);
INSERT INTO content_reports_new (id, campus_id, reporter_id, kind, subject_id, reason, note, created_at, resolved_at)
  SELECT id, campus_id, reporter_id, kind, subject_id, reason, note, created_at, resolved_at FROM content_reports;
DROP TABLE content_reports;
ALTER TABLE content_reports_new RENAME TO content_reports;
CREATE UNIQUE INDEX content_reports_once ON content_reports(reporter_id, kind, subject_id);
CREATE INDEX content_reports_subject ON content_reports(kind, subject_id, resolved_at);
CREATE INDEX content_reports_queue ON content_reports(campus_id, resolved_at, created_at);

-- An item's search row and its reports go with it, however it goes (its uploader, their account's
-- deletion, the college's removal): nothing of a deleted upload stays searchable. Written after the
-- rebuild of content_reports above, which would drop a trigger that names it.
CREATE TRIGGER library_items_gone AFTER DELETE ON library_items BEGIN
  DELETE FROM library_search WHERE item_id = old.id;
  DELETE FROM content_reports WHERE kind = 'library' AND subject_id = old.id;
END;

-- A vote that goes (its member's choice, their account's deletion) leaves the item's count in the
-- same statement; the helpful use-case recounts too, so the two always agree.
CREATE TRIGGER library_votes_gone AFTER DELETE ON library_votes BEGIN
  UPDATE library_items SET helpful_count = helpful_count - 1 WHERE id = old.item_id AND helpful_count > 0;
END;
