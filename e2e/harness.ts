// Browser-test harness: Debian's Chromium driven by playwright-core against the built Worker, which
// scripts/e2e.mjs serves with `wrangler dev` on a free port and passes in as E2E_BASE_URL.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { after, before, it, type TestContext } from "node:test";
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type PageScreenshotOptions,
} from "playwright-core";
import { SESSION_COOKIE } from "#server/lib/session-token.ts";
import { CLOCK_COOKIE, CLOCK_HEADER, shiftDates } from "#server/lib/test-clock.ts";

export const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:8787";
export const SCREENSHOT_DIR = "test-results/screenshots";

/**
 * `E2E_SHOTS=1 npm run test:e2e` saves the screenshots the tests name (test-results/screenshots/),
 * for a person to look at the screens; a plain run saves only a failed test's last screen. What a
 * test checks is asserted, never read from a picture, and drawing every screen was a tenth of the run.
 */
export const SHOTS_ON = process.env.E2E_SHOTS === "1";

/** A screenshot of the page, or of one element, for E2E_SHOTS runs (see SHOTS_ON). */
export async function shot(target: Page | Locator, options: PageScreenshotOptions): Promise<void> {
  if (SHOTS_ON) await target.screenshot(options);
}

/**
 * How far the run's clock is from the real one (CAMPUS_CLOCK, scripts/e2e.mjs): the server, the fake
 * Google, this process and every page (withPage) read the same "now".
 */
const runClockOffset = Number(process.env.CAMPUS_CLOCK_OFFSET_MS) || 0;
/** How far this process's dates are shifted: the run's offset, except inside onRealClock. */
let datesShiftedBy = runClockOffset;
if (runClockOffset) shiftDates(() => datesShiftedBy);
let onRealClockDepth = 0;

/**
 * Runs a Playwright clock call (`clock.install`, `runFor` ...) with this process's dates on the real
 * clock. Playwright notes each call's moment by this process's Date.now() and moves the page's clock
 * on by the browser's real clock since the last note ("dateNow() - lastLogTime" in its clock). With
 * this process's dates on the run's clock, a run behind the real time (the pinned moment once it has
 * passed) started every page that far ahead: at 13:00 India time a page set to 06:00 read 09:00. Take
 * any time the call needs (`Date.now()`, the run's now) before calling this.
 */
export async function onRealClock<T>(work: () => Promise<T>): Promise<T> {
  onRealClockDepth += 1;
  datesShiftedBy = 0;
  try {
    return await work();
  } finally {
    onRealClockDepth -= 1;
    if (onRealClockDepth === 0) datesShiftedBy = runClockOffset;
  }
}

/**
 * A test that needs a particular moment (a meal being served, the day before a slot) sets the clock
 * there for its browser context (withPage's `clock`) and for its own API calls (`headers`); it then
 * runs on from that moment.
 */
export function clockAt(at: number): { at: number; headers: Record<string, string> } {
  const offset = at - (Date.now() - runClockOffset);
  return { at, headers: { [CLOCK_HEADER]: String(Math.round(offset)) } };
}

export const IST_OFFSET_MS = 330 * 60_000;

/** That India-time hour and minute ("06:00") of today, India's day by this run's clock. */
export function todayInIndiaAt(time: string): number {
  const day = new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);
  return Date.parse(`${day}T${time}:00+05:30`);
}

export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 860 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}

/**
 * The one Chromium of a test file: launched before its tests (and its screenshot folder made, when
 * given), closed after them. What it returns stands for that browser inside the tests.
 */
export function sharedBrowser(shots?: string): Browser {
  let real: Browser | undefined;
  before(async () => {
    real = await launchBrowser();
    if (shots) mkdirSync(shots, { recursive: true });
  });
  after(async () => {
    await real?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, prop) {
      if (!real) throw new Error("The browser is launched in before(): use it inside a test.");
      const value: unknown = Reflect.get(real, prop);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
  });
}

let ipCounter = 0;
/** Each test gets its own client address, so the per-address rate limits never leak across tests. */
export function testIp(): string {
  ipCounter += 1;
  return `198.51.${(process.pid % 200) + 1}.${(ipCounter % 250) + 1}`;
}

export interface PageGuard {
  page: Page;
  /** Console errors matching this are expected by the test (e.g. the browser's note about a 401). */
  allowConsoleError(pattern: RegExp): void;
}

/**
 * Opens a page in a fresh browser context, fails the test on any unexpected console error or page
 * error, and saves a screenshot named after the test when it fails (or ends, in E2E_SHOTS runs).
 */
export async function withPage(
  t: TestContext,
  browser: Browser,
  body: (guard: PageGuard) => Promise<void>,
  { clock, ...options }: BrowserContextOptions & { clock?: ReturnType<typeof clockAt> } = {},
): Promise<void> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    extraHTTPHeaders: { "CF-Connecting-IP": testIp() },
    // The service worker answers page requests from its cache, where page.route() cannot see them:
    // only the tests of offline use (e2e/offline.test.ts) let it run ({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    ...options,
  });
  if (clock) {
    await context.addCookies([{ name: CLOCK_COOKIE, value: clock.headers[CLOCK_HEADER]!, url: baseURL }]);
    await onRealClock(() => context.clock.install({ time: clock.at }));
  } else if (runClockOffset) {
    const now = Date.now();
    await onRealClock(() => context.clock.install({ time: now }));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" || allowed.some((pattern) => pattern.test(message.text()))) return;
    // A shared list (Browse, Saved) may show another test's listing that its seller deletes while the
    // page loads: its photo is then a 404, as it would be for a student. Any other 404 still fails.
    if (/status of 404/.test(message.text()) && /\/api\/files\/products\//.test(message.location().url)) return;
    errors.push(`console.error: ${message.text()}${message.location().url ? ` (${message.location().url})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  let passed = false;
  try {
    await body({ page, allowConsoleError: (pattern) => allowed.push(pattern) });
    passed = true;
  } finally {
    if (!passed || SHOTS_ON) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const name = t.fullName
        .replace(/[^a-z0-9]+/gi, "-")
        .replace(/^-|-$/g, "")
        .toLowerCase();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true }).catch(() => undefined);
    }
    await context.close();
  }
  if (errors.length > 0) throw new Error(`Unexpected browser errors:\n${errors.join("\n")}`);
}

let userCounter = 0;
export interface E2EUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(name = "Priya Sharma"): E2EUser {
  userCounter += 1;
  return {
    name,
    email: `e2e-${process.pid}-${Date.now().toString(36)}-${userCounter}@campus.test`,
    password: "e2e-password-123",
  };
}

/**
 * Creates the account through the API (fast); returns the user for signing in through the UI. A
 * college address (the default, @campus.test) is verified as a student would: the code from the
 * development outbox, sent to POST /api/auth/verify. `verified: false` leaves it unverified (for
 * tests of the verify banner and the gates).
 */
export async function createUserViaApi(
  user: E2EUser = newUser(),
  options: { verified?: boolean } = {},
): Promise<E2EUser> {
  const ip = testIp();
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as {
    data: { token: string; verified: boolean; campus: { openCommunity: boolean } };
  };
  if (options.verified === false || data.verified || data.campus.openCommunity) return user;
  const code = await codeFromOutbox(user.email);
  const verify = await fetch(`${baseURL}/api/auth/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${data.token}`, "CF-Connecting-IP": ip },
    body: JSON.stringify({ code }),
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return user;
}

/**
 * Puts a listing on sale through POST /api/product/upload as the member whose session `token` is,
 * with one photo (a seed image's path, or bytes), and answers its id: set-up for the tests about what
 * happens to a listing, not about the listing form.
 */
export async function listViaApi(
  token: string,
  fields: Record<string, string>,
  photo: string | Uint8Array<ArrayBuffer> = "scripts/seed/images/calculator.png",
): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const bytes = typeof photo === "string" ? readFileSync(photo) : photo;
  form.set("image", new File([bytes], "photo.png", { type: "image/png" }));
  const res = await fetch(`${baseURL}/api/product/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": testIp() },
    body: form,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

/** A bearer token for `user`, from POST /api/auth/login (for set-up through the API). */
export async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp() },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Puts a WhatsApp number on the user's profile through the API (PUT /api/auth/whatsapp): their listings take it. */
export async function setWhatsappViaApi(user: E2EUser, whatsappNumber: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/auth/whatsapp`, {
    method: "PUT",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${await tokenOf(user)}`,
      "CF-Connecting-IP": testIp(),
    },
    body: JSON.stringify({ whatsappNumber }),
  });
  if (res.status !== 200) throw new Error(`setting the WhatsApp number failed: ${res.status} ${await res.text()}`);
}

/** The code in the newest mail to `email` in the development outbox (GET /api/dev/outbox). */
export async function codeFromOutbox(email: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (res.status !== 200) throw new Error(`outbox: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { text: string }[] };
  const code = data[0] && /\b(\d{6})\b/.exec(data[0].text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/**
 * Signs the page's browser context in as `user` without a screen: the session from POST
 * /api/auth/login, put in the context as the session cookie the sign-in screen would have set. The
 * page stays where it is, so the test goes next where it means to be. Tests of the sign-in screen
 * itself, and of where it leads, use signInThroughForm.
 */
export async function signIn(page: Page, user: E2EUser): Promise<void> {
  // Through the page's own request client: the context's user agent (the device a student sees on
  // /account) and client address.
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { email: user.email, password: user.password },
  });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string } };
  // A __Host- cookie is Secure and has no Domain: given an https address, Playwright makes it so, and
  // Chromium sends it to the http server on 127.0.0.1, a loopback address it trusts as secure.
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: data.token,
      url: baseURL.replace(/^http:/, "https:"),
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** Signs in through the real form on /login and waits until the app has left the sign-in screen. */
export async function signInThroughForm(page: Page, user: E2EUser): Promise<void> {
  if (!/\/(login|auth|register)$/.test(new URL(page.url() || `${baseURL}/`, baseURL).pathname))
    await page.goto("/login");
  // Through the JavaScript path; tests of the form without JavaScript post it themselves.
  await hydrated(page);
  // The form itself, not only the address: a client-side navigation changes the address first.
  await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => !/\/(login|auth|register)$/.test(url.pathname));
}

/**
 * After a guarded page or link has sent a signed-out visitor to sign in: signs in there and checks
 * that the visitor is back on `returnsTo`.
 */
export async function signInAndReturn(page: Page, user: E2EUser, returnsTo: string): Promise<void> {
  await onSignInPage(page);
  await signInThroughForm(page, user);
  assert.equal(new URL(page.url()).pathname, returnsTo);
}

/**
 * The sign-in page is on screen: its address and its form. A client-side navigation changes the
 * address before the new page is drawn, so the address alone can still show the last page's fields
 * (the account page's "New e-mail" answered getByLabel("E-mail") once, on a busy machine).
 */
export async function onSignInPage(page: Page): Promise<void> {
  await page.waitForURL("**/login");
  await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
}

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * A request held back until the test has seen what the user sees while it is on its way (a busy
 * button, a pending message): a route handler awaits `held`, the test calls `release()`. No fixed
 * delay, so a slow machine cannot make the pending state pass unseen.
 */
export function gate(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/**
 * Waits until `read()` deep-equals `expected`, and fails with the last value read when it never
 * does: for what the screen shows after an action, which a busy machine may render a moment after
 * the action's promise has settled.
 */
export async function eventually<T>(read: () => Promise<T>, expected: T, message?: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const actual = await read();
    try {
      assert.deepEqual(actual, expected, message);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the page has painted twice more: whatever a settled promise set is on screen by then. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The pages the whole-page sweeps read (`sweepPages`: e2e/page-css.test.ts, e2e/layout-shift.test.ts,
 * e2e/dark-contrast.test.ts): a visitor's, and a signed-in student's, to which each sweep adds a
 * product page and a conversation of its own (`listingAndConversation`).
 */
export const SWEPT_VISITOR_PAGES = [
  "/",
  "/login",
  "/register",
  "/notes",
  "/btech/cse",
  "/btech/cse/1",
  "/library",
  "/library/saved",
  "/lost-found",
];
export const SWEPT_MEMBER_PAGES = [
  "/dashboard",
  "/marketplace",
  "/all-products",
  "/hosteller/night-market",
  "/upload",
  "/messages",
  "/notifications",
  "/saved",
  "/timetable",
  "/attendance",
  "/exams",
  "/grades",
  "/events",
  "/clubs",
  "/lost-found/new",
  "/library/new",
  "/studyswap",
  "/hostel",
  "/googleclassroom",
  "/account",
  "/btech/cse/3?subject=Operating%20Systems&tab=pyqs",
];

/**
 * A listing by a new seller and a new buyer signed in on `page` who has asked about it: the product
 * page and the conversation the sweeps add to SWEPT_MEMBER_PAGES.
 */
export async function listingAndConversation(page: Page): Promise<{ product: string; conversation: string }> {
  const seller = await createUserViaApi(newUser("Ritika Bose"));
  const buyer = await createUserViaApi(newUser("Arjun Mehta"));
  const productId = await listViaApi(await tokenOf(seller), {
    title: "Casio fx-991EX calculator",
    description: "Used for two semesters, all buttons work.",
    price: "650",
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
  });
  await signIn(page, buyer);
  const sent = await page.request.post(`/api/product/${productId}/messages`, {
    data: { text: "Is this still available? I can meet at the library at 5." },
  });
  assert.ok(sent.ok(), await sent.text());
  const { data } = (await sent.json()) as { data: { conversationId: string } };
  return { product: `/product/${productId}`, conversation: `/messages/${data.conversationId}` };
}

/**
 * A whole-page sweep as two tests: every SWEPT_VISITOR_PAGES page for a visitor, then every
 * SWEPT_MEMBER_PAGES page with a product page and a conversation for a signed-in student. `read`
 * returns what is wrong on one page (nothing when it is right); `prepare` runs once on the page
 * before the first load (after signing in); the test fails with every page's findings together.
 */
export function sweepPages(
  browser: Browser,
  read: (page: Page, path: string) => Promise<string[]>,
  {
    prepare = async () => undefined,
    allowConsoleError = null,
    memberTest = "for a signed-in student, a product page and a conversation included",
    ...options
  }: BrowserContextOptions & {
    prepare?: (page: Page) => Promise<void>;
    allowConsoleError?: RegExp | null;
    memberTest?: string;
  } = {},
): void {
  const sweep = (t: TestContext, member: boolean) =>
    withPage(
      t,
      browser,
      async (guard) => {
        if (allowConsoleError) guard.allowConsoleError(allowConsoleError);
        const paths = member
          ? await listingAndConversation(guard.page).then(({ product, conversation }) => [
              ...SWEPT_MEMBER_PAGES,
              product,
              conversation,
            ])
          : SWEPT_VISITOR_PAGES;
        await prepare(guard.page);
        const found: string[] = [];
        for (const path of paths) found.push(...(await read(guard.page, path)));
        assert.deepEqual(found, []);
      },
      options,
    );
  it("for a visitor", (t) => sweep(t, false));
  it(memberTest, (t) => sweep(t, true));
}
