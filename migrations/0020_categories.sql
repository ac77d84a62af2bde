-- A category and a condition on every listing (docs/decisions/0086-categories.md). Listings
-- from before, and from API clients of the specification that send neither, are "other" and "used".
ALTER TABLE products ADD COLUMN category TEXT NOT NULL DEFAULT 'other' CHECK (category IN ('books', 'notes', 'electronics', 'lab', 'hostel', 'cycles', 'other'));
ALTER TABLE products ADD COLUMN condition TEXT NOT NULL DEFAULT 'used' CHECK (condition IN ('new', 'like_new', 'used'));
-- Browse filtered by category, newest first, within a campus.
CREATE INDEX products_campus_category ON products(campus_id, status, category, created_at);
