// Google Classroom demo data: one reminder for the first demo user, so the Notifications tab has
// something to show after they connect the fake Google (`FAKE_GOOGLE=1 npm run dev`) and turn
// reminders on. Google tokens are never seeded: they come from a real (or fake) sign-in.
export async function seed({ users, sql, now }) {
  const user = users[0];
  if (!user) return [];
  const due = now + 20 * 60 * 60 * 1000;
  return [
    `INSERT INTO classroom_reminders (id, user_id, course_id, course_work_id, kind, course_name, title, due_at, link, created_at) VALUES (${sql(crypto.randomUUID())}, ${sql(user.id)}, 'c-ds', 'cw-demo', 'due_24h', 'Data Structures', 'Binary tree quiz', ${due}, 'https://classroom.google.com/c/c-ds', ${now});`,
  ];
}
