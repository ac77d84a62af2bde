-- Signing a device out ends the notifications it turned on (worker/services/auth.ts endSession):
-- found by the session that subscribed it. Older rows have no session: left out of the index.
CREATE INDEX push_subscriptions_session ON push_subscriptions(session_id) WHERE session_id IS NOT NULL;
