// Clubs and events for the demo (docs/decisions/0130-the-waiting-list.md): two clubs of Campus
// Institute of Technology, Asha leading the Robotics Club, Rohan following it; this week's events,
// one full with Rohan on its waiting list, and one open to visitors. Times are relative to now.
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export async function seed({ users, sql, now }) {
  const by = (email) => users.find((u) => u.email === email);
  const asha = by("asha@campus.test");
  const rohan = by("rohan@campus.test");
  const admin = by("admin@campus.test");
  if (!asha || !rohan || !admin) return [];
  const robotics = "demo-club-robotics";
  const music = "demo-club-music";
  const statements = [
    `INSERT OR IGNORE INTO clubs (id, campus_id, name, description, logo_key, created_at) VALUES (${sql(robotics)}, 'cit', 'Robotics Club', 'We build line followers, drones and anything with a motor.', NULL, ${now});`,
    `INSERT OR IGNORE INTO clubs (id, campus_id, name, description, logo_key, created_at) VALUES (${sql(music)}, 'cit', 'Music Society', 'Jam sessions, open mics and the annual concert.', NULL, ${now});`,
    `INSERT OR IGNORE INTO club_leads (club_id, user_id, granted_by, granted_at) VALUES (${sql(robotics)}, ${sql(asha.id)}, ${sql(admin.id)}, ${now});`,
    `INSERT OR IGNORE INTO club_follows (club_id, user_id, created_at) VALUES (${sql(robotics)}, ${sql(rohan.id)}, ${now});`,
  ];
  const events = [
    // [id, club, title, category, starts in, hours, capacity, open to visitors, place]
    ["demo-event-build-night", robotics, "Robot build night", "technical", 2 * HOUR, 3, null, 0, "Lab 3, block C"],
    ["demo-event-drone-workshop", robotics, "Drone workshop", "workshop", 2 * DAY, 2, 1, 0, "Seminar hall"],
    ["demo-event-open-mic", music, "Open mic evening", "cultural", 3 * DAY, 2, null, 1, "Amphitheatre"],
  ];
  for (const [id, club, title, category, inMs, hours, capacity, open, place] of events) {
    const startsAt = now + inMs;
    statements.push(
      `INSERT OR IGNORE INTO events (id, campus_id, club_id, created_by, title, description, category, starts_at, ends_at, place_id, place_text, poster_key, capacity, signup_closes_at, open_to_visitors, status, created_at, updated_at) VALUES (${sql(id)}, 'cit', ${sql(club)}, ${sql(asha.id)}, ${sql(title)}, ${sql(`${title}: everyone welcome.`)}, ${sql(category)}, ${startsAt}, ${startsAt + hours * HOUR}, NULL, ${sql(place)}, NULL, ${capacity === null ? "NULL" : capacity}, NULL, ${open}, 'published', ${now}, ${now});`,
    );
  }
  // The drone workshop's one place is Asha's; Rohan waits for it.
  statements.push(
    `INSERT OR IGNORE INTO event_attendees (event_id, user_id, state, position, joined_at) VALUES ('demo-event-drone-workshop', ${sql(asha.id)}, 'going', 1, ${now});`,
    `INSERT OR IGNORE INTO event_attendees (event_id, user_id, state, position, joined_at) VALUES ('demo-event-drone-workshop', ${sql(rohan.id)}, 'waiting', 2, ${now});`,
    `INSERT OR IGNORE INTO event_attendees (event_id, user_id, state, position, joined_at) VALUES ('demo-event-build-night', ${sql(rohan.id)}, 'going', 1, ${now});`,
  );
  return statements;
}
