// Demo data for the hostel screens. The blocks, meal times, weekly menu and laundry slots of each
// demo campus come from scripts/seed/demo-colleges.sql, applied before this; this adds what
// students would have made, on both demo campuses, so that what one campus sees and the other does
// not is visible in `npm run dev`.
const IST_OFFSET_MS = 330 * 60_000;
const indiaDate = (ms) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const indiaInstant = (date, minutes) => Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS + minutes * 60_000;

export async function seed({ users, sql, now }) {
  const [asha, rohan, meera] = users;
  const hour = 3_600_000;
  const statements = [
    `INSERT INTO hostel_residents (user_id, block_id, room, updated_at) VALUES (${sql(asha.id)}, 'B', 'B-204', ${now});`,
    `INSERT INTO hostel_residents (user_id, block_id, room, updated_at) VALUES (${sql(rohan.id)}, 'B', 'B-118', ${now});`,
  ];

  const complaints = [
    [
      rohan,
      "internet",
      "B-118",
      "Wi-Fi on the first floor drops every evening between 9 and 11 pm, right when everyone studies.",
      "open",
      30,
    ],
    [
      rohan,
      "plumbing",
      "B-121",
      "The geyser in the first-floor common bathroom has been cold since Monday.",
      "in_progress",
      52,
    ],
    [
      asha,
      "electrical",
      "B-204",
      "The tube light in my room flickers and the switch sparks when turned on.",
      "open",
      6,
    ],
    [
      asha,
      "cleaning",
      "B-204",
      "Corridor dustbins on the second floor were not emptied over the weekend.",
      "resolved",
      100,
    ],
  ];
  const ids = [];
  for (const [user, category, room, description, status, hoursAgo] of complaints) {
    const id = crypto.randomUUID();
    ids.push(id);
    const created = now - hoursAgo * hour;
    const resolved = status === "resolved" ? created + 20 * hour : null;
    statements.push(
      `INSERT INTO hostel_complaints (id, user_id, block_id, room, category, description, status, created_at, updated_at, resolved_at) VALUES (${sql(id)}, ${sql(user.id)}, 'B', ${sql(room)}, ${sql(category)}, ${sql(description)}, ${sql(status)}, ${created}, ${resolved ?? created}, ${sql(resolved)});`,
    );
  }
  // Asha backs Rohan's Wi-Fi and geyser complaints.
  statements.push(
    `INSERT INTO hostel_complaint_me_too (complaint_id, user_id, created_at) VALUES (${sql(ids[0])}, ${sql(asha.id)}, ${now}), (${sql(ids[1])}, ${sql(asha.id)}, ${now});`,
  );

  statements.push(
    `INSERT INTO roommate_listings (id, user_id, about, preferred_block, room_type, budget_paise, sleep_schedule, study_habits, cleanliness, whatsapp, email, campus_id, created_at, updated_at) VALUES (${sql(crypto.randomUUID())}, ${sql(rohan.id)}, ${sql("Second-year CSE. I code late, play badminton on weekends and keep my side of the room neat. Looking for a chilled-out roommate for next semester.")}, 'B', 'double', 600000, 'night_owl', 'some_noise', 'tidy', '9876543210', 'rohan@campus.test', 'cit', ${now - 5 * hour}, ${now - 5 * hour});`,
  );

  const today = indiaDate(now);
  const yesterday = addDays(today, -1);
  statements.push(
    `INSERT INTO mess_ratings (user_id, date, meal_id, stars, created_at, updated_at) VALUES (${sql(rohan.id)}, ${sql(yesterday)}, 'dinner', 4, ${now - 20 * hour}, ${now - 20 * hour});`,
  );

  const tomorrow = addDays(today, 1);
  statements.push(
    `INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at) VALUES (${sql(crypto.randomUUID())}, ${sql(rohan.id)}, '1000', ${sql(tomorrow)}, ${indiaInstant(tomorrow, 600)}, 14, 'wash', 'booked', ${now});`,
  );
  statements.push(...riverside({ meera, sql, now, hour }));
  return statements;
}

// Meera Nair at Riverside College of Engineering (users[2]): her hall, a complaint, a roommate
// listing, today's breakfast rated and a laundry pickup, all on RCE's own halls, mess and slots.
function riverside({ meera, sql, now, hour }) {
  if (!meera) return [];
  const today = indiaDate(now);
  const dayAfter = addDays(today, 2);
  return [
    `INSERT INTO hostel_residents (user_id, block_id, room, updated_at, joined_at) VALUES (${sql(meera.id)}, 'rce-W', 'N-12', ${now - 240 * hour}, ${now - 240 * hour});`,
    `INSERT INTO hostel_complaints (id, user_id, block_id, room, category, description, status, created_at, updated_at) VALUES (${sql(crypto.randomUUID())}, ${sql(meera.id)}, 'rce-W', 'N-12', 'plumbing', ${sql("The water purifier on the ground floor of Nila has been leaking since the rains started.")}, 'open', ${now - 8 * hour}, ${now - 8 * hour});`,
    `INSERT INTO roommate_listings (id, user_id, about, preferred_block, room_type, budget_paise, sleep_schedule, study_habits, cleanliness, whatsapp, email, campus_id, created_at, updated_at) VALUES (${sql(crypto.randomUUID())}, ${sql(meera.id)}, ${sql("Second-year ECE at Riverside. Early riser, practises veena in the evenings, keeps the room tidy. Looking for a roommate in Nila hall.")}, 'rce-W', 'double', 450000, 'early_bird', 'silent', 'very_tidy', '9447012345', 'meera@riverside.test', 'rce', ${now - 3 * hour}, ${now - 3 * hour});`,
    `INSERT INTO mess_ratings (user_id, date, meal_id, stars, created_at, updated_at) VALUES (${sql(meera.id)}, ${sql(addDays(today, -1))}, 'rce-lunch', 5, ${now - 22 * hour}, ${now - 22 * hour});`,
    `INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at) VALUES (${sql(crypto.randomUUID())}, ${sql(meera.id)}, 'rce-1700', ${sql(dayAfter)}, ${indiaInstant(dayAfter, 1020)}, 8, 'iron', 'booked', ${now});`,
  ];
}
