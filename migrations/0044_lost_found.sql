-- Lost & found (docs/decisions/0128-lost-found-matching.md, 0129-lost-found-owners-proof.md).
-- A member's post of an item lost or found on their college, its claims and its likely matches.

CREATE TABLE lost_found_posts (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  side TEXT NOT NULL CHECK (side IN ('lost', 'found')),
  category TEXT NOT NULL CHECK (category IN ('id_card', 'phone', 'wallet', 'keys', 'bottle', 'book', 'electronics', 'clothing', 'other')),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  -- One of the college's meet-up places, or what the member typed.
  place_id TEXT REFERENCES meetup_places(id),
  place_text TEXT,
  -- The India date it was lost or found (YYYY-MM-DD), and roughly when that day.
  happened_on TEXT NOT NULL,
  time_of_day TEXT NOT NULL CHECK (time_of_day IN ('morning', 'afternoon', 'evening', 'night', 'unsure')),
  -- A found item's question only its owner can answer, and the held-back detail (never shown but to
  -- the finder); a found ID card's name or e-mail as the finder typed it (never shown but to them).
  question TEXT,
  answer TEXT,
  card_name TEXT,
  -- The photos as a listing's: [{ key, type, w, h, thumb }] (migrations/0021_photos_expiry.sql).
  photos TEXT NOT NULL DEFAULT '[]',
  -- The words the matcher compares (JSON list, lower-cased).
  terms TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'returned', 'expired')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  returned_at INTEGER,
  hidden_at INTEGER,
  hidden_reason TEXT,
  moderation_id TEXT
);
CREATE INDEX lost_found_posts_browse ON lost_found_posts(campus_id, status, side, created_at);
CREATE INDEX lost_found_posts_user ON lost_found_posts(user_id, status, created_at);
CREATE INDEX lost_found_posts_expiry ON lost_found_posts(status, expires_at);
CREATE INDEX lost_found_posts_place ON lost_found_posts(place_id) WHERE place_id IS NOT NULL;

-- A member claims a found item once: a declined claim stays (moderators read it) and the unique
-- index refuses a second. At most one claim of a post is accepted.
CREATE TABLE lost_found_claims (
  id TEXT PRIMARY KEY NOT NULL,
  post_id TEXT NOT NULL REFERENCES lost_found_posts(id) ON DELETE CASCADE,
  claimant_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answer TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  -- The handover: a place of the college one of the two proposed, and when the other agreed.
  place_id TEXT REFERENCES meetup_places(id),
  place_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  agreed_at INTEGER
);
CREATE UNIQUE INDEX lost_found_claims_once ON lost_found_claims(post_id, claimant_id);
CREATE UNIQUE INDEX lost_found_claims_accepted ON lost_found_claims(post_id) WHERE status = 'accepted';
CREATE INDEX lost_found_claims_claimant ON lost_found_claims(claimant_id, created_at);
CREATE INDEX lost_found_claims_place ON lost_found_claims(place_id) WHERE place_id IS NOT NULL;
CREATE INDEX lost_found_claims_place_by ON lost_found_claims(place_by) WHERE place_by IS NOT NULL;

-- A likely match of a lost post and a found post (the score the matcher gave), shown to both posters.
CREATE TABLE lost_found_matches (
  lost_id TEXT NOT NULL REFERENCES lost_found_posts(id) ON DELETE CASCADE,
  found_id TEXT NOT NULL REFERENCES lost_found_posts(id) ON DELETE CASCADE,
  score INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (lost_id, found_id)
);
CREATE INDEX lost_found_matches_found ON lost_found_matches(found_id);

-- Reports of a lost & found post. The same rebuild as migrations/0036_library.sql; the library's
-- trigger names content_reports, so it is dropped first and written again after.
DROP TRIGGER library_items_gone;
CREATE TABLE content_reports_new (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('listing', 'request', 'roommate', 'complaint', 'library', 'lostfound')),
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

CREATE TRIGGER library_items_gone AFTER DELETE ON library_items BEGIN
  DELETE FROM library_search WHERE item_id = old.id;
  DELETE FROM content_reports WHERE kind = 'library' AND subject_id = old.id;
END;

-- A post's reports go with it, however it goes (its poster, their account's deletion).
CREATE TRIGGER lost_found_posts_gone AFTER DELETE ON lost_found_posts BEGIN
  DELETE FROM content_reports WHERE kind = 'lostfound' AND subject_id = old.id;
END;
