// Reports and mess ratings for the demo, so that the moderator's queue and the mess
// staff's chart show something on `npm run dev`: one listing reported twice (still visible), one
// reported by three students and so hidden until a moderator looks, and four weeks of ratings of
// every meal at Campus Institute of Technology. Runs after market.mjs (files are seeded by name).
const DAY = 24 * 60 * 60 * 1000;
const IST = 330 * 60 * 1000;
const AUTO_HIDE_REASON = "Reported by several students; hidden until a moderator looks at it."; // common/moderation.ts

const REPORTS = [
  {
    title: "Arduino IoT project kit",
    by: "asha@campus.test",
    reason: "wrong_category",
    note: "This is a full project, not a kit: looks like someone selling their graded project.",
    hoursAgo: 5,
  },
  { title: "Arduino IoT project kit", by: "warden@campus.test", reason: "graded_work", note: null, hoursAgo: 3 },
  {
    title: "LED study lamp",
    by: "rohan@campus.test",
    reason: "scam",
    note: "Same photo as an online shop listing.",
    hoursAgo: 6,
  },
  { title: "LED study lamp", by: "laundry@campus.test", reason: "scam", note: null, hoursAgo: 4 },
  {
    title: "LED study lamp",
    by: "moderator@campus.test",
    reason: "other",
    note: "Asks for payment before meeting.",
    hoursAgo: 1,
  },
];

export async function seed({ users, sql, now }) {
  const statements = [];
  const idOf = (email) => users.find((u) => u.email === email)?.id;
  for (const r of REPORTS) {
    const reporter = idOf(r.by);
    if (!reporter) continue;
    statements.push(
      `INSERT INTO content_reports (id, campus_id, reporter_id, kind, subject_id, reason, note, created_at)
       SELECT ${sql(crypto.randomUUID())}, 'cit', ${sql(reporter)}, 'listing', p.id, ${sql(r.reason)}, ${sql(r.note)}, ${now - r.hoursAgo * 3_600_000} FROM products p WHERE p.title = ${sql(r.title)} AND p.campus_id = 'cit';`,
    );
  }
  // The third report hid the lamp, as POST /api/reports does, with the audit line of it.
  const hideId = crypto.randomUUID();
  const hiddenAt = now - 3_600_000;
  statements.push(
    `UPDATE products SET hidden_at = ${hiddenAt}, hidden_reason = ${sql(AUTO_HIDE_REASON)}, moderation_id = ${sql(hideId)} WHERE title = 'LED study lamp' AND campus_id = 'cit';`,
    `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
     SELECT ${sql(hideId)}, 'cit', NULL, 'auto_hide', 'listing', p.id, p.seller_id, ${sql(AUTO_HIDE_REASON)}, ${hiddenAt} FROM products p WHERE p.title = 'LED study lamp' AND p.campus_id = 'cit';`,
  );

  // Four weeks of ratings from five members (OR IGNORE: hostel.mjs rated some of these meals already): lunch liked, dinner middling, breakfast slipping lately.
  const raters = [
    "asha@campus.test",
    "rohan@campus.test",
    "warden@campus.test",
    "laundry@campus.test",
    "moderator@campus.test",
  ]
    .map(idOf)
    .filter(Boolean);
  const base = { breakfast: 4, lunch: 4, snacks: 3, dinner: 3 };
  for (let daysAgo = 27; daysAgo >= 0; daysAgo--) {
    const date = new Date(now + IST - daysAgo * DAY).toISOString().slice(0, 10);
    for (const [meal, stars] of Object.entries(base)) {
      raters.forEach((userId, i) => {
        if ((daysAgo + i) % 3 === 0) return; // not everyone rates every day
        const drift = meal === "breakfast" && daysAgo < 10 ? -1 : 0;
        const value = Math.min(
          5,
          Math.max(
            1,
            stars + drift + (((daysAgo * 7 + i * 3) % 5) - 2 > 0 ? 1 : 0) - ((daysAgo + i) % 4 === 0 ? 1 : 0),
          ),
        );
        const at = now - daysAgo * DAY;
        statements.push(
          `INSERT OR IGNORE INTO mess_ratings (user_id, date, meal_id, stars, created_at, updated_at) VALUES (${sql(userId)}, ${sql(date)}, ${sql(meal)}, ${value}, ${at}, ${at});`,
        );
      });
    }
  }
  return statements;
}
