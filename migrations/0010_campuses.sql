-- Campuses: one deployment serves many colleges. A campus is data: its name, the e-mail
-- domains of its students, and (in later migrations) its hostel blocks, mess and laundry. A student
-- belongs to the campus of their address's domain; an address of no known campus belongs to the
-- "Open community" when OPEN_SIGNUP is on (docs/decisions/0073-campuses.md).

CREATE TABLE campuses (
  id TEXT PRIMARY KEY NOT NULL,          -- short stable code, e.g. 'cit'
  name TEXT NOT NULL,                    -- "Campus Institute of Technology"
  short_name TEXT NOT NULL,              -- "CIT": badges ("Verified CIT student") and mail subjects
  city TEXT NOT NULL DEFAULT '',
  -- 1 for the Open community: no domain, no verification, works as Campus did before campuses.
  is_open INTEGER NOT NULL DEFAULT 0 CHECK (is_open IN (0, 1)),
  created_at INTEGER NOT NULL
);

-- The e-mail domains of a campus. A student of a subdomain (cse.campus.test) belongs to the campus
-- of the nearest listed parent domain.
CREATE TABLE campus_domains (
  domain TEXT PRIMARY KEY NOT NULL,      -- lower case, no '@'
  campus_id TEXT NOT NULL REFERENCES campuses(id) ON DELETE CASCADE
);
CREATE INDEX campus_domains_campus ON campus_domains(campus_id);

-- The Open community, a product concept: where an address of no known college belongs. The two demo
-- colleges this migration used to insert (cit on campus.test, rce on riverside.test) are demo data
-- and live in scripts/seed/demo-colleges.sql (docs/decisions/0100-one-schema-source.md); a deploy
-- starts with no college, and operators create each one.
INSERT INTO campuses (id, name, short_name, city, is_open, created_at) VALUES
  ('open', 'Open community', 'Open', '', 1, 0);

-- Which campus a student belongs to, decided at registration from the address and never changed by
-- the student (the address is what proves it). No REFERENCES: SQLite cannot add a column with a
-- foreign key and a non-NULL default; worker/services/campus.ts only ever writes known ids.
ALTER TABLE users ADD COLUMN campus_id TEXT NOT NULL DEFAULT 'open';
UPDATE users SET campus_id = COALESCE(
  (SELECT d.campus_id FROM campus_domains d
    WHERE lower(substr(users.email, instr(users.email, '@') + 1)) = d.domain
       OR lower(substr(users.email, instr(users.email, '@') + 1)) LIKE '%.' || d.domain),
  'open');
CREATE INDEX users_campus ON users(campus_id);
