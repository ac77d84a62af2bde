-- Buying reserves; the seller completes the sale at the handover
-- (docs/decisions/0085-reservations.md). A product's status stays 'available' or 'sold' (what the
-- specification's clients read); a 'sold' product whose handed_over_at is NULL is reserved for its
-- buyer, waiting for the meeting. Sales made before this were handed over when they were made.
ALTER TABLE products ADD COLUMN handed_over_at INTEGER;
UPDATE products SET handed_over_at = COALESCE(purchased_at, updated_at) WHERE status = 'sold';
-- A buyer's open reservations (at most 5) and the ones the cron returns after 72 hours.
CREATE INDEX products_open_reservations ON products(buyer_id) WHERE status = 'sold' AND handed_over_at IS NULL;
CREATE INDEX products_reservations_due ON products(purchased_at) WHERE status = 'sold' AND handed_over_at IS NULL;

-- After a handover, buyer and seller rate each other once per product (1-5 and a short note).
-- role: the rater's side of the trade. Rows outlive a deleted account (it is anonymised, not removed).
CREATE TABLE trade_ratings (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  rater_id TEXT NOT NULL REFERENCES users(id),
  ratee_id TEXT NOT NULL REFERENCES users(id),
  role TEXT NOT NULL CHECK (role IN ('buyer', 'seller')),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  note TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (product_id, rater_id)
);
CREATE INDEX trade_ratings_ratee ON trade_ratings(ratee_id, role);
-- A seller's completed sales, counted on every card.
CREATE INDEX products_seller_sales ON products(seller_id) WHERE status = 'sold' AND handed_over_at IS NOT NULL;
