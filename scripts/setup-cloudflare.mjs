// `npm run setup:cloudflare`: a deploy of Campus from nothing, with wrangler, one step at a time
// (docs/deploy.md). It finds or creates the D1 database, the R2 bucket and the push queue, writes the
// database's id and the settings into wrangler.toml, generates SESSION_SECRET and a VAPID key pair
// and stores them (with the mail provider's key) as Worker secrets, applies the migrations to the
// remote database, and says what is left to do by hand.
//
//   npm run setup:cloudflare                        asks for what it needs
//   npm run setup:cloudflare -- --yes --app-url https://campus.college.edu \
//     --mail-provider cloudflare --mail-from noreply@college.edu           no questions
//   npm run setup:cloudflare -- --dry-run ...      prints every step and wrangler command, changes
//                                                  nothing (what it would ask: placeholders)
//   npm run setup:cloudflare -- --help             the flags; does nothing else
//
// Options: --app-url, --mail-provider cloudflare|http|none, --mail-from, --mail-api-url (http; the
// key from MAIL_API_KEY in the environment), --location apac|weur|... (the database's primary
// location hint: apac by default, near India), --database, --bucket, --queue (names), --yes.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { quietEnv } from "./lib.mjs";

const USAGE = `Usage: npm run setup:cloudflare -- [flags]

Sets up a deploy of Campus on Cloudflare from nothing (docs/deploy.md): the D1 database, the R2
bucket and the push queue, the settings in wrangler.toml, SESSION_SECRET and the VAPID key pair as
Worker secrets, and the migrations. Without flags it asks for what it needs.

  --app-url URL           this deploy's address, an https:// origin (APP_URL)
  --mail-provider NAME    cloudflare (default), http or none
  --mail-from ADDRESS     the address mail is sent from (MAIL_FROM)
  --mail-api-url URL      the http provider's endpoint (its key: MAIL_API_KEY in the environment)
  --location HINT         the database's primary location: apac (default, near India), weur, ...
  --database NAME         the D1 database's name (campus)
  --bucket NAME           the R2 bucket's name (campus-files)
  --queue NAME            the push queue's name (campus-push)
  --yes                   ask nothing: take the flags and the defaults
  --dry-run               print every step and wrangler command, change nothing; what it would
                          ask shows as a placeholder
  --help                  this text; does nothing else`;

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const FLAGS = new Set(["yes", "dry-run", "help"]);
const OPTIONS = new Set([
  "app-url",
  "mail-provider",
  "mail-from",
  "mail-api-url",
  "location",
  "database",
  "bucket",
  "queue",
]);
if (flag("help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
// A mistyped flag (--hlep, --dryrun) must not start the real set-up.
for (let i = 0; i < args.length; i += 1) {
  const name = args[i].startsWith("--") ? args[i].slice(2) : null;
  if (name && FLAGS.has(name)) continue;
  if (name && OPTIONS.has(name) && args[i + 1] && !args[i + 1].startsWith("--")) {
    i += 1;
    continue;
  }
  console.error(
    `setup:cloudflare: ${name && OPTIONS.has(name) ? `--${name} needs a value` : `not understood: ${args[i]}`}\n\n${USAGE}`,
  );
  process.exit(1);
}
const option = (name, fallback = "") => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith("--") ? args[i + 1] : fallback;
};

const DRY_RUN = flag("dry-run");
const ASSUME_YES = flag("yes") || DRY_RUN;
const CONFIG = "wrangler.toml";
const BACK_OFFICE_CONFIG = "backoffice/wrangler.toml";
/** The queue of library uploads (wrangler.toml's producer, backoffice/wrangler.toml's consumer). */
const LIBRARY_QUEUE = "campus-library";
const names = {
  database: option("database", "campus"),
  bucket: option("bucket", "campus-files"),
  queue: option("queue", "campus-push"),
};

/** Runs wrangler (or, in a dry run, prints what it would run). `secret` input is never printed. */
function wrangler(argv, { input, capture = false, readOnly = false } = {}) {
  const shown = `npx wrangler ${argv.join(" ")}${input !== undefined ? " < (generated secrets, not shown)" : ""}`;
  if (DRY_RUN) {
    console.log(`[dry run] ${shown}`);
    return { status: 0, stdout: "" };
  }
  if (!readOnly) console.log(`$ ${shown}`);
  const result = spawnSync("npx", ["wrangler", ...argv], {
    encoding: "utf8",
    env: quietEnv,
    input,
    stdio: [input !== undefined ? "pipe" : "inherit", capture ? "pipe" : "inherit", "inherit"],
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`wrangler ${argv[0]} ${argv[1] ?? ""} failed (exit ${result.status})`);
  return result;
}

/** What a dry run uses for an answer it would have asked for: shown, never checked. */
const PLACEHOLDERS = new Set();

async function ask(question, fallback, placeholder = "") {
  if (DRY_RUN && !fallback && placeholder) {
    console.log(`[dry run] would ask: ${question}; using ${placeholder}`);
    PLACEHOLDERS.add(placeholder);
    return placeholder;
  }
  if (ASSUME_YES) return fallback;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = (await rl.question(`${question}${fallback ? ` [${fallback}]` : ""}: `)).trim();
  rl.close();
  return answer || fallback;
}

function base64url(bytes) {
  return Buffer.from(bytes).toString("base64url");
}

/** A VAPID key pair (ECDSA P-256): the public key raw, base64url; the private key as a JWK. */
async function vapidPair() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = base64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const privateJwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey, privateKey: JSON.stringify(privateJwk) };
}

/** Sets `key = "value"` in the [vars] table of wrangler.toml (or prints it in a dry run). */
function setVar(toml, key, value) {
  const line = `${key} = ${JSON.stringify(value)}`;
  const pattern = new RegExp(`^${key} = .*$`, "m");
  if (DRY_RUN) console.log(`[dry run] wrangler.toml: ${line}`);
  return pattern.test(toml) ? toml.replace(pattern, line) : toml.replace(/^\[vars\]$/m, `[vars]\n${line}`);
}

function listed(argv, name) {
  if (DRY_RUN) {
    console.log(`[dry run] npx wrangler ${argv.join(" ")}   (is "${name}" there?)`);
    return false;
  }
  const { stdout } = wrangler(argv, { capture: true, readOnly: true });
  return new RegExp(`(^|[\\s"'│|])${name.replace(/[-.]/g, "\\$&")}([\\s"'│|]|$)`, "m").test(stdout);
}

const log = (text) => console.log(`\n== ${text}`);

async function main() {
  log("Cloudflare account");
  wrangler(["whoami"], { readOnly: true });

  const appUrl = (await ask("This deploy's address (APP_URL)", option("app-url"), "<APP_URL>")).replace(/\/+$/, "");
  if (!PLACEHOLDERS.has(appUrl) && !/^https:\/\/[^/]+$/.test(appUrl))
    throw new Error(`APP_URL must be an https:// origin (got "${appUrl}")`);
  const host = PLACEHOLDERS.has(appUrl) ? "<this deploy's host>" : new URL(appUrl).hostname;
  const provider = await ask("Mail provider (cloudflare, http or none)", option("mail-provider", "cloudflare"));
  if (!["cloudflare", "http", "none"].includes(provider)) throw new Error(`Unknown mail provider "${provider}"`);
  const mailFrom =
    provider === "none"
      ? ""
      : await ask("Send mail from (MAIL_FROM)", option("mail-from"), "<MAIL_FROM>@<mail domain>");
  if (provider !== "none" && !PLACEHOLDERS.has(mailFrom) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom))
    throw new Error(`MAIL_FROM must be an e-mail address (got "${mailFrom}")`);
  const mailApiUrl =
    provider === "http" ? await ask("The mail API's URL (MAIL_API_URL)", option("mail-api-url"), "<MAIL_API_URL>") : "";
  const mailApiKey = provider === "http" ? (process.env.MAIL_API_KEY ?? (DRY_RUN ? "<MAIL_API_KEY>" : "")) : "";
  if (provider === "http" && (!mailApiUrl || !mailApiKey))
    throw new Error("The http provider needs --mail-api-url and MAIL_API_KEY in the environment");

  let toml = readFileSync(CONFIG, "utf8");
  // The back office (docs/decisions/0117) uses the same database: its configuration gets the same id.
  let backOfficeToml = readFileSync(BACK_OFFICE_CONFIG, "utf8");
  const useDatabase = (id) => {
    toml = toml.replace(/^database_id = ".*"$/m, `database_id = "${id}"`);
    backOfficeToml = backOfficeToml.replace(/^database_id = ".*"$/m, `database_id = "${id}"`);
  };

  log(`D1 database "${names.database}"`);
  if (!listed(["d1", "list"], names.database)) {
    const created = wrangler(["d1", "create", names.database, "--location", option("location", "apac")], {
      capture: true,
    });
    const id = /database_id"?\s*[:=]\s*"([0-9a-f-]{36})"/.exec(created.stdout)?.[1];
    if (id) useDatabase(id);
    else if (!DRY_RUN) throw new Error("wrangler d1 create did not print the database's id");
  } else {
    const info = wrangler(["d1", "info", names.database, "--json"], { capture: true, readOnly: true });
    const id = /"uuid"\s*:\s*"([0-9a-f-]{36})"/.exec(info.stdout)?.[1];
    if (id) useDatabase(id);
  }

  log(`R2 bucket "${names.bucket}" (photos and attachments)`);
  if (!listed(["r2", "bucket", "list"], names.bucket)) wrangler(["r2", "bucket", "create", names.bucket]);

  log(`Queue "${names.queue}" (push notifications)`);
  if (!listed(["queues", "list"], names.queue)) wrangler(["queues", "create", names.queue]);

  log(`Queue "${LIBRARY_QUEUE}" (library uploads waiting for the back office to read them)`);
  if (!listed(["queues", "list"], LIBRARY_QUEUE)) wrangler(["queues", "create", LIBRARY_QUEUE]);

  log("Settings in wrangler.toml [vars]");
  const vapid = await vapidPair();
  toml = setVar(toml, "APP_URL", appUrl);
  toml = setVar(toml, "VAPID_PUBLIC_KEY", vapid.publicKey);
  toml = setVar(toml, "VAPID_SUBJECT", `mailto:${mailFrom || `admin@${host}`}`);
  toml = setVar(toml, "MAIL_PROVIDER", provider);
  if (mailFrom) {
    toml = setVar(toml, "MAIL_FROM", mailFrom);
    toml = toml.replace(
      /^allowed_sender_addresses = \[.*\]$/m,
      `allowed_sender_addresses = [${JSON.stringify(mailFrom)}]`,
    );
  }
  if (mailApiUrl) toml = setVar(toml, "MAIL_API_URL", mailApiUrl);
  for (const off of ["OPEN_SIGNUP", "DEV_OUTBOX", "PUSH_ALLOW_LOCAL", "TEST_CLOCK"]) toml = setVar(toml, off, "0");
  if (!DRY_RUN) {
    writeFileSync(CONFIG, toml);
    writeFileSync(BACK_OFFICE_CONFIG, backOfficeToml);
  }

  log("Secrets (generated here, sent to Cloudflare, never written to a file)");
  const secrets = {
    SESSION_SECRET: base64url(crypto.getRandomValues(new Uint8Array(48))),
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ...(mailApiKey ? { MAIL_API_KEY: mailApiKey } : {}),
  };
  console.log(`Setting ${Object.keys(secrets).join(", ")}.`);
  wrangler(["secret", "bulk"], { input: JSON.stringify(secrets) });

  log("Migrations on the remote database");
  wrangler(["d1", "migrations", "apply", "DB", "--remote"]);

  log("Left to do by hand");
  console.log(
    [
      `1. Google sign-in and Classroom: create an OAuth client (README, "Configuring a real Google Cloud OAuth client")`,
      `   with the redirect URI ${appUrl}/api/google/callback, then:`,
      "     npx wrangler secret put GOOGLE_CLIENT_ID",
      "     npx wrangler secret put GOOGLE_CLIENT_SECRET",
      provider === "cloudflare"
        ? `2. Mail: onboard ${mailFrom.split("@")[1]} to Cloudflare Email Sending (dashboard: Email > Email Sending).`
        : provider === "http"
          ? "2. Mail: check that your provider accepts mail from MAIL_FROM."
          : "2. Mail: none configured: verification and reset codes are not sent until MAIL_PROVIDER is set.",
      "3. Deploy: npm run deploy",
      "   Then your college and its first admin (decision 0100: a deploy starts with none). --domain is",
      "   the college's e-mail domain (its students' addresses end in it), not this deploy's address:",
      '     npm run campus -- add --name "..." --short XYZ --domain <college e-mail domain, such as xyz.ac.in> --admin <someone>@<that domain> --remote',
      `4. Point ${host} at the Worker (dashboard: the Worker's Settings > Domains & Routes).`,
      "5. Read replicas near every student (optional): docs/scaling.md.",
      "6. Sign in as a campus admin and open /staff: it lists anything this deploy still lacks.",
    ].join("\n"),
  );
  if (DRY_RUN) console.log("\n[dry run] Nothing was changed.");
}

main().catch((error) => {
  console.error(`\nsetup:cloudflare stopped: ${error.message}`);
  process.exit(1);
});
