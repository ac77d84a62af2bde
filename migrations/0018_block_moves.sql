-- A student's move to another hostel block waits for the warden of the new block
-- (docs/decisions/0084-block-moves.md). The first block a student chooses is set at once; a change
-- is a row here, pending until the warden (or the campus admin) approves or declines it, or the
-- student cancels it. One pending move per student (the partial unique index): a new request
-- replaces the pending one. audit_id is the decision's audit line: the batch that approves writes
-- the residence, the audit line and the notice only where the move carries it.
CREATE TABLE block_moves (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  from_block_id TEXT NOT NULL REFERENCES hostel_blocks(id),
  to_block_id TEXT NOT NULL REFERENCES hostel_blocks(id),
  room TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'cancelled')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT REFERENCES users(id),
  note TEXT,
  audit_id TEXT
);
CREATE UNIQUE INDEX block_moves_one_pending ON block_moves(user_id) WHERE status = 'pending';
CREATE INDEX block_moves_to_block ON block_moves(to_block_id, status, created_at);
