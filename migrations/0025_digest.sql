-- The optional daily e-mail digest (docs/decisions/0092-daily-digest.md).

-- Per student: the digest on (1) or off (0, the default), and the India-time day ("2026-11-24")
-- of the last digest, claimed by one conditional UPDATE so a day gets one mail at most.
ALTER TABLE notification_settings ADD COLUMN digest INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1));
ALTER TABLE notification_settings ADD COLUMN digest_sent_on TEXT;
CREATE INDEX notification_settings_digest ON notification_settings(digest_sent_on) WHERE digest = 1;

-- The development outbox keeps a mail's HTML part too (NULL: a plain-text mail).
ALTER TABLE dev_outbox ADD COLUMN html TEXT;
