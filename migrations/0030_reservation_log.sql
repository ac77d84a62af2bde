-- Third round of hardening: every reservation a buyer makes, whatever became of it (handed over,
-- cancelled, declined, expired). "At most 5 purchases in 24 hours" counts these rows, so reserving
-- and cancelling cannot go on for ever (each reservation tells the seller). The id is the
-- reservation's sale id. No foreign key to products: the log outlives a deleted listing.
CREATE TABLE reservation_log (
  id TEXT PRIMARY KEY NOT NULL,
  buyer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX reservation_log_buyer ON reservation_log(buyer_id, created_at);

-- The reservations and sales still on record count from the start.
INSERT INTO reservation_log (id, buyer_id, product_id, created_at)
  SELECT COALESCE(sale_id, lower(hex(randomblob(16)))), buyer_id, id, purchased_at FROM products WHERE buyer_id IS NOT NULL AND purchased_at IS NOT NULL;
