-- Third round of hardening: /staff and GET /api/moderation/suspensions list a campus's suspended
-- members so that a moderator can lift a suspension early. Few rows are ever suspended: a partial index.
CREATE INDEX users_suspended ON users(campus_id, suspended_until) WHERE suspended_until IS NOT NULL;
