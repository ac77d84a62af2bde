-- A private calendar feed per student (docs/decisions/0090-calendar-feed.md): Classroom due
-- dates and laundry bookings at /calendar/<secret>.ics, for Google Calendar or a phone's calendar to
-- subscribe to. Only the SHA-256 of the secret is kept: the link is shown once, when it is made or
-- reset; a reset replaces the row, and the old link stops working at once.
CREATE TABLE calendar_feeds (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
