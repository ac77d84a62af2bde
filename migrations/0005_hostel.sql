-- Hostel services: complaints, mess menu, roommate finder, laundry. Times are UTC epoch ms; dates
-- written as 'YYYY-MM-DD' are India dates (Asia/Kolkata). Reference data (blocks, meals and the
-- weekly menu, laundry slots) is inserted here so every database, including test ones, has it.

-- The hostel blocks, a fixed list: "students of the same block" must mean the same thing for all.
CREATE TABLE hostel_blocks (
  id TEXT PRIMARY KEY NOT NULL,          -- short code, e.g. 'A'
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);
INSERT INTO hostel_blocks (id, name, position) VALUES
  ('A', 'Block A (Aryabhata)', 1),
  ('B', 'Block B (Bhaskara)', 2),
  ('C', 'Block C (Charaka)', 3),
  ('D', 'Block D (Dhruva)', 4),
  ('G1', 'Girls'' Block G1 (Gargi)', 5),
  ('G2', 'Girls'' Block G2 (Ganga)', 6);

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
INSERT INTO mess_meals (id, name, starts_at_min, ends_at_min, position) VALUES
  ('breakfast', 'Breakfast', 450, 570, 1),
  ('lunch', 'Lunch', 750, 870, 2),
  ('snacks', 'Snacks', 1020, 1080, 3),
  ('dinner', 'Dinner', 1170, 1290, 4);

CREATE TABLE mess_menu (
  day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 7),
  meal_id TEXT NOT NULL REFERENCES mess_meals(id),
  items TEXT NOT NULL,                   -- comma-separated dishes, in serving order
  PRIMARY KEY (day, meal_id)
);
INSERT INTO mess_menu (day, meal_id, items) VALUES
  (1, 'breakfast', 'Aloo paratha, Curd, Pickle, Tea'),
  (1, 'lunch', 'Rajma, Jeera rice, Roti, Salad'),
  (1, 'snacks', 'Samosa, Green chutney, Tea'),
  (1, 'dinner', 'Mix veg, Dal tadka, Rice, Roti, Kheer'),
  (2, 'breakfast', 'Poha, Boiled eggs, Banana, Coffee'),
  (2, 'lunch', 'Chole, Bhature, Rice, Raita'),
  (2, 'snacks', 'Bread pakora, Tea'),
  (2, 'dinner', 'Paneer butter masala, Dal, Rice, Roti'),
  (3, 'breakfast', 'Idli, Sambar, Coconut chutney, Tea'),
  (3, 'lunch', 'Kadhi pakora, Rice, Aloo gobi, Roti'),
  (3, 'snacks', 'Veg sandwich, Coffee'),
  (3, 'dinner', 'Egg curry or Malai kofta, Rice, Roti, Gulab jamun'),
  (4, 'breakfast', 'Upma, Sprouts, Tea'),
  (4, 'lunch', 'Dal makhani, Rice, Bhindi fry, Roti'),
  (4, 'snacks', 'Pav bhaji, Lemonade'),
  (4, 'dinner', 'Veg biryani, Raita, Salan, Ice cream'),
  (5, 'breakfast', 'Masala dosa, Sambar, Chutney, Coffee'),
  (5, 'lunch', 'Sambar, Rice, Cabbage poriyal, Curd'),
  (5, 'snacks', 'Vada pav, Tea'),
  (5, 'dinner', 'Chicken curry or Kadai paneer, Rice, Roti'),
  (6, 'breakfast', 'Chole kulche, Tea'),
  (6, 'lunch', 'Veg pulao, Dal fry, Papad, Curd'),
  (6, 'snacks', 'Maggi, Tea'),
  (6, 'dinner', 'Aloo matar, Dal, Rice, Roti, Halwa'),
  (7, 'breakfast', 'Puri bhaji, Jalebi, Tea'),
  (7, 'lunch', 'Special thali: Paneer, Dal, Pulao, Roti, Sweet'),
  (7, 'snacks', 'Bhel puri, Tea'),
  (7, 'dinner', 'Khichdi, Kadhi, Papad, Pickle');

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
INSERT INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position) VALUES
  ('0800', 480, 600, 10, 1),
  ('1000', 600, 720, 10, 2),
  ('1400', 840, 960, 10, 3),
  ('1600', 960, 1080, 10, 4),
  ('1800', 1080, 1200, 10, 5);

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
