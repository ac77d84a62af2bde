-- Account basics: a verified e-mail, and sessions a student can see and end. Times are
-- UTC epoch milliseconds.

-- When the address was proven to belong to the account holder (today: a Google sign-in whose
-- address Google marks verified). NULL = never verified: anyone could have registered it.
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
-- Accounts that Google created hold no password: nobody but the Google account holder ever had a
-- way in, so they count as verified. Password accounts that were linked to Google before this
-- migration stay unverified: whoever set that password may not be the owner (decision 0007), so the
-- owner's next Google sign-in takes them over like any other unverified account.
UPDATE users SET email_verified_at = created_at WHERE google_sub IS NOT NULL AND password_hash IS NULL;

-- What the device list shows: a short label from the User-Agent ("Chrome on Android") and when the
-- session was last used (written at most every ten minutes, so reads do not become writes).
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT 'Unknown device';
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;

-- The cron job deletes expired rows by this.
CREATE INDEX sessions_expires_at ON sessions(expires_at);
