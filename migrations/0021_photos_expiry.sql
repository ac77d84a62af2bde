-- Up to four photos on a listing, and listings that expire (docs/decisions/0087-photos-and-expiry.md).
--
-- photos: a JSON array, in the seller's order, of { "key", "type", "w", "h", "thumb" } — the R2 key
-- and the type found from the file's bytes, its pixel size, and the R2 key of its ~400 px version
-- (null when the seller's browser sent none: posted without JavaScript, or by an API client). The
-- first photo is also image_key / image_type, which the specification's `image` reads. '[]' is a
-- listing from before: its one photo is image_key, with no size and no small version. A JSON column,
-- not a table: the photos are only ever read with their listing, so Browse stays one query.
ALTER TABLE products ADD COLUMN photos TEXT NOT NULL DEFAULT '[]';

-- A listing leaves Browse 60 days after it was posted or last renewed (a WHERE on this column, so no
-- job has to run). Listings that exist get 60 days from this migration, not from when they were
-- posted: a deploy does not take every older listing off the market at once.
ALTER TABLE products ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
UPDATE products SET expires_at = MAX(created_at, CAST(unixepoch('subsec') * 1000 AS INTEGER)) + 60 * 86400000;
-- The cron's listings that leave Browse within 3 days (their sellers are told to renew).
CREATE INDEX products_expiring ON products(expires_at) WHERE status = 'available';
