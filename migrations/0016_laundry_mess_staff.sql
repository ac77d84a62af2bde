-- Laundry and mess staff (docs/decisions/0081-laundry-and-mess-staff.md).
--
-- A laundry booking now goes booked -> picked_up -> washing -> ready -> collected (or cancelled by
-- the student before its slot). SQLite cannot change a CHECK, so the table is rebuilt with the new
-- statuses; 'delivered' (which nothing ever set) becomes 'collected'. status_audit_id is the audit
-- line of the last staff step: a step's audit line and notice are written only where the UPDATE put
-- that step's id on the booking, so of two simultaneous marks one writes all and the other nothing.
-- Nothing references laundry_bookings, so the rebuild keeps every foreign key.
CREATE TABLE laundry_bookings_new (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  slot_id TEXT NOT NULL REFERENCES laundry_slots(id),
  date TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  clothes INTEGER NOT NULL CHECK (clothes BETWEEN 1 AND 40),
  service TEXT NOT NULL CHECK (service IN ('wash', 'iron', 'dry_clean')),
  status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'picked_up', 'washing', 'ready', 'collected', 'cancelled')),
  created_at INTEGER NOT NULL,
  cancelled_at INTEGER,
  status_at INTEGER,
  status_audit_id TEXT
);
INSERT INTO laundry_bookings_new (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at, cancelled_at)
  SELECT id, user_id, slot_id, date, starts_at, clothes, service, CASE status WHEN 'delivered' THEN 'collected' ELSE status END, created_at, cancelled_at
  FROM laundry_bookings;
DROP TABLE laundry_bookings;
ALTER TABLE laundry_bookings_new RENAME TO laundry_bookings;
CREATE INDEX laundry_bookings_slot ON laundry_bookings(date, slot_id, status);
CREATE INDEX laundry_bookings_user ON laundry_bookings(user_id, starts_at);
CREATE UNIQUE INDEX laundry_bookings_one_per_slot ON laundry_bookings(user_id, date, slot_id) WHERE status <> 'cancelled';

-- When the mess last changed a day's meal (NULL: as the migrations set it). The public page shows
-- the campus's latest as "Updated <time> by the mess"; who changed it is in the audit log only.
ALTER TABLE mess_menu ADD COLUMN updated_at INTEGER;
