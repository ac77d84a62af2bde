-- Buying reserves (decision 0085); the seller's screens now say so (decision 0098).
-- My Sells tells an open reservation from a completed sale and from one that ended: each notice
-- knows the sale it was written for, and whose purchase it was (so the name can go with the account).
ALTER TABLE sale_notifications ADD COLUMN sale_id TEXT;
ALTER TABLE sale_notifications ADD COLUMN buyer_id TEXT;
UPDATE sale_notifications SET
  sale_id = (SELECT p.sale_id FROM products p WHERE p.id = sale_notifications.product_id AND p.purchased_at = sale_notifications.created_at),
  buyer_id = (SELECT p.buyer_id FROM products p WHERE p.id = sale_notifications.product_id AND p.purchased_at = sale_notifications.created_at);
CREATE INDEX sale_notifications_buyer ON sale_notifications(buyer_id) WHERE buyer_id IS NOT NULL;

-- The reservation notice names the buyer: the student it names, so that the name goes when their
-- account does (worker/services/account-deletion.ts).
ALTER TABLE notices ADD COLUMN about_user_id TEXT;
CREATE INDEX notices_about_user ON notices(about_user_id) WHERE about_user_id IS NOT NULL;
