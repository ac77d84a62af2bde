// `npm run campus` (scripts/campus.mjs) on a fresh local database: a college added with its domains
// and first admin, listed, a domain added and removed, and what is refused. Run by `npm test`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, test } from "node:test";
import { quietEnv } from "./lib.mjs";

mkdirSync(".wrangler", { recursive: true });
const dir = mkdtempSync(join(".wrangler", "campus-cli-test-"));
const target = ["--persist-to", dir];
before(() => {
  const migrated = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...target], {
    encoding: "utf8",
    env: quietEnv,
  });
  assert.equal(migrated.status, 0, migrated.stderr);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const campus = (...argv) =>
  spawnSync(process.execPath, ["scripts/campus.mjs", ...argv, ...target], { encoding: "utf8", env: quietEnv });
/**
 * The rows of one read, straight from the local D1's SQLite file: nothing else has it open between
 * the commands, and a wrangler process per read was a third of this file's time.
 */
function rows(statement) {
  const folder = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(folder).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  assert.ok(file, `no D1 database in ${folder}`);
  const db = new DatabaseSync(join(folder, file), { readOnly: true });
  try {
    return db
      .prepare(statement)
      .all()
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

test("add: the college, its domains and its first admin (a new unverified account without a password), audited", () => {
  const added = campus(
    "add",
    "--name",
    "Xavier Institute of Engineering",
    "--short",
    "XIE",
    "--city",
    "Mumbai",
    "--domain",
    "xie.ac.in",
    "--domain",
    "@Students.XIE.ac.in",
    "--admin",
    "Registrar@xie.ac.in",
  );
  assert.equal(added.status, 0, added.stderr);
  assert.match(added.stdout, /Xavier Institute of Engineering \(xie\) is on Campus/);
  assert.match(added.stdout, /registrar@xie\.ac\.in is its admin \(a new account, not yet verified\)/);
  assert.deepEqual(rows("SELECT id, name, short_name, city, is_open FROM campuses WHERE id = 'xie'"), [
    { id: "xie", name: "Xavier Institute of Engineering", short_name: "XIE", city: "Mumbai", is_open: 0 },
  ]);
  assert.deepEqual(
    rows("SELECT domain FROM campus_domains WHERE campus_id = 'xie' ORDER BY domain").map((r) => r.domain),
    ["students.xie.ac.in", "xie.ac.in"],
  );
  assert.deepEqual(
    rows(
      "SELECT u.name, u.password_hash AS hash, u.email_verified_at AS verified, r.role FROM users u JOIN staff_roles r ON r.user_id = u.id WHERE u.email = 'registrar@xie.ac.in'",
    ),
    [{ name: "registrar", hash: null, verified: null, role: "admin" }],
  );
  assert.deepEqual(
    rows("SELECT action FROM staff_audit_log WHERE campus_id = 'xie' ORDER BY action").map((r) => r.action),
    ["campus.add", "role.grant"],
  );
  const listed = campus("list");
  assert.equal(listed.status, 0, listed.stderr);
  assert.match(
    listed.stdout,
    /xie: Xavier Institute of Engineering \(XIE, Mumbai\): students\.xie\.ac\.in, xie\.ac\.in; 1 member; admins: registrar@xie\.ac\.in/,
  );
});

test("domains: one taken by another college is refused; the last one cannot be removed", () => {
  const other = campus(
    "add",
    "--name",
    "Other College",
    "--short",
    "OC",
    "--domain",
    "xie.ac.in",
    "--admin",
    "a@xie.ac.in",
  );
  assert.equal(other.status, 1);
  assert.match(other.stderr, /xie\.ac\.in belongs to Xavier Institute of Engineering already\./);
  assert.equal(rows("SELECT COUNT(*) AS n FROM campuses WHERE id = 'oc'")[0].n, 0, "nothing written");
  assert.equal(campus("domain", "add", "xie", "alumni.xie.ac.in").status, 0);
  assert.equal(campus("domain", "remove", "xie", "students.xie.ac.in").status, 0);
  assert.equal(campus("domain", "remove", "xie", "xie.ac.in").status, 0);
  const last = campus("domain", "remove", "xie", "alumni.xie.ac.in");
  assert.equal(last.status, 1);
  assert.match(last.stderr, /alumni\.xie\.ac\.in is Xavier Institute of Engineering's only domain/);
  assert.deepEqual(rows("SELECT domain FROM campus_domains WHERE campus_id = 'xie'"), [{ domain: "alumni.xie.ac.in" }]);
});

test("domains outside the admins' rules (webmail, a public suffix, inside or above another college's) need --outside-rules, and the audit says so", () => {
  const refused = [
    [["domain", "add", "xie", "gmail.com"], /gmail\.com is outside the rules .*: a public mail service/],
    [["domain", "add", "xie", "ac.in"], /ac\.in is outside the rules .*: a public suffix/],
    [
      [
        "add",
        "--name",
        "Inside",
        "--short",
        "IN",
        "--domain",
        "cse.alumni.xie.ac.in",
        "--admin",
        "a@cse.alumni.xie.ac.in",
      ],
      /cse\.alumni\.xie\.ac\.in is outside the rules .*: inside another college's domain \(alumni\.xie\.ac\.in\)/,
    ],
  ];
  for (const [argv, message] of refused) {
    const result = campus(...argv);
    assert.equal(result.status, 1, argv.join(" "));
    assert.match(result.stderr, message);
  }
  assert.match(campus("domain", "add", "xie", "gmail.com").stderr, /Add --outside-rules to add it anyway/);
  assert.equal(rows("SELECT COUNT(*) AS n FROM campus_domains WHERE domain IN ('gmail.com', 'ac.in')")[0].n, 0);
  assert.equal(rows("SELECT COUNT(*) AS n FROM campuses WHERE id = 'in'")[0].n, 0);

  const forced = campus("domain", "add", "xie", "gmail.com", "--outside-rules");
  assert.equal(forced.status, 0, forced.stderr);
  assert.deepEqual(rows("SELECT campus_id FROM campus_domains WHERE domain = 'gmail.com'"), [{ campus_id: "xie" }]);
  assert.match(
    rows("SELECT note FROM staff_audit_log WHERE action = 'campus.domain.add' AND subject_id = 'gmail.com'")[0].note,
    /gmail\.com \(outside the domain rules: a public mail service; --outside-rules\) \(npm run campus\)/,
  );
  assert.equal(campus("domain", "remove", "xie", "gmail.com").status, 0);
});

test("disable and enable: the switch and its audit lines; twice is no change", () => {
  const disabled = campus("disable", "xie");
  assert.equal(disabled.status, 0, disabled.stderr);
  assert.match(disabled.stdout, /takes no new members now/);
  assert.equal(rows("SELECT disabled_at FROM campuses WHERE id = 'xie'")[0].disabled_at > 0, true);
  assert.match(campus("list").stdout, /xie: .*disabled: takes no new members/);
  assert.match(campus("disable", "xie").stdout, /disabled already; nothing changed/);
  const enabled = campus("enable", "xie");
  assert.equal(enabled.status, 0, enabled.stderr);
  assert.deepEqual(rows("SELECT disabled_at FROM campuses WHERE id = 'xie'"), [{ disabled_at: null }]);
  assert.deepEqual(
    rows(
      "SELECT action FROM staff_audit_log WHERE campus_id = 'xie' AND action IN ('campus.disable', 'campus.enable') ORDER BY created_at",
    ).map((r) => r.action),
    ["campus.disable", "campus.enable"],
  );
  const nowhere = campus("disable", "nowhere");
  assert.equal(nowhere.status, 1);
  assert.match(nowhere.stderr, /There is no college with the id "nowhere"/);
});

test("bad input is refused with a message and writes nothing", () => {
  const cases = [
    [
      ["add", "--name", "No Domain College", "--short", "ND", "--admin", "a@nd.ac.in"],
      /Give the college's e-mail domain/,
    ],
    [
      ["add", "--name", "Far Admin", "--short", "FA", "--domain", "fa.ac.in", "--admin", "a@gmail.com"],
      /not at fa\.ac\.in/,
    ],
    [
      ["add", "--name", "Bad Domain", "--short", "BD", "--domain", "not a domain", "--admin", "a@bd.ac.in"],
      /is not an e-mail domain/,
    ],
    [["domain", "add", "nowhere", "x.ac.in"], /There is no college with the id "nowhere"/],
    [["fly"], /Usage:/],
  ];
  for (const [argv, message] of cases) {
    const result = campus(...argv);
    assert.equal(result.status, 1, argv.join(" "));
    assert.match(result.stderr, message);
  }
  assert.equal(rows("SELECT COUNT(*) AS n FROM campuses WHERE id IN ('nd', 'fa', 'bd')")[0].n, 0);
});
