// Grants and revokes staff roles (docs/decisions/0080-staff-roles.md). Made for the first
// admin of a deployment; later roles are granted by a campus admin in the app.
//
//   npm run admin -- grant <email> <role> [--campus <id>] [--block <id>] [--persist-to DIR] [--remote]
//   npm run admin -- revoke <email> <role> [--campus <id>] [--block <id>] [--persist-to DIR] [--remote]
//
// Roles: warden (needs --block), mess, laundry, moderator, admin. Locally it works on the state that
// `npm run dev` and `npm start` use (.wrangler/state), or on --persist-to DIR; --remote on the
// deployed D1. Every grant and revoke is a line in the audit log (actor: the command line).
import { clockNow, fail, query as read, sql, takeTarget, write } from "./d1-cli.mjs";

const ROLES = ["warden", "mess", "laundry", "moderator", "admin"];
const USAGE =
  "Usage: npm run admin -- grant|revoke <email> <role> [--campus <id>] [--block <id>] [--persist-to DIR] [--remote]\nRoles: warden (with --block), mess, laundry, moderator, admin.";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith("--")) fail(`${name} needs a value.\n${USAGE}`);
  args.splice(i, 2);
  return value;
};
const target = takeTarget(args);
const campusArg = option("--campus");
const blockArg = option("--block");
const [command, rawEmail, role, ...rest] = args;
if (!["grant", "revoke"].includes(command) || !rawEmail || !role || rest.length > 0) fail(USAGE);
if (!ROLES.includes(role)) fail(`There is no role "${role}". Roles: ${ROLES.join(", ")}.`);
if (role === "warden" && !blockArg)
  fail("A warden is the warden of a block: add --block <id> (for example --block A).");
if (role !== "warden" && blockArg) fail(`--block is for wardens only; a ${role} acts for the whole campus.`);
const email = rawEmail.trim().toLowerCase();

const query = (statement) => read(target, statement);

const [user] = query(
  `SELECT u.id, u.campus_id AS campusId, c.name AS campusName FROM users u JOIN campuses c ON c.id = u.campus_id WHERE u.email = ${sql(email)} AND u.deleted_at IS NULL`,
);
if (!user)
  fail(`There is no account with the e-mail ${email}. The person signs up on Campus first, then you grant the role.`);
const campusId = campusArg ?? user.campusId;
if (campusId !== user.campusId)
  fail(
    `${email} is a member of ${user.campusName} (${user.campusId}), not of ${campusId}: a role is held at one's own campus.`,
  );
let blockId = null;
if (blockArg) {
  const blocks = query(
    `SELECT id, campus_id AS campusId FROM hostel_blocks WHERE campus_id = ${sql(campusId)} ORDER BY position`,
  );
  if (!blocks.some((b) => b.id === blockArg))
    fail(`There is no block "${blockArg}" at ${user.campusName}. Its blocks: ${blocks.map((b) => b.id).join(", ")}.`);
  blockId = blockArg;
}

const what = role === "warden" ? `warden of block ${blockId}` : role;
const sameRole = `user_id = ${sql(user.id)} AND role = ${sql(role)} AND COALESCE(block_id, '') = ${sql(blockId ?? "")}`;
const now = clockNow();
const audit = (action) =>
  `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at) VALUES (${sql(crypto.randomUUID())}, ${sql(campusId)}, NULL, ${sql(action)}, 'user', ${sql(user.id)}, ${sql(user.id)}, ${sql(`${what} (npm run admin)`)}, ${now});`;

const held = query(`SELECT COUNT(*) AS n FROM staff_roles WHERE ${sameRole}`)[0]?.n > 0;
let statements;
if (command === "grant") {
  if (held) {
    console.log(`${email} is already ${what} at ${user.campusName}; nothing changed.`);
    process.exit(0);
  }
  statements = [
    `INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_by, granted_at) VALUES (${sql(crypto.randomUUID())}, ${sql(user.id)}, ${sql(campusId)}, ${sql(role)}, ${sql(blockId)}, NULL, ${now});`,
    audit("role.grant"),
  ];
} else {
  if (!held) fail(`${email} is not ${what} at ${user.campusName}; nothing to revoke.`);
  statements = [`DELETE FROM staff_roles WHERE ${sameRole};`, audit("role.revoke")];
}

// Together, so the role and its audit line are written at once.
write(target, statements);
console.log(
  command === "grant"
    ? `${email} is now ${what} at ${user.campusName}.`
    : `${email} is no longer ${what} at ${user.campusName}.`,
);
