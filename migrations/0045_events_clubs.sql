-- Clubs and their events (docs/decisions/0130-the-waiting-list.md,
-- docs/decisions/0131-sharing-without-leaking.md).
--
-- A club belongs to one college; its campus admin makes it and names its leads (a role per club, as
-- timetable_reps is per class: a lead is a student, not staff). Students follow clubs. A lead of the
-- club, or the campus admin, publishes the club's events; the campus admin may also publish the
-- college's own (no club). Times are epoch milliseconds.

CREATE TABLE clubs (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- The logo in R2 (checked and stored as listing photos are); null: none.
  logo_key TEXT,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX clubs_name ON clubs(campus_id, name COLLATE NOCASE);

CREATE TABLE club_leads (
  club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  granted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (club_id, user_id)
);
CREATE INDEX club_leads_user ON club_leads(user_id);
CREATE INDEX club_leads_granted_by ON club_leads(granted_by) WHERE granted_by IS NOT NULL;

CREATE TABLE club_follows (
  club_id TEXT NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (club_id, user_id)
);
CREATE INDEX club_follows_user ON club_follows(user_id);

CREATE TABLE events (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  -- Null: the college's own event, published by its admin.
  club_id TEXT REFERENCES clubs(id) ON DELETE CASCADE,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL CHECK (category IN ('technical', 'cultural', 'sports', 'talk', 'workshop', 'other')),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  -- One of the college's meet-up places, or a place in words (place_text), or both empty.
  place_id TEXT REFERENCES meetup_places(id) ON DELETE SET NULL,
  place_text TEXT NOT NULL DEFAULT '',
  poster_key TEXT,
  -- Null: no limit. Lowering it never removes anyone going (decision 0130).
  capacity INTEGER CHECK (capacity IS NULL OR capacity BETWEEN 1 AND 100000),
  signup_closes_at INTEGER,
  -- 1: shown to visitors on the college's public page and in its shared preview (decision 0131).
  open_to_visitors INTEGER NOT NULL DEFAULT 0 CHECK (open_to_visitors IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'cancelled')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX events_campus_start ON events(campus_id, starts_at);
CREATE INDEX events_club_start ON events(club_id, starts_at);
CREATE INDEX events_created_by ON events(created_by) WHERE created_by IS NOT NULL;
CREATE INDEX events_place ON events(place_id) WHERE place_id IS NOT NULL;
-- The reminder job's question each minute: published events starting within the hour.
CREATE INDEX events_start ON events(starts_at) WHERE status = 'published';

-- Who is going, and the waiting list, in one table: `position` is the order of arrival (the next
-- number of the event, taken inside the INSERT), the waiting list's order (decision 0130).
-- `moved_up_by` names the write that moved a student up, so its notice goes to them only.
CREATE TABLE event_attendees (
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('going', 'waiting')),
  position INTEGER NOT NULL,
  joined_at INTEGER NOT NULL,
  moved_up_by TEXT,
  PRIMARY KEY (event_id, user_id)
);
CREATE UNIQUE INDEX event_attendees_order ON event_attendees(event_id, position);
CREATE INDEX event_attendees_line ON event_attendees(event_id, state, position);
CREATE INDEX event_attendees_user ON event_attendees(user_id);

-- Per student: a reminder an hour before an event they are going to; on unless turned off.
ALTER TABLE notification_settings ADD COLUMN event_reminders INTEGER NOT NULL DEFAULT 1 CHECK (event_reminders IN (0, 1));
