-- Hostel services: complaints, mess menu, roommate finder, laundry. Times are UTC epoch ms; dates
-- written as 'YYYY-MM-DD' are India dates (Asia/Kolkata).
--
-- This migration used to insert the demo college's blocks, meals, weekly menu and laundry slots. They
-- are demo data, so they moved to scripts/seed/demo-colleges.sql: a deploy starts with none, and a
-- college's admin sets up its own. A database migrated before the move keeps them; one migrated
-- after gets them from the seed (npm run dev, the tests). See docs/decisions/0100-one-schema-source.md.

-- The hostel blocks, a fixed list: "students of the same block" must mean the same thing for all.
CREATE TABLE hostel_blocks (
  id TEXT PRIMARY KEY NOT NULL,          -- short code, e.g. 'A'
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);

-- Where a student lives; set when they file a complaint. Decides which block's complaints they see.
CREATE TABLE hostel_residents (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  block_id TEXT NOT NULL REFERENCES hostel_blocks(id),
  room TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE hostel_complaints (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  block_id TEXT NOT NULL REFERENCES hostel_blocks(id),
  room TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('electrical', 'plumbing', 'cleaning', 'internet', 'furniture', 'mess', 'other')),
  description TEXT NOT NULL,
  photo_key TEXT,                        -- complaints/<uuid> in R2
  photo_type TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'withdrawn')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  resolved_at INTEGER
);
CREATE INDEX hostel_complaints_block ON hostel_complaints(block_id, status);
CREATE INDEX hostel_complaints_user ON hostel_complaints(user_id, created_at);

-- One "me too" per student per complaint: the primary key decides, the count is derived from it.
CREATE TABLE hostel_complaint_me_too (
  complaint_id TEXT NOT NULL REFERENCES hostel_complaints(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (complaint_id, user_id)
);

-- Meal times (India time, minutes after midnight) and the weekly menu (day 1 = Monday ... 7 = Sunday).
CREATE TABLE mess_meals (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  starts_at_min INTEGER NOT NULL,
  ends_at_min INTEGER NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE mess_menu (
  day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 7),
  meal_id TEXT NOT NULL REFERENCES mess_meals(id),
  items TEXT NOT NULL,                   -- comma-separated dishes, in serving order
  PRIMARY KEY (day, meal_id)
);

-- One rating per student per meal per India date; the student can change it that day.
CREATE TABLE mess_ratings (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  meal_id TEXT NOT NULL REFERENCES mess_meals(id),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, date, meal_id)
);
CREATE INDEX mess_ratings_date ON mess_ratings(date, meal_id);

-- One listing per student (the UNIQUE index decides).
CREATE TABLE roommate_listings (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  about TEXT NOT NULL,
  preferred_block TEXT REFERENCES hostel_blocks(id),   -- NULL: any block
  room_type TEXT NOT NULL CHECK (room_type IN ('single', 'double', 'triple', 'any')),
  budget_paise INTEGER NOT NULL CHECK (budget_paise >= 0),  -- per month
  sleep_schedule TEXT NOT NULL CHECK (sleep_schedule IN ('early_bird', 'night_owl', 'flexible')),
  study_habits TEXT NOT NULL CHECK (study_habits IN ('silent', 'some_noise', 'group', 'flexible')),
  cleanliness TEXT NOT NULL CHECK (cleanliness IN ('very_tidy', 'tidy', 'relaxed')),
  whatsapp TEXT,                         -- 10 digits, shown as a wa.me/91... link
  email TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (whatsapp IS NOT NULL OR email IS NOT NULL)
);
CREATE INDEX roommate_listings_updated ON roommate_listings(updated_at);

-- Pickup slots (India time, minutes after midnight) with their capacity per day.
CREATE TABLE laundry_slots (
  id TEXT PRIMARY KEY NOT NULL,
  starts_at_min INTEGER NOT NULL,
  ends_at_min INTEGER NOT NULL,
  capacity INTEGER NOT NULL CHECK (capacity > 0),
  position INTEGER NOT NULL
);

CREATE TABLE laundry_bookings (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  slot_id TEXT NOT NULL REFERENCES laundry_slots(id),
  date TEXT NOT NULL,
  starts_at INTEGER NOT NULL,            -- the slot's start, UTC epoch ms
  clothes INTEGER NOT NULL CHECK (clothes BETWEEN 1 AND 40),
  service TEXT NOT NULL CHECK (service IN ('wash', 'iron', 'dry_clean')),
  status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'picked_up', 'delivered', 'cancelled')),
  created_at INTEGER NOT NULL,
  cancelled_at INTEGER
);
CREATE INDEX laundry_bookings_slot ON laundry_bookings(date, slot_id, status);
CREATE INDEX laundry_bookings_user ON laundry_bookings(user_id, starts_at);
-- A student holds at most one live booking per slot.
CREATE UNIQUE INDEX laundry_bookings_one_per_slot ON laundry_bookings(user_id, date, slot_id) WHERE status <> 'cancelled';
