-- Google sign-in and Classroom. Times are UTC epoch milliseconds.

-- One-time codes that carry the result of a Google redirect back to the app (design.md: no session
-- token or Google token ever travels in a URL). Single use: redeemed by DELETE ... RETURNING.
CREATE TABLE google_handoffs (
  code_hash TEXT PRIMARY KEY NOT NULL,   -- SHA-256 of the code; the code itself is never stored
  purpose TEXT NOT NULL,                 -- 'auth' (signs a user in) or 'classroom' (a Google token)
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  payload TEXT,                          -- for 'classroom': the encrypted Google token (JWE)
  expires_at INTEGER NOT NULL
);
CREATE INDEX google_handoffs_expires_at ON google_handoffs(expires_at);

-- A user's Classroom connection for reminders. The Google tokens are a JWE (dir, A256GCM) that only
-- this Worker can open: encrypted at rest.
CREATE TABLE google_connections (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  google_email TEXT NOT NULL,
  tokens TEXT NOT NULL,
  reminders_enabled INTEGER NOT NULL DEFAULT 1,
  last_checked_at INTEGER,
  last_error TEXT,
  updated_at INTEGER NOT NULL
);
CREATE INDEX google_connections_enabled ON google_connections(reminders_enabled);

-- A reminder is recorded once per user, course work and kind ('due_24h' or 'due_today').
CREATE TABLE classroom_reminders (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  course_id TEXT NOT NULL,
  course_work_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  course_name TEXT NOT NULL,
  title TEXT NOT NULL,
  due_at INTEGER NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, course_work_id, kind)
);
CREATE INDEX classroom_reminders_user_created ON classroom_reminders(user_id, created_at);
