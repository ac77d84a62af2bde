-- Hostel per campus (docs/decisions/0077-campus-hostel.md). A campus has its own hostel
-- blocks, mess (meal times and weekly menu) and laundry slots; everything students write in the
-- hostel (residence, complaints, "me too", ratings, bookings, roommate listings) hangs off those
-- rows or carries the campus, so every list and every write can be scoped by the student's campus.
--
-- One rule for all of a campus's reference rows: their ids stay unique across campuses. The rows of
-- migration 0005 become Campus Institute of Technology's ('cit') and keep their ids ('A', 'lunch',
-- '1000'), so existing clients keep working; other campuses' ids start with the campus id
-- ('rce-1', 'rce-lunch', 'open-1000'). No REFERENCES on the new campus_id columns: SQLite cannot
-- add a column with a foreign key and a non-NULL default (as users.campus_id in 0010).

ALTER TABLE hostel_blocks ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'cit';
ALTER TABLE mess_meals ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'cit';
ALTER TABLE laundry_slots ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'cit';
CREATE INDEX hostel_blocks_campus ON hostel_blocks(campus_id, position);
CREATE INDEX mess_meals_campus ON mess_meals(campus_id, position);
CREATE INDEX laundry_slots_campus ON laundry_slots(campus_id, position);

-- This migration used to insert Riverside College of Engineering's halls, meals, menu and laundry
-- slots: demo data, now in scripts/seed/demo-colleges.sql (docs/decisions/0100-one-schema-source.md).
--
-- The Open community works as Campus did before campuses: its own copy of the set-up every student
-- shared until now (same block names, meal times, menu and slots), with ids of its own. On a
-- database that had that set-up from migration 0005 this copies it; on one migrated after the demo
-- data left 0005 there is nothing to copy, and the Open community starts with no hostel set-up.
INSERT INTO hostel_blocks (id, name, position, campus_id)
  SELECT 'open-' || id, name, position, 'open' FROM hostel_blocks WHERE campus_id = 'cit';
INSERT INTO mess_meals (id, name, starts_at_min, ends_at_min, position, campus_id)
  SELECT 'open-' || id, name, starts_at_min, ends_at_min, position, 'open' FROM mess_meals WHERE campus_id = 'cit';
INSERT INTO mess_menu (day, meal_id, items)
  SELECT m.day, 'open-' || m.meal_id, m.items FROM mess_menu m JOIN mess_meals ml ON ml.id = m.meal_id WHERE ml.campus_id = 'cit';
INSERT INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position, campus_id)
  SELECT 'open-' || id, starts_at_min, ends_at_min, capacity, position, 'open' FROM laundry_slots WHERE campus_id = 'cit';

-- Roommate listings belong to the poster's campus.
ALTER TABLE roommate_listings ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'open';
UPDATE roommate_listings SET campus_id = (SELECT u.campus_id FROM users u WHERE u.id = roommate_listings.user_id);
CREATE INDEX roommate_listings_campus ON roommate_listings(campus_id, updated_at);

-- What Open-community students did before campuses happened in the shared (now CIT's) blocks, mess
-- and laundry: move it to the Open community's copies, so CIT's students no longer see it and they
-- keep seeing it. Students of other colleges cannot have rows yet (their domains came with 0010).
UPDATE hostel_residents SET block_id = 'open-' || block_id
  WHERE user_id IN (SELECT id FROM users WHERE campus_id = 'open') AND block_id IN (SELECT id FROM hostel_blocks WHERE campus_id = 'cit');
UPDATE hostel_complaints SET block_id = 'open-' || block_id
  WHERE user_id IN (SELECT id FROM users WHERE campus_id = 'open') AND block_id IN (SELECT id FROM hostel_blocks WHERE campus_id = 'cit');
-- A "me too" counts only within the complaint's campus.
DELETE FROM hostel_complaint_me_too
  WHERE (SELECT u.campus_id FROM users u WHERE u.id = hostel_complaint_me_too.user_id)
     <> (SELECT b.campus_id FROM hostel_complaints c JOIN hostel_blocks b ON b.id = c.block_id WHERE c.id = hostel_complaint_me_too.complaint_id);
UPDATE mess_ratings SET meal_id = 'open-' || meal_id
  WHERE user_id IN (SELECT id FROM users WHERE campus_id = 'open') AND meal_id IN (SELECT id FROM mess_meals WHERE campus_id = 'cit');
UPDATE laundry_bookings SET slot_id = 'open-' || slot_id
  WHERE user_id IN (SELECT id FROM users WHERE campus_id = 'open') AND slot_id IN (SELECT id FROM laundry_slots WHERE campus_id = 'cit');
UPDATE roommate_listings SET preferred_block = 'open-' || preferred_block
  WHERE campus_id = 'open' AND preferred_block IN (SELECT id FROM hostel_blocks WHERE campus_id = 'cit');
-- Any other preference for another campus's block becomes "any block".
UPDATE roommate_listings SET preferred_block = NULL
  WHERE preferred_block IS NOT NULL AND preferred_block NOT IN (SELECT id FROM hostel_blocks b WHERE b.campus_id = roommate_listings.campus_id);
