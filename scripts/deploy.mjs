// `npm run deploy`: build, make sure the deployed Worker has SESSION_SECRET, then `wrangler deploy`
// the back office (a Worker of its own: the library indexer and the domain rules, decisions 0117 and
// 0119) and then the app's Worker; arguments after `--` go to both. wrangler.toml declares no required secrets (docs/decisions/0102:
// a [secrets] table would make every local run warn and load nothing else from .dev.vars), so this
// is where a deploy that nobody could sign in to is stopped. The other secrets are optional: the
// admins' /staff page names what each one's absence turns off.
import { spawnSync } from "node:child_process";
import { quietEnv, run } from "./lib.mjs";

if (run("npm", ["run", "build"]) !== 0) process.exit(1);

const listed = spawnSync("wrangler", ["secret", "list", "--format", "json"], { encoding: "utf8", env: quietEnv });
/** The names of the Worker's secrets, or null when wrangler could not list them. */
function secretNames() {
  if (listed.status !== 0) return null;
  try {
    return JSON.parse(listed.stdout).map((secret) => secret.name);
  } catch {
    return null;
  }
}
const names = secretNames();
if (names === null) {
  process.stdout.write(listed.stdout ?? "");
  process.stderr.write(listed.stderr ?? "");
  console.error(
    "\ndeploy: could not read the Worker's secrets (above). On a first deploy, run `npm run setup:cloudflare` first:" +
      " it creates the Worker's resources and sets SESSION_SECRET (docs/deploy.md).",
  );
  process.exit(1);
}
if (!names.includes("SESSION_SECRET")) {
  console.error(
    "deploy: the Worker has no SESSION_SECRET, so nobody could sign in. Set one and deploy again:\n" +
      "  openssl rand -base64 48 | npx wrangler secret put SESSION_SECRET",
  );
  process.exit(1);
}
const extra = process.argv.slice(2);
// The back office first: the app's Worker binds to it (BACKOFFICE), and a binding to a Worker that
// does not exist yet refuses the deploy.
if (run("wrangler", ["deploy", "-c", "build/campus_backoffice/wrangler.json", ...extra]) !== 0) process.exit(1);
process.exit(run("wrangler", ["deploy", ...extra]));
