-- The price a reservation was made at belongs to the reservation, not to the listing
-- (docs/decisions/0113-conversations.md, "Offers"). Accepting an offer wrote the agreed price over
-- the listing's own, so a reservation that ended without a handover put the listing back on Browse
-- at the offer's price. sale_price_paise is the price of the reservation or sale `sale_id`: what
-- the buyer pays at the handover; NULL while the listing is on sale. price_paise stays the seller's.
ALTER TABLE products ADD COLUMN sale_price_paise INTEGER;

-- Every reservation and completed sale so far was made at the price its row holds now: a Buy at
-- the listing's price, an accepted offer at the price it wrote over it.
UPDATE products SET sale_price_paise = price_paise WHERE status = 'sold';

-- Listings whose own price an accepted offer overwrote: back on Browse at it, or reserved at it and
-- going back at it if the reservation ends. The seller's price is not recorded anywhere, so it
-- cannot be restored: the listing leaves Browse (as an expired one does) until its seller checks the
-- price and renews it, and the seller is told. Only where the price is still the accepted offer's
-- (a seller who has set another price since is left alone).
INSERT INTO notices (id, user_id, kind, title, text, link, created_at)
SELECT lower(hex(randomblob(16))), p.seller_id, 'market.price', p.title || ': check its price',
  'Accepting an offer set this listing''s price to the offer''s. Set your price on My Sells, then renew the listing to put it back on Browse.',
  '/mysells', CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM products p
WHERE (p.status = 'available' OR (p.status = 'sold' AND p.handed_over_at IS NULL))
  AND p.expires_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000
  AND EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id AND o.status = 'accepted' AND o.price_paise = p.price_paise
    AND (p.status = 'available' OR o.sale_id = p.sale_id));
UPDATE products SET expires_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE (status = 'available' OR (status = 'sold' AND handed_over_at IS NULL))
  AND expires_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000
  AND EXISTS (SELECT 1 FROM offers o WHERE o.product_id = products.id AND o.status = 'accepted' AND o.price_paise = products.price_paise
    AND (products.status = 'available' OR o.sale_id = products.sale_id));
