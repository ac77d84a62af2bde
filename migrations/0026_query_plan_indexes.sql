-- Indexes for the lookups test/query-budget.test.ts found scanning whole tables
-- (EXPLAIN QUERY PLAN of every statement the routes run). Most are foreign keys to users: an
-- account's export and deletion read and clear them by user, and SQLite checks them by user too.

-- A student's block moves (account export, deletion), and the warden who decided one.
CREATE INDEX block_moves_user ON block_moves(user_id, created_at);
CREATE INDEX block_moves_decided_by ON block_moves(decided_by) WHERE decided_by IS NOT NULL;
-- Audit lines by who acted and about whom (account export: "actor = me OR student = me").
CREATE INDEX staff_audit_log_actor ON staff_audit_log(actor_id, created_at);
CREATE INDEX staff_audit_log_student ON staff_audit_log(student_id, created_at) WHERE student_id IS NOT NULL;
-- Roles a member granted (cleared when their account is deleted).
CREATE INDEX staff_roles_granted_by ON staff_roles(granted_by) WHERE granted_by IS NOT NULL;
-- A user's Google hand-offs.
CREATE INDEX google_handoffs_user ON google_handoffs(user_id);
-- A listing's sale notification (deleting a listing, renaming a buyer).
CREATE INDEX sale_notifications_product ON sale_notifications(product_id);
-- The "me too"s a student gave.
CREATE INDEX hostel_complaint_me_too_user ON hostel_complaint_me_too(user_id, created_at);
-- Ratings a student gave ("rater = me OR ratee = me").
CREATE INDEX trade_ratings_rater ON trade_ratings(rater_id, created_at);
-- The writers' board of every college, as a visitor sees it: newest 100 (dropped in 0012).
CREATE INDEX writers_updated ON writers(updated_at);
