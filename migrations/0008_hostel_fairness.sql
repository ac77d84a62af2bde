-- A student changes hostel block at most once every 7 days (the first choice is
-- free), and a block's members see who joined it in the last 7 days. Until residence is verified
-- (the membership issue), this is what keeps a stranger from reading block after block unseen.

-- When the student joined their current block (first choice or last change). Rows from before this
-- migration count as joined when they were last written.
ALTER TABLE hostel_residents ADD COLUMN joined_at INTEGER NOT NULL DEFAULT 0;
UPDATE hostel_residents SET joined_at = updated_at;

-- When the student last moved from one block to another; NULL until the first move.
ALTER TABLE hostel_residents ADD COLUMN block_changed_at INTEGER;

-- "New in Block C this week": the block's residents by join time.
CREATE INDEX hostel_residents_block_joined ON hostel_residents(block_id, joined_at);
