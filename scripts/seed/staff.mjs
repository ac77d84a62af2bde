// Staff roles for the demo: one account per role at Campus Institute of Technology
// (the accounts are in DEMO_USERS in scripts/demo-users.mjs), each grant with its audit line, as
// `npm run admin -- grant` writes them.
const GRANTS = [
  ["warden@campus.test", "warden", "A"],
  ["warden@campus.test", "warden", "B"],
  ["mess@campus.test", "mess", null],
  ["laundry@campus.test", "laundry", null],
  ["moderator@campus.test", "moderator", null],
  ["admin@campus.test", "admin", null],
];

export async function seed({ users, sql, now }) {
  const statements = [];
  for (const [email, role, blockId] of GRANTS) {
    const user = users.find((u) => u.email === email);
    if (!user) continue;
    const what = blockId ? `warden of block ${blockId}` : role;
    statements.push(
      `INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_by, granted_at) VALUES (${sql(crypto.randomUUID())}, ${sql(user.id)}, 'cit', ${sql(role)}, ${sql(blockId)}, NULL, ${now});`,
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at) VALUES (${sql(crypto.randomUUID())}, 'cit', NULL, 'role.grant', 'user', ${sql(user.id)}, ${sql(user.id)}, ${sql(`${what} (demo seed)`)}, ${now});`,
    );
  }
  return statements;
}
