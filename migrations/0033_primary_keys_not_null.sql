-- Six tables declared `id TEXT PRIMARY KEY` without NOT NULL. SQLite, unlike the SQL standard, then
-- accepts NULL ids (even several), which no code means to write; every other table says NOT NULL,
-- and so does worker/db/schema.ts. test/schema.test.ts found the difference
-- (docs/decisions/0100-one-schema-source.md). SQLite cannot add NOT NULL to a column, so each table
-- is rebuilt as SQLite documents it (new table, copy, drop, rename, then its indexes and triggers),
-- with the same columns, checks, foreign keys, indexes and triggers as before. No foreign key points
-- at any of them, so dropping the old tables deletes nothing elsewhere. A NULL id, if one were ever
-- written, gets a fresh one rather than failing the deploy or losing the row (an audit line above all).

CREATE TABLE staff_roles_new (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  role TEXT NOT NULL CHECK (role IN ('warden', 'mess', 'laundry', 'moderator', 'admin')),
  block_id TEXT REFERENCES hostel_blocks(id),
  granted_by TEXT REFERENCES users(id),
  granted_at INTEGER NOT NULL,
  CHECK ((role = 'warden') = (block_id IS NOT NULL))
);
INSERT INTO staff_roles_new (id, user_id, campus_id, role, block_id, granted_by, granted_at)
  SELECT COALESCE(id, lower(hex(randomblob(16)))), user_id, campus_id, role, block_id, granted_by, granted_at FROM staff_roles;
DROP TABLE staff_roles;
ALTER TABLE staff_roles_new RENAME TO staff_roles;
CREATE UNIQUE INDEX staff_roles_one ON staff_roles(user_id, role, COALESCE(block_id, ''));
CREATE INDEX staff_roles_campus ON staff_roles(campus_id, role);
CREATE INDEX staff_roles_granted_by ON staff_roles(granted_by) WHERE granted_by IS NOT NULL;

-- The audit log stays append-only: its lines are copied as they are, and dropping the old table
-- fires no trigger (SQLite's DROP TABLE deletes without triggers); the triggers come back below.
CREATE TABLE staff_audit_log_new (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  actor_id TEXT REFERENCES users(id),
  action TEXT NOT NULL,
  subject_kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  student_id TEXT REFERENCES users(id),
  note TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO staff_audit_log_new (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
  SELECT COALESCE(id, lower(hex(randomblob(16)))), campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at
  FROM staff_audit_log;
DROP TABLE staff_audit_log;
ALTER TABLE staff_audit_log_new RENAME TO staff_audit_log;
CREATE INDEX staff_audit_log_campus ON staff_audit_log(campus_id, created_at);
CREATE INDEX staff_audit_log_subject ON staff_audit_log(subject_kind, subject_id);
CREATE INDEX staff_audit_log_actor ON staff_audit_log(actor_id, created_at);
CREATE INDEX staff_audit_log_student ON staff_audit_log(student_id, created_at) WHERE student_id IS NOT NULL;
CREATE TRIGGER staff_audit_log_no_update BEFORE UPDATE ON staff_audit_log
BEGIN
  SELECT RAISE(ABORT, 'staff_audit_log is append-only');
END;
CREATE TRIGGER staff_audit_log_no_delete BEFORE DELETE ON staff_audit_log
BEGIN
  SELECT RAISE(ABORT, 'staff_audit_log is append-only');
END;

CREATE TABLE notices_new (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL,
  read_at INTEGER,
  queued_at INTEGER,
  about_user_id TEXT
);
INSERT INTO notices_new (id, user_id, kind, title, text, link, created_at, read_at, queued_at, about_user_id)
  SELECT COALESCE(id, lower(hex(randomblob(16)))), user_id, kind, title, text, link, created_at, read_at, queued_at, about_user_id
  FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_user ON notices(user_id, created_at);
CREATE INDEX notices_unread ON notices(user_id) WHERE read_at IS NULL;
CREATE INDEX notices_unqueued ON notices(created_at) WHERE queued_at IS NULL;
CREATE INDEX notices_about_user ON notices(about_user_id) WHERE about_user_id IS NOT NULL;

CREATE TABLE content_reports_new (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('listing', 'request', 'roommate', 'complaint')),
  subject_id TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('scam', 'offensive', 'wrong_category', 'personal_information', 'graded_work', 'other')),
  note TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER
);
INSERT INTO content_reports_new (id, campus_id, reporter_id, kind, subject_id, reason, note, created_at, resolved_at)
  SELECT COALESCE(id, lower(hex(randomblob(16)))), campus_id, reporter_id, kind, subject_id, reason, note, created_at, resolved_at
  FROM content_reports;
DROP TABLE content_reports;
ALTER TABLE content_reports_new RENAME TO content_reports;
CREATE UNIQUE INDEX content_reports_once ON content_reports(reporter_id, kind, subject_id);
CREATE INDEX content_reports_subject ON content_reports(kind, subject_id, resolved_at);
CREATE INDEX content_reports_queue ON content_reports(campus_id, resolved_at, created_at);

CREATE TABLE block_moves_new (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  from_block_id TEXT NOT NULL REFERENCES hostel_blocks(id),
  to_block_id TEXT NOT NULL REFERENCES hostel_blocks(id),
  room TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'cancelled')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT REFERENCES users(id),
  note TEXT,
  audit_id TEXT
);
INSERT INTO block_moves_new (id, user_id, campus_id, from_block_id, to_block_id, room, status, created_at, decided_at, decided_by, note, audit_id)
  SELECT COALESCE(id, lower(hex(randomblob(16)))), user_id, campus_id, from_block_id, to_block_id, room, status, created_at, decided_at, decided_by, note, audit_id
  FROM block_moves;
DROP TABLE block_moves;
ALTER TABLE block_moves_new RENAME TO block_moves;
CREATE UNIQUE INDEX block_moves_one_pending ON block_moves(user_id) WHERE status = 'pending';
CREATE INDEX block_moves_to_block ON block_moves(to_block_id, status, created_at);
CREATE INDEX block_moves_user ON block_moves(user_id, created_at);
CREATE INDEX block_moves_decided_by ON block_moves(decided_by) WHERE decided_by IS NOT NULL;

CREATE TABLE trade_ratings_new (
  id TEXT PRIMARY KEY NOT NULL,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  rater_id TEXT NOT NULL REFERENCES users(id),
  ratee_id TEXT NOT NULL REFERENCES users(id),
  role TEXT NOT NULL CHECK (role IN ('buyer', 'seller')),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  note TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (product_id, rater_id)
);
INSERT INTO trade_ratings_new (id, product_id, rater_id, ratee_id, role, stars, note, created_at)
  SELECT COALESCE(id, lower(hex(randomblob(16)))), product_id, rater_id, ratee_id, role, stars, note, created_at FROM trade_ratings;
DROP TABLE trade_ratings;
ALTER TABLE trade_ratings_new RENAME TO trade_ratings;
CREATE INDEX trade_ratings_ratee ON trade_ratings(ratee_id, role);
CREATE INDEX trade_ratings_rater ON trade_ratings(rater_id, created_at);
