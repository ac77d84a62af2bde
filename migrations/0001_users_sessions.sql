-- Users and their sessions. Times are UTC epoch milliseconds.
CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL UNIQUE,            -- stored trimmed and lower-cased
  name TEXT NOT NULL,
  password_hash TEXT,                    -- NULL for accounts created through Google only
  google_sub TEXT UNIQUE,
  created_at INTEGER NOT NULL
);

-- A session is a row so that logout and "sign out everywhere" really end it.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user_id ON sessions(user_id);
