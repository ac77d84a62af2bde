-- Marketplace: products students sell and buy, and the sale notices sellers see in the app.
-- Money is integer paise; times are UTC epoch milliseconds.
CREATE TABLE products (
  id TEXT PRIMARY KEY NOT NULL,
  seller_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  price_paise INTEGER NOT NULL CHECK (price_paise > 0),
  seller_name TEXT NOT NULL,
  whatsapp_number TEXT NOT NULL,         -- normalised: 10 digits, no country code
  image_key TEXT NOT NULL,               -- R2 key, products/<uuid>, made by the server
  image_type TEXT NOT NULL,              -- content type found from the image's first bytes
  status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold')),
  buyer_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  buyer_name TEXT,
  sale_id TEXT UNIQUE,                   -- set by the one purchase that wins; ties the notice to it
  purchased_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX products_available ON products(status, created_at);
CREATE INDEX products_seller ON products(seller_id, created_at);
CREATE INDEX products_buyer ON products(buyer_id, purchased_at);

-- "You made a sale": written in the same batch as the purchase, read on My Sells.
CREATE TABLE sale_notifications (
  id TEXT PRIMARY KEY NOT NULL,
  seller_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  product_title TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  price_paise INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX sale_notifications_seller ON sale_notifications(seller_id, created_at);
