-- Staff roles, the audit log and students' notices (docs/decisions/0080-staff-roles.md).
--
-- A role is held at one campus: warden (of one block: one row per block), mess, laundry,
-- moderator, or admin (everything of the campus). One row per user, role and block: the unique
-- index is on COALESCE(block_id, '') because SQLite's UNIQUE treats NULLs as distinct, and two
-- "admin" rows with a NULL block would otherwise both fit. granted_by is NULL when the role was
-- granted from the command line (`npm run admin -- grant`).
CREATE TABLE staff_roles (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  role TEXT NOT NULL CHECK (role IN ('warden', 'mess', 'laundry', 'moderator', 'admin')),
  block_id TEXT REFERENCES hostel_blocks(id),
  granted_by TEXT REFERENCES users(id),
  granted_at INTEGER NOT NULL,
  CHECK ((role = 'warden') = (block_id IS NOT NULL))
);
CREATE UNIQUE INDEX staff_roles_one ON staff_roles(user_id, role, COALESCE(block_id, ''));
CREATE INDEX staff_roles_campus ON staff_roles(campus_id, role);

-- Every staff and moderator action: who (NULL: the command line), what, on what kind and id, the
-- student concerned, the note, when. Append-only: the triggers refuse every UPDATE and DELETE, so
-- neither the app nor a mistaken script can rewrite it. No names or e-mail addresses in it, ids
-- only (a deleted account's ids point at its anonymised row).
CREATE TABLE staff_audit_log (
  id TEXT PRIMARY KEY,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  actor_id TEXT REFERENCES users(id),
  action TEXT NOT NULL,
  subject_kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  student_id TEXT REFERENCES users(id),
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX staff_audit_log_campus ON staff_audit_log(campus_id, created_at);
CREATE INDEX staff_audit_log_subject ON staff_audit_log(subject_kind, subject_id);
CREATE TRIGGER staff_audit_log_no_update BEFORE UPDATE ON staff_audit_log
BEGIN
  SELECT RAISE(ABORT, 'staff_audit_log is append-only');
END;
CREATE TRIGGER staff_audit_log_no_delete BEFORE DELETE ON staff_audit_log
BEGIN
  SELECT RAISE(ABORT, 'staff_audit_log is append-only');
END;

-- A student's inbox: what staff did that concerns them. read_at NULL = unread.
CREATE TABLE notices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX notices_user ON notices(user_id, created_at);
CREATE INDEX notices_unread ON notices(user_id) WHERE read_at IS NULL;

-- The warden's note on a complaint's last status change, which the student sees, and the audit
-- line of that change (the batch writes the audit line and the notices only where this is its id).
ALTER TABLE hostel_complaints ADD COLUMN status_note TEXT;
ALTER TABLE hostel_complaints ADD COLUMN status_audit_id TEXT;
