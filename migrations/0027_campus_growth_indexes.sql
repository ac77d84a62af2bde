-- Per-college set-up grows with the number of colleges, and `bench:campuses` at N = 100
-- showed a visitor's mess menu reading 1,740 rows: the menu was read by walking the whole table.
-- The query-plan test now counts a whole-index walk without a LIMIT as a full read too.

-- A college's menu, by its meals.
CREATE INDEX mess_menu_meal ON mess_menu(meal_id, day);
-- Saves of a listing (deleting a listing removes them: the foreign key looks them up by listing).
CREATE INDEX saved_products_product ON saved_products(product_id);
