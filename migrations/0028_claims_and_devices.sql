-- Third round of hardening: claiming and securing an account
-- (docs/decisions/0095-claiming-and-securing-an-account.md).

-- The session that turned a device's notifications on. Securing the account ("sign out everywhere",
-- a new password) keeps this device's subscription and ends the others'; signing one device out ends
-- its own. NULL for devices subscribed before: they count as another device.
ALTER TABLE push_subscriptions ADD COLUMN session_id TEXT;

-- 1 after someone proved the address of an account another person had set up (a password reset or a
-- Google sign-in on an unverified account): the name is the earlier holder's, and the screens ask the
-- student to confirm or change it. Saving a name clears it.
ALTER TABLE users ADD COLUMN confirm_name INTEGER NOT NULL DEFAULT 0;
