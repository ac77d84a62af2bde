-- One creation per form submission. A create may carry a submission key (the form's
-- hidden submissionKey, or an API client's Idempotency-Key header); a second create with the same
-- (owner, key) answers the first one's result instead of writing again. The UNIQUE indexes decide
-- between simultaneous duplicates (INSERT ... ON CONFLICT DO NOTHING); NULL keys never collide, so
-- a create without a key behaves as before.
ALTER TABLE products ADD COLUMN submission_key TEXT;
CREATE UNIQUE INDEX products_submission ON products(seller_id, submission_key);

ALTER TABLE study_requests ADD COLUMN submission_key TEXT;
CREATE UNIQUE INDEX study_requests_submission ON study_requests(owner_id, submission_key);

ALTER TABLE hostel_complaints ADD COLUMN submission_key TEXT;
CREATE UNIQUE INDEX hostel_complaints_submission ON hostel_complaints(user_id, submission_key);

-- A student has one listing (UNIQUE user_id already): the key only tells a repeat of the same
-- submission (answered with the listing) from a second, different one (409).
ALTER TABLE roommate_listings ADD COLUMN submission_key TEXT;
