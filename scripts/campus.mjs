// Brings a college onto Campus, for whoever runs the deploy (docs/deploy.md). A college is data: its
// row, its e-mail domains (who belongs to it) and its first admin, who sets the rest up in the app.
//
//   npm run campus -- add --name "Name of the College" --short XYZ [--id xyz] [--city City]
//                         --domain xyz.ac.in [--domain ...] --admin someone@xyz.ac.in [--admin-name "..."]
//   npm run campus -- list
//   npm run campus -- domain add <campus id> <domain>
//   npm run campus -- domain remove <campus id> <domain>
//   npm run campus -- disable <campus id>   (no new members join it; its members keep everything)
//   npm run campus -- enable <campus id>
//
// Every command takes [--remote] (the deployed D1) or [--persist-to DIR] (another local state);
// without them it works on the local state of `npm run dev` and `npm start`. The admin's account is
// made if it does not exist, unverified and without a password: they set one with "Forgot
// password?" on /login (the code goes to their college mailbox, which also verifies them) or sign in
// with Google. Every change is a line in the college's audit log (actor: the command line).
//
// A domain outside the rules a campus admin is held to (a public mail service, a public suffix such
// as ac.in, a domain inside or above another college's: docs/decisions/0119-college-domain-rules.md)
// is refused here too, unless the operator adds --outside-rules; its audit line then says so.
import { createRequire } from "node:module";
import { domainRuleProblem, OUTSIDE_RULES_NOTE } from "../worker/services/campus-setup/domain-rules.ts";
import { clockNow, fail, queries, query, sql, takeTarget, write } from "./d1-cli.mjs";

const USAGE = `Usage:
  npm run campus -- add --name "Name" --short XYZ [--id xyz] [--city City] --domain xyz.ac.in [--domain ...] --admin someone@xyz.ac.in [--admin-name "Name"]
  npm run campus -- list
  npm run campus -- domain add|remove <campus id> <domain>
  npm run campus -- disable|enable <campus id>
Add --remote for the deployed database, or --persist-to DIR for another local state.
Add --outside-rules to add a domain a campus admin may not (a public mail service, a public suffix,
inside or above another college's domain); the audit line says so.`;

const args = process.argv.slice(2);
const target = takeTarget(args);
/** The operator adds a domain outside the rules on purpose. */
const outsideRules = args.includes("--outside-rules");
if (outsideRules) args.splice(args.indexOf("--outside-rules"), 1);
/** All values of a repeatable option, taken out of `args`. */
function options(name) {
  const values = [];
  for (let i = args.indexOf(name); i >= 0; i = args.indexOf(name)) {
    const value = args[i + 1];
    if (!value || value.startsWith("--")) fail(`${name} needs a value.\n${USAGE}`);
    values.push(value);
    args.splice(i, 2);
  }
  return values;
}
const option = (name) => options(name).at(-1);

const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CAMPUS_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const EMAIL = /^[^@\s]+@([^@\s]+)$/;

function domainOf(raw) {
  const domain = raw.trim().toLowerCase().replace(/^@/, "");
  if (!DOMAIN.test(domain)) fail(`"${raw}" is not an e-mail domain (for example xyz.ac.in).`);
  return domain;
}

const audit = (campusId, action, subject, note) =>
  `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at) VALUES (${sql(crypto.randomUUID())}, ${sql(campusId)}, NULL, ${sql(action)}, 'campus', ${sql(subject)}, NULL, ${sql(`${note} (npm run campus)`)}, ${clockNow()});`;

/** Every college's domains, for the rules (a small table: one row per college domain). */
const ALL_DOMAINS = "SELECT domain, campus_id AS campusId FROM campus_domains";

/**
 * `domain` against the rules, given every college's domains (`held`) and the college it is for: null
 * when it is inside them, else the note its audit line carries (with --outside-rules) or the refusal.
 */
function outsideRulesNote(domain, held, campusId) {
  const webmail = new Set(createRequire(import.meta.url)("email-providers/all.json"));
  const others = held.filter((h) => h.campusId !== campusId);
  const problem = domainRuleProblem(domain, webmail, others);
  if (!problem) return null;
  const why = `${OUTSIDE_RULES_NOTE[problem.rule]}${problem.other && problem.other !== domain ? ` (${problem.other})` : ""}`;
  if (!outsideRules)
    fail(
      `${domain} is outside the rules for a college's domains (a campus admin could not add it): ${why}.\nAdd --outside-rules to add it anyway; the audit line says so.`,
    );
  return `outside the domain rules: ${why}; --outside-rules`;
}

/** The read of which of `domains` belong to a college already (domain, the college's name). */
const takenDomains = (domains) =>
  `SELECT d.domain, c.name FROM campus_domains d JOIN campuses c ON c.id = d.campus_id WHERE d.domain IN (${domains.map(sql).join(", ")})`;

function add() {
  const name = option("--name")?.trim();
  const short = option("--short")?.trim();
  const city = option("--city")?.trim() ?? "";
  const id = (option("--id") ?? short ?? "").trim().toLowerCase();
  const domains = [...new Set(options("--domain").map(domainOf))];
  const adminEmail = option("--admin")?.trim().toLowerCase();
  const adminName = option("--admin-name")?.trim();
  if (args.length > 0) fail(`Not understood: ${args.join(" ")}\n${USAGE}`);
  if (!name || name.length > 120) fail(`--name is the college's full name (at most 120 characters).\n${USAGE}`);
  if (!short || short.length > 12)
    fail("--short is the college's short name, as students say it (at most 12 characters: XYZ).");
  if (!CAMPUS_ID.test(id)) fail(`The college's id "${id}" must be lower-case letters, digits and dashes (--id xyz).`);
  if (domains.length === 0)
    fail("Give the college's e-mail domain(s): --domain xyz.ac.in (members are who have an address there).");
  const adminMatch = adminEmail ? EMAIL.exec(adminEmail) : null;
  if (!adminMatch) fail("Name the college's first admin: --admin someone@xyz.ac.in.");
  const adminDomain = adminMatch[1];
  if (!domains.some((d) => adminDomain === d || adminDomain.endsWith(`.${d}`)))
    fail(`The admin's address ${adminEmail} is not at ${domains.join(" or ")}: an admin is a member of their college.`);

  const [sameId, taken, [existing], held] = queries(target, [
    `SELECT 1 FROM campuses WHERE id = ${sql(id)}`,
    takenDomains(domains),
    `SELECT id, campus_id AS campusId FROM users WHERE email = ${sql(adminEmail)} AND deleted_at IS NULL`,
    ALL_DOMAINS,
  ]);
  if (sameId.length > 0) fail(`There is already a college with the id "${id}" (npm run campus -- list).`);
  if (taken.length > 0) fail(taken.map((t) => `${t.domain} belongs to ${t.name} already.`).join("\n"));
  const outside = domains.map((d) => [d, outsideRulesNote(d, held, id)]).filter(([, note]) => note);
  if (existing && existing.campusId !== "open")
    fail(`${adminEmail} is a member of another college already; an admin is a member of their own.`);

  const now = clockNow();
  const adminId = existing?.id ?? crypto.randomUUID();
  const statements = [
    `INSERT INTO campuses (id, name, short_name, city, is_open, created_at) VALUES (${sql(id)}, ${sql(name)}, ${sql(short)}, ${sql(city)}, 0, ${now});`,
    ...domains.map((d) => `INSERT INTO campus_domains (domain, campus_id) VALUES (${sql(d)}, ${sql(id)});`),
    existing
      ? // Signed up before the college existed (the Open community): the address is the college's now.
        `UPDATE users SET campus_id = ${sql(id)} WHERE id = ${sql(adminId)};`
      : `INSERT INTO users (id, email, name, password_hash, created_at, campus_id) VALUES (${sql(adminId)}, ${sql(adminEmail)}, ${sql(adminName || adminEmail.split("@")[0])}, NULL, ${now}, ${sql(id)});`,
    `INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_by, granted_at) VALUES (${sql(crypto.randomUUID())}, ${sql(adminId)}, ${sql(id)}, 'admin', NULL, NULL, ${now});`,
    audit(id, "campus.add", id, `${name}, ${domains.join(", ")}`),
    ...outside.map(([d, note]) => audit(id, "campus.domain.add", d, `${d} (${note})`)),
    audit(id, "role.grant", adminId, `admin: ${adminEmail}`),
  ];
  write(target, statements);
  console.log(
    [
      `${name} (${id}) is on Campus: members are who have an address at ${domains.join(", ")}.`,
      `${adminEmail} is its admin${existing ? "" : " (a new account, not yet verified)"}.`,
      existing
        ? "They sign in as before; /staff and /admin are theirs now."
        : 'Next: they open /login, choose "Forgot password?" and set a password with the code mailed to them (or sign in with Google).',
      "Then they set the college up in the app: blocks, mess, laundry and the rest.",
    ].join("\n"),
  );
}

function list() {
  if (args.length > 0) fail(`Not understood: ${args.join(" ")}\n${USAGE}`);
  const rows = query(
    target,
    `SELECT c.id, c.name, c.short_name AS short, c.city, c.is_open AS open,
       (SELECT group_concat(domain, ', ') FROM (SELECT domain FROM campus_domains d WHERE d.campus_id = c.id ORDER BY domain)) AS domains,
       (SELECT COUNT(*) FROM users u WHERE u.campus_id = c.id AND u.deleted_at IS NULL) AS members, c.disabled_at AS disabled,
       (SELECT group_concat(email, ', ') FROM (SELECT u.email FROM staff_roles r JOIN users u ON u.id = r.user_id WHERE r.campus_id = c.id AND r.role = 'admin' ORDER BY u.email)) AS admins
     FROM campuses c ORDER BY c.is_open, c.name`,
  );
  if (rows.length === 0) console.log("No college yet: npm run campus -- add ...");
  const members = (n) => `${n} member${n === 1 ? "" : "s"}`;
  for (const row of rows) {
    console.log(
      row.open
        ? `${row.id}: ${row.name} (for addresses of no college; ${members(row.members)})`
        : `${row.id}: ${row.name} (${row.short}${row.city ? `, ${row.city}` : ""}): ${row.domains ?? "no domain"}; ${members(row.members)}; admins: ${row.admins ?? "none"}${row.disabled ? "; disabled: takes no new members" : ""}`,
    );
  }
}

function domain() {
  const [action, campusId, rawDomain, ...rest] = args;
  if (!["add", "remove"].includes(action) || !campusId || !rawDomain || rest.length > 0) fail(USAGE);
  const d = domainOf(rawDomain);
  // The college, and either who holds the domain already (to add it) or the college's domains (to
  // remove one of them), in one read.
  const [[campus], other, held] = queries(target, [
    `SELECT id, name FROM campuses WHERE id = ${sql(campusId)} AND is_open = 0`,
    action === "add" ? takenDomains([d]) : `SELECT domain FROM campus_domains WHERE campus_id = ${sql(campusId)}`,
    ALL_DOMAINS,
  ]);
  if (!campus) fail(`There is no college with the id "${campusId}" (npm run campus -- list).`);
  if (action === "add") {
    const [taken] = other;
    if (taken) fail(`${d} belongs to ${taken.name} already.`);
    const note = outsideRulesNote(d, held, campus.id);
    write(target, [
      `INSERT INTO campus_domains (domain, campus_id) VALUES (${sql(d)}, ${sql(campus.id)});`,
      audit(campus.id, "campus.domain.add", d, note ? `${d} (${note})` : d),
    ]);
    console.log(`Addresses at ${d} now join ${campus.name}. Members who signed up before keep their college.`);
  } else {
    const held = other.map((r) => r.domain);
    if (!held.includes(d)) fail(`${d} is not a domain of ${campus.name} (${held.join(", ") || "none"}).`);
    if (held.length === 1) fail(`${d} is ${campus.name}'s only domain: add another first, or nobody new can join it.`);
    write(target, [
      `DELETE FROM campus_domains WHERE domain = ${sql(d)} AND campus_id = ${sql(campus.id)};`,
      audit(campus.id, "campus.domain.remove", d, d),
    ]);
    console.log(`New addresses at ${d} no longer join ${campus.name}; its members stay members.`);
  }
}

/** Stops (or lets again) new members joining a college: registration and a first Google sign-in are refused. */
function switchCampus(disable) {
  const [campusId, ...rest] = args;
  if (!campusId || rest.length > 0) fail(USAGE);
  const [campus] = query(
    target,
    `SELECT id, name, disabled_at AS disabled FROM campuses WHERE id = ${sql(campusId)} AND is_open = 0`,
  );
  if (!campus) fail(`There is no college with the id "${campusId}" (npm run campus -- list).`);
  if (Boolean(campus.disabled) === disable) {
    console.log(`${campus.name} is ${disable ? "disabled" : "enabled"} already; nothing changed.`);
    return;
  }
  write(target, [
    `UPDATE campuses SET disabled_at = ${disable ? clockNow() : "NULL"} WHERE id = ${sql(campus.id)};`,
    audit(campus.id, disable ? "campus.disable" : "campus.enable", campus.id, disable ? "disabled" : "enabled"),
  ]);
  console.log(
    disable
      ? `${campus.name} takes no new members now: registration with its addresses is refused. Its members keep their accounts and data.`
      : `${campus.name} takes new members again.`,
  );
}

const command = args.shift();
if (command === "add") add();
else if (command === "list") list();
else if (command === "domain") domain();
else if (command === "disable") switchCampus(true);
else if (command === "enable") switchCampus(false);
else fail(USAGE);
