-- Study Swap: assignment requests posted by students, and writer profiles. Times are UTC epoch ms.
CREATE TABLE study_requests (
  id TEXT PRIMARY KEY NOT NULL,
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  subject TEXT NOT NULL,                 -- sent as "category" by the form
  requirements TEXT NOT NULL,            -- sent as "details" by the form
  deadline TEXT,                         -- free text, e.g. "7 days"
  budget TEXT,                           -- free text kept as written, e.g. "₹2,000"
  budget_value REAL,                     -- the number in the budget text, for sorting; NULL when none
  pages INTEGER,
  contact TEXT NOT NULL,                 -- an e-mail address or a phone number
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  attachment_key TEXT,                   -- R2 key chosen by the server (requests/<uuid>)
  attachment_name TEXT,                  -- the file name as a safe download name
  attachment_type TEXT,                  -- the content type detected from the file's bytes
  attachment_size INTEGER,
  created_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE INDEX study_requests_status_created ON study_requests(status, created_at);
CREATE INDEX study_requests_owner ON study_requests(owner_id, created_at);

-- One writer profile per user, shown on /studyswap.
CREATE TABLE writers (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  expertise TEXT NOT NULL,
  rate_paise INTEGER,                    -- per page, optional
  contact TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX writers_updated ON writers(updated_at);
