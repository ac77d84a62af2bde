-- Failed password sign-ins per e-mail, across every address (docs/decisions/0008). One row per
-- e-mail that has failed recently, known account or not, so a 429 never tells which accounts exist.
-- Times are UTC epoch milliseconds.
CREATE TABLE login_throttle (
  email TEXT PRIMARY KEY NOT NULL,       -- trimmed and lower-cased, as users.email
  failures INTEGER NOT NULL,             -- failed tries since window_started_at
  window_started_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0 -- password sign-in refused until then
);
-- The cron job deletes rows whose window and lock are both over.
CREATE INDEX login_throttle_window ON login_throttle(window_started_at);
