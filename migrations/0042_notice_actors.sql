-- A notice that names a student (a message's sender, a reservation's buyer) keeps who acted as an id
-- and reads their name when the notice is read (worker/services/notices.ts): the stored text holds
-- no name, so deleting or renaming the account needs no change to it. Before, the name led the text
-- and account deletion cut as many characters as the account's current name, which garbled every
-- notice of a student renamed since, and left their messages' previews in other inboxes.
ALTER TABLE notices ADD COLUMN actor_id TEXT;
CREATE INDEX notices_actor ON notices(actor_id) WHERE actor_id IS NOT NULL;

-- A message's notice read "<first name>: <preview>". A first name has no space in it, so the first
-- ": " is where it ends; the text keeps ": <preview>".
UPDATE notices SET actor_id = about_user_id, about_user_id = NULL, text = substr(text, instr(text, ': '))
WHERE kind = 'market.message' AND about_user_id IS NOT NULL AND instr(text, ': ') > 1;

-- A reservation's notice read "<full name> reserved it. ..."; the text keeps " reserved it. ...".
UPDATE notices SET actor_id = about_user_id, about_user_id = NULL, text = substr(text, instr(text, ' reserved it. '))
WHERE kind = 'market.reserved' AND about_user_id IS NOT NULL AND instr(text, ' reserved it. ') > 1;

-- Rows that did not match keep their text and about_user_id: deleting that account deletes them.

-- A deleted buyer's reservation notice whose text the old cut garbled ("Deleted studenta reserved
-- it. ..."): mended where the sentence after the name is whole; otherwise kept as it is.
UPDATE notices SET text = 'Deleted student' || substr(text, instr(text, ' reserved it. '))
WHERE kind = 'market.reserved' AND about_user_id IS NULL AND actor_id IS NULL
  AND text LIKE 'Deleted student%' AND instr(text, ' reserved it. ') > 0;

-- Messages' notices of conversations that are gone (deleted whole with an account, decision 0113):
-- their previews were left in the other member's inbox, their names garbled.
DELETE FROM notices WHERE kind = 'market.message'
  AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.id = substr(notices.link, length('/messages/') + 1));
