-- A college set up by its own admin in the app (docs/decisions/0104-campus-setup.md).
--
-- google_hd_required: Google sign-in for this campus's domains must come from its Google Workspace
-- (the ID token's `hd` claim names one of the campus's domains); a personal Google account that
-- merely carries the address is refused.
-- disabled_at: set by an operator (`npm run campus -- disable <id>`); while set, the campus admits no
-- new members (registration and a first Google sign-in are refused). Existing members keep their data.
ALTER TABLE campuses ADD COLUMN google_hd_required INTEGER NOT NULL DEFAULT 0 CHECK (google_hd_required IN (0, 1));
ALTER TABLE campuses ADD COLUMN disabled_at INTEGER;

-- Whether students use a block, a meal or a slot (the admin's lists and the checks before a removal)
-- is read by its id: an index each, so the check never reads a whole table.
CREATE INDEX mess_ratings_meal ON mess_ratings(meal_id);
CREATE INDEX laundry_bookings_slot_date ON laundry_bookings(slot_id, date);
CREATE INDEX block_moves_from_block ON block_moves(from_block_id);
CREATE INDEX staff_roles_block_id ON staff_roles(block_id) WHERE block_id IS NOT NULL;
-- The block a roommate listing prefers: a block added or removed looks its listings up (the foreign
-- key's check, and "now prefers any block").
CREATE INDEX roommate_listings_preferred_block ON roommate_listings(preferred_block);
