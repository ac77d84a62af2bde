-- Web Push (docs/decisions/0091-web-push.md): a student's devices, their notification
-- settings, and which notices have gone to the push queue.

-- One row per device (browser) that allowed notifications: the push service's endpoint and the
-- keys the payload is encrypted to (RFC 8291). An endpoint belongs to one account at a time.
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_sent_at INTEGER
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at);

-- Per student: the categories with push off (JSON array) and the quiet hours in minutes after
-- midnight India time (NULL both: no quiet hours). No row: everything on, quiet 23:00 to 07:00.
CREATE TABLE notification_settings (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  muted TEXT NOT NULL DEFAULT '[]',
  quiet_from INTEGER CHECK (quiet_from IS NULL OR quiet_from BETWEEN 0 AND 1439),
  quiet_to INTEGER CHECK (quiet_to IS NULL OR quiet_to BETWEEN 0 AND 1439),
  updated_at INTEGER NOT NULL
);

-- When a notice was handed to the push queue; NULL: not yet. Notices from before were never pushed.
ALTER TABLE notices ADD COLUMN queued_at INTEGER;
UPDATE notices SET queued_at = created_at;
CREATE INDEX notices_unqueued ON notices(created_at) WHERE queued_at IS NULL;
