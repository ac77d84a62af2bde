-- The demo colleges of `npm run dev`, the tests and the benchmarks: Campus Institute of Technology
-- (cit, campus.test, where the demo accounts live) and Riverside College of Engineering (rce,
-- riverside.test), with their hostel blocks, mess meals and weekly menus, laundry slots and safe
-- meet-up places, and the same hostel set-up for the Open community. Never part of a deploy: a deployed Campus starts with
-- the Open community alone, and a college is set up by its own people
-- (docs/decisions/0100-one-schema-source.md).
--
-- Applied after the migrations by scripts/seed.mjs (`npm run dev`, `npm run db:seed`), by the browser
-- tests' and benchmarks' server (scripts/built-worker.mjs) and by the Worker tests (test/setup.ts).
-- Idempotent: every row is INSERT OR IGNORE by its key, so a second run, or a run on a database
-- that got these rows from migrations 0005, 0010 and 0013 before they moved here, changes nothing.
-- The rows and ids are the ones those migrations inserted (ids unique across campuses, decision 0077).

INSERT OR IGNORE INTO campuses (id, name, short_name, city, is_open, created_at) VALUES
  ('cit', 'Campus Institute of Technology', 'CIT', 'Pune', 0, 0),
  ('rce', 'Riverside College of Engineering', 'RCE', 'Kochi', 0, 0);
INSERT OR IGNORE INTO campus_domains (domain, campus_id) VALUES
  ('campus.test', 'cit'),
  ('riverside.test', 'rce');

-- Campus Institute of Technology (Pune): six blocks, four meals, five laundry slots.
INSERT OR IGNORE INTO hostel_blocks (id, name, position, campus_id) VALUES
  ('A', 'Block A (Aryabhata)', 1, 'cit'),
  ('B', 'Block B (Bhaskara)', 2, 'cit'),
  ('C', 'Block C (Charaka)', 3, 'cit'),
  ('D', 'Block D (Dhruva)', 4, 'cit'),
  ('G1', 'Girls'' Block G1 (Gargi)', 5, 'cit'),
  ('G2', 'Girls'' Block G2 (Ganga)', 6, 'cit');

INSERT OR IGNORE INTO mess_meals (id, name, starts_at_min, ends_at_min, position, campus_id) VALUES
  ('breakfast', 'Breakfast', 450, 570, 1, 'cit'),
  ('lunch', 'Lunch', 750, 870, 2, 'cit'),
  ('snacks', 'Snacks', 1020, 1080, 3, 'cit'),
  ('dinner', 'Dinner', 1170, 1290, 4, 'cit');

INSERT OR IGNORE INTO mess_menu (day, meal_id, items) VALUES
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

INSERT OR IGNORE INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position, campus_id) VALUES
  ('0800', 480, 600, 10, 1, 'cit'),
  ('1000', 600, 720, 10, 2, 'cit'),
  ('1400', 840, 960, 10, 3, 'cit'),
  ('1600', 960, 1080, 10, 4, 'cit'),
  ('1800', 1080, 1200, 10, 5, 'cit');

-- Riverside College of Engineering (Kochi): four halls, Kerala meal times with evening tea instead
-- of snacks, and four laundry slots of other times and sizes, so the two demo campuses differ.
INSERT OR IGNORE INTO hostel_blocks (id, name, position, campus_id) VALUES
  ('rce-1', 'Hall 1 (Periyar)', 1, 'rce'),
  ('rce-2', 'Hall 2 (Pamba)', 2, 'rce'),
  ('rce-3', 'Hall 3 (Kabani)', 3, 'rce'),
  ('rce-W', 'Women''s Hall (Nila)', 4, 'rce');

INSERT OR IGNORE INTO mess_meals (id, name, starts_at_min, ends_at_min, position, campus_id) VALUES
  ('rce-breakfast', 'Breakfast', 420, 540, 1, 'rce'),
  ('rce-lunch', 'Lunch', 750, 840, 2, 'rce'),
  ('rce-tea', 'Evening tea', 960, 1020, 3, 'rce'),
  ('rce-dinner', 'Dinner', 1140, 1260, 4, 'rce');

INSERT OR IGNORE INTO mess_menu (day, meal_id, items) VALUES
  (1, 'rce-breakfast', 'Appam, Vegetable stew, Banana, Tea'),
  (1, 'rce-lunch', 'Matta rice, Sambar, Avial, Cabbage thoran, Pappadam'),
  (1, 'rce-tea', 'Pazham pori, Chai'),
  (1, 'rce-dinner', 'Chapati, Kadala curry, Curd rice'),
  (2, 'rce-breakfast', 'Puttu, Kadala curry, Tea'),
  (2, 'rce-lunch', 'Matta rice, Moru curry, Beans thoran, Fish fry or Egg roast'),
  (2, 'rce-tea', 'Unniyappam, Chai'),
  (2, 'rce-dinner', 'Porotta, Vegetable kurma, Rice'),
  (3, 'rce-breakfast', 'Idiyappam, Egg curry or Kadala curry, Coffee'),
  (3, 'rce-lunch', 'Matta rice, Rasam, Olan, Beetroot thoran, Pickle'),
  (3, 'rce-tea', 'Parippu vada, Chai'),
  (3, 'rce-dinner', 'Kappa, Fish curry or Mushroom roast, Rice'),
  (4, 'rce-breakfast', 'Dosa, Sambar, Coconut chutney, Tea'),
  (4, 'rce-lunch', 'Matta rice, Sambar, Erissery, Pappadam, Buttermilk'),
  (4, 'rce-tea', 'Banana chips, Chai'),
  (4, 'rce-dinner', 'Chapati, Chicken curry or Paneer masala, Rice'),
  (5, 'rce-breakfast', 'Upma, Banana, Coffee'),
  (5, 'rce-lunch', 'Vegetable biryani, Raita, Pickle, Pappadam'),
  (5, 'rce-tea', 'Sukhiyan, Chai'),
  (5, 'rce-dinner', 'Kanji, Cherupayar, Pappadam, Pickle'),
  (6, 'rce-breakfast', 'Poori, Potato masala, Tea'),
  (6, 'rce-lunch', 'Matta rice, Theeyal, Cabbage thoran, Curd'),
  (6, 'rce-tea', 'Ela ada, Chai'),
  (6, 'rce-dinner', 'Porotta, Egg roast or Veg stew, Rice'),
  (7, 'rce-breakfast', 'Appam, Egg curry or Veg stew, Tea'),
  (7, 'rce-lunch', 'Sadya: Matta rice, Sambar, Avial, Olan, Thoran, Pappadam, Payasam'),
  (7, 'rce-tea', 'Cutlet, Chai'),
  (7, 'rce-dinner', 'Chapati, Dal, Rice, Banana');

INSERT OR IGNORE INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position, campus_id) VALUES
  ('rce-0700', 420, 540, 6, 1, 'rce'),
  ('rce-1200', 720, 840, 6, 2, 'rce'),
  ('rce-1700', 1020, 1140, 8, 3, 'rce'),
  ('rce-1930', 1170, 1290, 4, 4, 'rce');

-- Safe meet-up places for trades (docs/decisions/0116-meetup-places.md): lit, public, watched. The
-- Open community has none: its members share no campus to meet on.
INSERT OR IGNORE INTO meetup_places (id, campus_id, name, note, created_at) VALUES
  ('cit-library-entrance', 'cit', 'Library entrance', 'Lit and staffed until 11 pm.', 0),
  ('cit-main-gate', 'cit', 'Main gate guard post', 'Guards on duty day and night.', 0),
  ('cit-central-canteen', 'cit', 'Central canteen', 'Busy from 8 am to 9 pm.', 0),
  ('cit-admin-block-lobby', 'cit', 'Admin block lobby', NULL, 0),
  ('rce-library-entrance', 'rce', 'Library entrance', 'Open until 10 pm.', 0),
  ('rce-main-gate', 'rce', 'Main gate guard post', 'Guards on duty day and night.', 0),
  ('rce-central-canteen', 'rce', 'Central canteen', NULL, 0);

-- The Open community: a copy of CIT's set-up with ids of its own, as migration 0013 made it.
INSERT OR IGNORE INTO hostel_blocks (id, name, position, campus_id)
  SELECT 'open-' || id, name, position, 'open' FROM hostel_blocks WHERE campus_id = 'cit';
INSERT OR IGNORE INTO mess_meals (id, name, starts_at_min, ends_at_min, position, campus_id)
  SELECT 'open-' || id, name, starts_at_min, ends_at_min, position, 'open' FROM mess_meals WHERE campus_id = 'cit';
INSERT OR IGNORE INTO mess_menu (day, meal_id, items)
  SELECT m.day, 'open-' || m.meal_id, m.items FROM mess_menu m JOIN mess_meals ml ON ml.id = m.meal_id WHERE ml.campus_id = 'cit';
INSERT OR IGNORE INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position, campus_id)
  SELECT 'open-' || id, starts_at_min, ends_at_min, capacity, position, 'open' FROM laundry_slots WHERE campus_id = 'cit';
