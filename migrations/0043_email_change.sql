-- Changing one's e-mail address with a code mailed to the new address (docs/decisions/0123-changing-the-address.md).
-- The code is one more purpose of email_codes ('email'), and the row says which address it proves
-- (new_email). The purpose's CHECK cannot be changed in place, so the table is rebuilt as SQLite
-- documents it (new table, copy, drop, rename, index). No foreign key points at email_codes, so the
-- drop deletes nothing elsewhere; live codes are copied unchanged.

CREATE TABLE email_codes_new (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'delete', 'email')),
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,           -- sent_at + 15 minutes
  tries INTEGER NOT NULL DEFAULT 0,      -- checks made against this code; none counts past 5
  sent_at INTEGER NOT NULL,              -- a new code may replace it a minute after this
  new_email TEXT,                        -- purpose 'email': the address the code was mailed to and proves; NULL otherwise
  PRIMARY KEY (user_id, purpose),
  CHECK ((purpose = 'email') = (new_email IS NOT NULL))
);
INSERT INTO email_codes_new (user_id, purpose, code_hash, expires_at, tries, sent_at)
  SELECT user_id, purpose, code_hash, expires_at, tries, sent_at FROM email_codes;
DROP TABLE email_codes;
ALTER TABLE email_codes_new RENAME TO email_codes;
CREATE INDEX email_codes_expires ON email_codes(expires_at);
