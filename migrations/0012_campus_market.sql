-- Campus scoping of the marketplace and Study Swap (docs/decisions/0076-campus-market.md).
-- A product, a Study Swap request and a writer profile belong to the campus of the student who made
-- them: set from the creator's users.campus_id on insert (never from what a client sends), and
-- filled in here for the rows that exist. A student's campus never changes, so neither does theirs.
-- No REFERENCES: SQLite cannot add a column with a foreign key and a non-NULL default (0073).

ALTER TABLE products ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'open';
UPDATE products SET campus_id = COALESCE((SELECT u.campus_id FROM users u WHERE u.id = products.seller_id), 'open');
-- Browse Products: one campus's available products, newest first (and by price, which sorts the
-- campus's available rows). Replaces the unscoped (status, created_at) index, which no list uses now.
DROP INDEX products_available;
CREATE INDEX products_campus_available ON products(campus_id, status, created_at);

ALTER TABLE study_requests ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'open';
UPDATE study_requests SET campus_id = COALESCE((SELECT u.campus_id FROM users u WHERE u.id = study_requests.owner_id), 'open');
-- The writers' board: one campus's open requests, newest first.
DROP INDEX study_requests_status_created;
CREATE INDEX study_requests_campus_status_created ON study_requests(campus_id, status, created_at);

ALTER TABLE writers ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'open';
UPDATE writers SET campus_id = COALESCE((SELECT u.campus_id FROM users u WHERE u.id = writers.user_id), 'open');
-- Writers on Study Swap: one campus's profiles, most recently updated first.
DROP INDEX writers_updated;
CREATE INDEX writers_campus_updated ON writers(campus_id, updated_at);
