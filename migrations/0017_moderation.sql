-- Reports and moderation (docs/decisions/0082-reports-and-moderation.md).
--
-- Hidden content: hidden_at set (by three members' reports or by a moderator) takes it out of every
-- list and search for everyone but its owner and the campus's moderators and admins, and makes it a
-- 404 by id for the others. hidden_reason is what the owner is shown. moderation_id is the id of the
-- last moderation write (a report's or an audit line's): the batch writes its audit line and notice
-- only where this is its id.
ALTER TABLE products ADD COLUMN hidden_at INTEGER;
ALTER TABLE products ADD COLUMN hidden_reason TEXT;
ALTER TABLE products ADD COLUMN moderation_id TEXT;
ALTER TABLE study_requests ADD COLUMN hidden_at INTEGER;
ALTER TABLE study_requests ADD COLUMN hidden_reason TEXT;
ALTER TABLE study_requests ADD COLUMN moderation_id TEXT;
ALTER TABLE roommate_listings ADD COLUMN hidden_at INTEGER;
ALTER TABLE roommate_listings ADD COLUMN hidden_reason TEXT;
ALTER TABLE roommate_listings ADD COLUMN moderation_id TEXT;
ALTER TABLE hostel_complaints ADD COLUMN hidden_at INTEGER;
ALTER TABLE hostel_complaints ADD COLUMN hidden_reason TEXT;
ALTER TABLE hostel_complaints ADD COLUMN moderation_id TEXT;

-- One report per member and piece of content, ever (the unique index decides between repeats).
-- resolved_at: a moderator looked (hid, restored or dismissed); only unresolved reports count
-- towards the automatic hide and appear in the queue.
CREATE TABLE content_reports (
  id TEXT PRIMARY KEY,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('listing', 'request', 'roommate', 'complaint')),
  subject_id TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('scam', 'offensive', 'wrong_category', 'personal_information', 'graded_work', 'other')),
  note TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER
);
CREATE UNIQUE INDEX content_reports_once ON content_reports(reporter_id, kind, subject_id);
CREATE INDEX content_reports_subject ON content_reports(kind, subject_id, resolved_at);
CREATE INDEX content_reports_queue ON content_reports(campus_id, resolved_at, created_at);

-- A suspended student reads but does not post, buy or book until suspended_until (read with the
-- session in its one query).
ALTER TABLE users ADD COLUMN suspended_until INTEGER;
ALTER TABLE users ADD COLUMN suspension_reason TEXT;
