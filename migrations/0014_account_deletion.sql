-- Deleting an account (docs/decisions/0078-download-and-delete-my-account.md). The row of a
-- deleted account stays, anonymised, so that what other students hold (a purchase, a sale, a
-- complaint they said "me too" to) keeps pointing at someone: "Deleted student". When it was deleted;
-- NULL for every live account. A deleted account has no password, no Google link and an address at
-- the reserved .invalid domain, and the session lookup refuses it as well.
ALTER TABLE users ADD COLUMN deleted_at INTEGER;
