// `node scripts/dev-console.mjs`: what `npm run dev` shows a developer. Starts the dev server
// (react-router dev with the Cloudflare Vite plugin) on a free port with fresh local state (its own
// folder under .wrangler/, removed afterwards), opens every public page and a few signed-in ones in
// Chromium and fails on any console error or page error (a hydration mismatch is one). It also
// checks that a multipart upload the Worker refuses before reading it comes back through the dev
// server as the Worker's 4xx, not as Vite's 500 "fetch failed". Run by `npm test`.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { runClockOffset } from "./clock.ts";
import { applyDemoColleges, freePort, start, waitForServer } from "./lib.mjs";

const PUBLIC_PAGES = [
  "/",
  "/dashboard",
  "/login",
  "/register",
  "/marketplace",
  "/hosteller/night-market",
  "/all-products",
  "/notes",
  "/btech/cse",
  "/btech/cse/1",
  "/googleclassroom",
  "/studyswap",
  "/become-writer",
  "/find-writer",
  "/hostel-complaints",
  "/mess-menu",
  "/roommate-finder",
  "/laundry-service",
];
const SIGNED_IN_PAGES = [
  "/dashboard",
  "/upload",
  "/sells",
  "/purchases",
  "/find-writer",
  "/hostel-complaints",
  "/account",
];
// Pages opened with a query string, as a search, a filter or a shared link leaves them: spaces
// written as %20 and as +, reserved characters and non-ASCII text. A form whose action repeats the
// query must render it on the server exactly as the browser does, or React reports a mismatch.
const QUERY_PAGES = [
  "/all-products?q=drawing%20kit",
  "/all-products?q=lab+coat&category=books&sort=price-low",
  "/all-products?q=%E0%A4%95%E0%A4%BF%E0%A4%A4%E0%A4%BE%E0%A4%AC%20notes",
  "/all-products?q=caf%C3%A9%20%26%20%22tea%22&condition=new&page=2",
  "/btech/cse/1?subject=Applied%20Physics%201",
  "/login?error=Google%20sign-in%20was%20cancelled.%20Please%20try%20again.",
  "/mess-menu?campus=cit&day=%E0%A4%B8%E0%A5%8B%E0%A4%AE",
  "/laundry-service?date=2026-13-45%20x",
];

const started = Date.now();
// The server and the pages run at the run's moment (scripts/clock.ts), as the browser tests do: what
// a page shows on a Sunday or at midnight is the same in every run.
const clockOffset = runClockOffset();
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
mkdirSync(".wrangler", { recursive: true });
const persistTo = mkdtempSync(join(".wrangler", "dev-console-"));
let server = null;
let browser = null;
const failures = [];

async function stop() {
  await browser?.close().catch(() => undefined);
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  rmSync(persistTo, { recursive: true, force: true });
}

// Stopped from outside (npm test stops the steps beside a failed one; Ctrl-C): the dev server runs
// in a process group of its own, so it is stopped here rather than left serving.
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    void stop().finally(() => process.exit(130));
  });

/** A multipart body of `size` bytes of which the Worker reads nothing before it refuses it. */
function multipart(size) {
  const form = new FormData();
  form.set("title", "Refused early");
  form.set("image", new File([new Uint8Array(size).fill(0x41)], "notes.txt", { type: "text/plain" }));
  return form;
}

/** Visits `path`, waits for hydration, returns the console and page errors seen there. */
async function visit(context, path) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  try {
    const t = Date.now();
    await page.goto(path, { waitUntil: "domcontentloaded" });
    // A selector, not waitForFunction: evaluating a string is eval, which the page's CSP refuses.
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: 30_000 });
    // Recoverable hydration errors are reported around the same commit: give them a moment.
    await page.waitForTimeout(150);
    if (process.env.DEV_CONSOLE_TIMES) console.log(path, Date.now() - t, "ms");
  } catch (error) {
    errors.push(`did not hydrate: ${error.message.split("\n")[0]}`);
  } finally {
    await page.close();
  }
  return errors;
}

/** Visits the pages one after another (the dev server compiles on demand: in parallel is slower). */
async function visitAll(context, paths, label) {
  for (const path of paths)
    for (const error of await visit(context, path)) failures.push(`${path} (${label}): ${error}`);
}

const phase = (name) =>
  process.env.DEV_CONSOLE_TIMES && console.log(`${name} at ${((Date.now() - started) / 1000).toFixed(1)}s`);

try {
  // The dev server starts while the migrations are applied: it opens D1 only on the first request.
  const migrations = start("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const migrated = new Promise((resolve) => migrations.once("exit", resolve));
  server = start("react-router", ["dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      CAMPUS_PERSIST_TO: persistTo,
      CAMPUS_CLOCK_OFFSET_MS: String(clockOffset),
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  if ((await migrated) !== 0) throw new Error("applying the D1 migrations failed");
  // As `npm run dev` seeds them: the account below signs up at the demo college of campus.test.
  if (applyDemoColleges(["--persist-to", persistTo]) !== 0) throw new Error("seeding the demo colleges failed");
  phase("migrated");
  await waitForServer(`${baseURL}/api/health`, server);
  phase("dev server up");

  // A refusal before the body is read (no session; then not an image) must reach the client as the
  // Worker's answer, every time.
  const register = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Dev Console",
      email: `dev-console-${Date.now()}@campus.test`,
      password: "dev console password",
    }),
  });
  if (register.status !== 201) throw new Error(`register failed: ${register.status} ${await register.text()}`);
  const { token, email } = (await register.json()).data;
  // Selling needs a verified college address: the code comes from the development outbox, which
  // `npm run dev` turns on (DEV_OUTBOX=1 from vite.config.ts), so this also checks that it does.
  const outbox = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (outbox.status !== 200)
    throw new Error(`the development outbox answered ${outbox.status}: is DEV_OUTBOX on for npm run dev?`);
  const code = /\b(\d{6})\b/.exec((await outbox.json()).data[0]?.text ?? "")?.[1];
  if (!code) throw new Error("no verification code in the development outbox after registering");
  const verify = await fetch(`${baseURL}/api/auth/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ code }),
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  for (let i = 0; i < 3; i++) {
    for (const [label, headers, expected] of [
      ["signed out", {}, 401],
      ["not an image", { Authorization: `Bearer ${token}` }, 400],
    ]) {
      const res = await fetch(`${baseURL}/api/product/upload`, {
        method: "POST",
        headers,
        body: multipart(1024 * 1024),
      });
      const text = await res.text();
      if (res.status !== expected)
        failures.push(
          `refused upload (${label}) through the dev server: ${res.status} ${text.slice(0, 160)}, expected ${expected}`,
        );
    }
  }

  phase("uploads checked");
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  /** A browser context whose pages read the run's clock, as the server does. */
  const newContext = async () => {
    const context = await browser.newContext({ baseURL });
    if (clockOffset) await context.clock.install({ time: Date.now() + clockOffset });
    return context;
  };
  const anonymous = await newContext();
  await visitAll(anonymous, [...PUBLIC_PAGES, ...QUERY_PAGES], "signed out");
  phase("public pages");
  await anonymous.close();

  const signedIn = await newContext();
  // The JSON API sets no cookie (decision 0009): the browser's session cookie carries the API's token,
  // as it would after the sign-in screen. A __Host- cookie must be Secure with Path=/; Chromium
  // counts 127.0.0.1 as a secure origin.
  await signedIn.addCookies([
    {
      name: "__Host-campus_session",
      value: token,
      domain: "127.0.0.1",
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  await visitAll(
    signedIn,
    [...SIGNED_IN_PAGES, ...QUERY_PAGES.filter((path) => !path.startsWith("/login"))],
    "signed in",
  );
  await signedIn.close();
} catch (error) {
  failures.push(`dev-console could not run: ${error.stack ?? error}`);
} finally {
  await stop();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(
    `dev-console: ${failures.length} problem(s) in npm run dev (${seconds}s):\n${failures.map((f) => `  - ${f}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(
  `dev-console: ${PUBLIC_PAGES.length} public and ${SIGNED_IN_PAGES.length} signed-in pages, and ${QUERY_PAGES.length} with query strings, without a console error, refused uploads answered 4xx (${seconds}s)`,
);
