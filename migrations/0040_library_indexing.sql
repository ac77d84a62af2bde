-- The library's files are read off the request (docs/decisions/0117): an upload stores the file and
-- a pending item; the library indexer (a Worker of its own, fed by the campus-library queue) counts
-- its pages, puts photos together into one PDF and fills search, then marks it ready, or failed with
-- the reason the uploader and the reviewers see. Items uploaded before were read at upload: ready.
ALTER TABLE library_items ADD COLUMN index_state TEXT NOT NULL DEFAULT 'ready'
  CHECK (index_state IN ('pending', 'ready', 'failed'));
-- Why the file could not be read, in words for the uploader (only when failed).
ALTER TABLE library_items ADD COLUMN index_error TEXT;
-- Deliveries of the item to the indexer, counted before each one's work: a poison file stops at 3.
ALTER TABLE library_items ADD COLUMN index_attempts INTEGER NOT NULL DEFAULT 0;
-- Photos waiting to be put together (stored as <file_key>/part-N), until the indexer has.
ALTER TABLE library_items ADD COLUMN file_parts INTEGER;

-- The half-hourly job finds what still waits (worker/services/library/index-queue.ts).
CREATE INDEX library_items_indexing ON library_items (created_at) WHERE index_state = 'pending';
