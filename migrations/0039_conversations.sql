-- Trade that talks (docs/decisions/0113-conversations.md): a buyer's conversation with a listing's
-- seller, its messages, offers, blocks and reports; the safe meet-up places a campus admin lists;
-- and the seller's WhatsApp number, kept once in their profile instead of typed per listing.

-- NULL: the member gave no number. Private: shown to nobody unless they share it in a conversation.
ALTER TABLE users ADD COLUMN whatsapp_number TEXT;

-- Places on a campus where two students can meet to hand something over (the library's entrance,
-- the main gate's guard post ...): lit, public, watched. Retired places stay for the meet-ups that
-- named them.
CREATE TABLE meetup_places (
  id TEXT PRIMARY KEY NOT NULL,
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  note TEXT,
  created_at INTEGER NOT NULL,
  retired_at INTEGER
);
CREATE INDEX meetup_places_campus ON meetup_places(campus_id, retired_at, name);

-- One conversation per (listing, buyer). last_seq numbers its messages 1, 2, 3 ...; each side's
-- read_seq is the last message it has seen, so unread = last_seq - read_seq with no count query.
-- last_message_id is what a send's batch writes, so the message row is inserted only for the send
-- that advanced last_seq (the same pattern as products.sale_id).
CREATE TABLE conversations (
  id TEXT PRIMARY KEY NOT NULL,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  buyer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seller_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_message_at INTEGER NOT NULL,
  last_message_id TEXT,
  last_seq INTEGER NOT NULL DEFAULT 0,
  buyer_read_seq INTEGER NOT NULL DEFAULT 0,
  seller_read_seq INTEGER NOT NULL DEFAULT 0,
  -- The meet-up the two agreed: a listed place and a time; proposed by one, agreed by the other.
  meet_place_id TEXT REFERENCES meetup_places(id) ON DELETE SET NULL,
  meet_at INTEGER,
  meet_proposed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  meet_agreed_at INTEGER
);
CREATE UNIQUE INDEX conversations_once ON conversations(product_id, buyer_id);
CREATE INDEX conversations_buyer ON conversations(buyer_id, last_message_at);
CREATE INDEX conversations_seller ON conversations(seller_id, last_message_at);
-- A send's batch finds the row it advanced by the message id it wrote.
CREATE UNIQUE INDEX conversations_last_message ON conversations(last_message_id);
-- The foreign keys' own lookups (a user's or a place's row going).
CREATE INDEX conversations_meet_proposed_by ON conversations(meet_proposed_by);
CREATE INDEX conversations_meet_place ON conversations(meet_place_id);

-- A conversation's messages in order. kind: what a screen draws (a text, an offer and its answer,
-- a meet-up, a shared number, a note from Campus). client_key makes a resent form or a retried
-- request one message, not two.
CREATE TABLE messages (
  id TEXT PRIMARY KEY NOT NULL,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  sender_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('text', 'offer', 'accepted', 'declined', 'meetup', 'agreed', 'contact', 'system')),
  body TEXT NOT NULL,
  price_paise INTEGER,
  -- 1: the text links to a payment page outside Campus; both sides see a warning beside it.
  flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
  client_key TEXT,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX messages_order ON messages(conversation_id, seq);
CREATE UNIQUE INDEX messages_client_key ON messages(conversation_id, sender_id, client_key) WHERE client_key IS NOT NULL;
CREATE INDEX messages_sender ON messages(sender_id) WHERE sender_id IS NOT NULL;

-- A buyer's offer in a conversation: at most one waiting per conversation. Accepting it reserves
-- the listing at that price in the same conditional write as Buy; sale_id names that reservation.
CREATE TABLE offers (
  id TEXT PRIMARY KEY NOT NULL,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  buyer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  price_paise INTEGER NOT NULL CHECK (price_paise >= 0),
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'accepted', 'declined', 'withdrawn', 'lapsed')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  sale_id TEXT
);
CREATE UNIQUE INDEX offers_one_waiting ON offers(conversation_id) WHERE status = 'waiting';
CREATE INDEX offers_conversation ON offers(conversation_id);
CREATE INDEX offers_product ON offers(product_id, status);
CREATE INDEX offers_buyer ON offers(buyer_id);

-- A member who blocked another: neither can message the other any more.
CREATE TABLE member_blocks (
  blocker_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX member_blocks_blocked ON member_blocks(blocked_id);

-- A conversation reported by one of its two members: a moderator of its campus may then read that
-- conversation (and only it), each reading audited.
CREATE TABLE conversation_reports (
  id TEXT PRIMARY KEY NOT NULL,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  campus_id TEXT NOT NULL REFERENCES campuses(id),
  reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('scam', 'offensive', 'personal_information', 'other')),
  note TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER
);
CREATE UNIQUE INDEX conversation_reports_once ON conversation_reports(reporter_id, conversation_id);
CREATE INDEX conversation_reports_conversation ON conversation_reports(conversation_id);
CREATE INDEX conversation_reports_queue ON conversation_reports(campus_id, resolved_at, created_at);
