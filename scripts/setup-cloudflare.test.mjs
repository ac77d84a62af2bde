// The deploy setup's dry run (scripts/setup-cloudflare.mjs): every wrangler command it would run, in
// order, no secret on the screen, and nothing changed. Run by `npm test` (node --test scripts/).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

/**
 * Runs the script with an `npx` on the PATH that only records that it ran: the real set-up starts
 * with `npx wrangler whoami`, so a run that does nothing leaves no record.
 */
function withoutWrangler(argv) {
  const dir = mkdtempSync(join(tmpdir(), "setup-cf-"));
  const record = join(dir, "ran");
  writeFileSync(join(dir, "npx"), `#!/bin/sh\necho "$@" >> "${record}"\n`);
  chmodSync(join(dir, "npx"), 0o755);
  try {
    const result = spawnSync(process.execPath, ["scripts/setup-cloudflare.mjs", ...argv], {
      encoding: "utf8",
      input: "",
      timeout: 20_000,
      env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
    });
    return { ...result, ran: existsSync(record) ? readFileSync(record, "utf8") : "" };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function dryRun(...extra) {
  const before = readFileSync("wrangler.toml", "utf8");
  const result = spawnSync(
    process.execPath,
    ["scripts/setup-cloudflare.mjs", "--dry-run", "--app-url", "https://campus.college.example", ...extra],
    { encoding: "utf8", env: { ...process.env, MAIL_API_KEY: "re_secret_key_never_shown" } },
  );
  assert.equal(readFileSync("wrangler.toml", "utf8"), before, "a dry run changes nothing");
  return result;
}

test("the dry run prints every wrangler command of a deploy from nothing, in order", () => {
  const { status, stdout } = dryRun("--mail-provider", "cloudflare", "--mail-from", "noreply@college.example");
  assert.equal(status, 0, stdout);
  const commands = stdout
    .split("\n")
    .filter((line) => line.startsWith("[dry run] npx wrangler"))
    .map((line) => line.replace("[dry run] npx wrangler ", "").replace(/\s+\(is ".*" there\?\)$/, ""));
  assert.deepEqual(commands, [
    "whoami",
    "d1 list",
    "d1 create campus --location apac",
    "r2 bucket list",
    "r2 bucket create campus-files",
    "queues list",
    "queues create campus-push",
    "queues list",
    "queues create campus-library",
    "secret bulk < (generated secrets, not shown)",
    "d1 migrations apply DB --remote",
  ]);
  for (const line of [
    'APP_URL = "https://campus.college.example"',
    'MAIL_PROVIDER = "cloudflare"',
    'MAIL_FROM = "noreply@college.example"',
    'DEV_OUTBOX = "0"',
    'OPEN_SIGNUP = "0"',
    'TEST_CLOCK = "0"',
  ])
    assert.ok(stdout.includes(`[dry run] wrangler.toml: ${line}`), `sets ${line}`);
  assert.match(stdout, /\[dry run\] wrangler\.toml: VAPID_PUBLIC_KEY = "B[A-Za-z0-9_-]{86}"/);
  assert.match(stdout, /Setting SESSION_SECRET, VAPID_PRIVATE_KEY\./);
  assert.match(stdout, /redirect URI https:\/\/campus\.college\.example\/api\/google\/callback/);
  assert.match(stdout, /onboard college\.example to Cloudflare Email Sending/);
  assert.match(stdout, /\[dry run\] Nothing was changed\./);
});

test("the http mail provider's key is sent as a secret and never printed", () => {
  const { status, stdout, stderr } = dryRun(
    "--mail-provider",
    "http",
    "--mail-from",
    "noreply@college.example",
    "--mail-api-url",
    "https://api.mail.example/emails",
  );
  assert.equal(status, 0, stderr);
  assert.match(stdout, /Setting SESSION_SECRET, VAPID_PRIVATE_KEY, MAIL_API_KEY\./);
  assert.ok(!`${stdout}${stderr}`.includes("re_secret_key_never_shown"));
  assert.ok(!/"d":"/.test(stdout), "no private key on the screen");
});

test("bad input stops it with a message, before any change", () => {
  const noHttps = spawnSync(process.execPath, ["scripts/setup-cloudflare.mjs", "--dry-run", "--app-url", "http://x"], {
    encoding: "utf8",
  });
  assert.equal(noHttps.status, 1);
  assert.match(noHttps.stderr, /APP_URL must be an https:\/\/ origin/);
  const badMail = dryRun("--mail-provider", "pigeon");
  assert.equal(badMail.status, 1);
  assert.match(badMail.stderr, /Unknown mail provider "pigeon"/);
});

test("--help prints the flags and does nothing else: no wrangler, no question", () => {
  const before = readFileSync("wrangler.toml", "utf8");
  for (const argv of [["--help"], ["-h"], ["--yes", "--help"]]) {
    const result = withoutWrangler(argv);
    assert.equal(result.status, 0, result.stderr);
    for (const name of ["--app-url", "--mail-provider", "--mail-from", "--dry-run", "--yes", "--location"])
      assert.ok(result.stdout.includes(name), `${argv.join(" ")} names ${name}`);
    assert.equal(result.ran, "", `${argv.join(" ")} ran nothing`);
    assert.doesNotMatch(result.stdout, /== Cloudflare account|This deploy.s address \(APP_URL\):/);
  }
  // A mistyped flag stops with the usage, before anything runs.
  const typo = withoutWrangler(["--hlep"]);
  assert.equal(typo.status, 1);
  assert.match(typo.stderr, /not understood: --hlep/);
  assert.equal(typo.ran, "");
  assert.equal(readFileSync("wrangler.toml", "utf8"), before);
});

test("a bare --dry-run shows every step, with placeholders for what it would ask", () => {
  const before = readFileSync("wrangler.toml", "utf8");
  const backOfficeBefore = readFileSync("backoffice/wrangler.toml", "utf8");
  const { status, stdout, stderr, ran } = withoutWrangler(["--dry-run"]);
  assert.equal(status, 0, stderr);
  assert.equal(ran, "", "a dry run runs no wrangler");
  assert.match(stdout, /\[dry run\] would ask: This deploy's address \(APP_URL\); using <APP_URL>/);
  assert.match(stdout, /\[dry run\] would ask: Send mail from \(MAIL_FROM\); using <MAIL_FROM>@<mail domain>/);
  for (const step of [
    "d1 list",
    "r2 bucket create campus-files",
    "queues create campus-push",
    "queues create campus-library",
    "secret bulk",
    "d1 migrations apply DB --remote",
  ])
    assert.ok(stdout.includes(`[dry run] npx wrangler ${step}`), step);
  assert.match(stdout, /\[dry run\] wrangler\.toml: APP_URL = "<APP_URL>"/);
  assert.match(stdout, /Point <this deploy's host> at the Worker/);
  assert.match(stdout, /\[dry run\] Nothing was changed\./);
  assert.equal(readFileSync("wrangler.toml", "utf8"), before);
  assert.equal(readFileSync("backoffice/wrangler.toml", "utf8"), backOfficeBefore);
});

test("the closing hint asks for the college's e-mail domain, not the deploy's address", () => {
  const { stdout } = dryRun("--mail-provider", "none");
  assert.match(stdout, /--domain <college e-mail domain, such as xyz\.ac\.in> --admin <someone>@<that domain>/);
  assert.doesNotMatch(stdout, /--domain (campus\.)?college\.example/);
});
