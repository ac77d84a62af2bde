-- E-mailed codes and the development outbox (docs/decisions/0074-mail-providers.md and
-- 0075-verification-and-reset-codes.md). Times are UTC epoch milliseconds.

-- One live code per account and purpose: a new code replaces the old one. The code itself is never
-- stored: code_hash is HMAC-SHA256 of purpose, account and code under a key derived from
-- SESSION_SECRET, so a copy of the database does not give a working code.
CREATE TABLE email_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'delete')),
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,           -- sent_at + 15 minutes
  tries INTEGER NOT NULL DEFAULT 0,      -- checks made against this code; none counts past 5
  sent_at INTEGER NOT NULL,              -- a new code may replace it a minute after this
  PRIMARY KEY (user_id, purpose)
);
-- The cron job forgets expired codes.
CREATE INDEX email_codes_expires ON email_codes(expires_at);

-- Mail that a development or test Worker (DEV_OUTBOX=1) "sends": read at /dev/outbox and
-- GET /api/dev/outbox. A deployed Worker never writes here.
CREATE TABLE dev_outbox (
  id TEXT PRIMARY KEY NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX dev_outbox_to ON dev_outbox(to_address, sent_at);
