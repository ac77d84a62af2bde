-- Saved listings and "wanted" posts (docs/decisions/0088-saved-and-wanted.md).

-- A student's saved listings (the heart on a card), newest saved first on the Saved tab.
CREATE TABLE saved_products (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, product_id)
) WITHOUT ROWID;
CREATE INDEX saved_products_user ON saved_products(user_id, created_at);

-- What a student looks for on their campus's marketplace: words (all must appear in a listing's
-- title or description), optionally a category and a highest price. Open for 30 days. `terms` is the
-- JSON array of the lower-cased words the matcher reads; `words` what the student typed.
CREATE TABLE wanted_posts (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL,
  words TEXT NOT NULL,
  terms TEXT NOT NULL,
  category TEXT CHECK (category IS NULL OR category IN ('books', 'notes', 'electronics', 'lab', 'hostel', 'cycles', 'other')),
  max_price_paise INTEGER CHECK (max_price_paise IS NULL OR max_price_paise > 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
-- A campus's open posts: the board, and the match when a listing is posted.
CREATE INDEX wanted_posts_campus ON wanted_posts(campus_id, expires_at);
-- A student's own posts (at most 10 open).
CREATE INDEX wanted_posts_user ON wanted_posts(user_id, expires_at);
