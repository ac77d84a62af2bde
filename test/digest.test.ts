// The optional daily e-mail digest (docs/decisions/0092-daily-digest.md): off by default,
// turned on by the student (API and page), one mail per India-time day with their unread notices of
// the last 24 hours grouped by category, muted categories left out, nothing sent when there is
// nothing to say, never to an unverified or deleted account, and once only even when two cron runs
// overlap.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { DIGEST_MINUTE, runDigest } from "#server/services/notifications/digest.ts";
import { IST_OFFSET_MS } from "#common/india-time.ts";
import { bearer, call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

async function outbox(to: string): Promise<Mail[]> {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Mail[] }).data;
}

const digests = async (user: TestUser) => (await outbox(user.email)).filter((m) => m.subject.startsWith("Campus: "));

/** Now, or the next 07:30 India time when it is earlier in the India day: when the job acts. */
function sendTime(): number {
  const now = Date.now();
  const minute = Math.floor(((now + IST_OFFSET_MS) % 86_400_000) / 60_000);
  return minute >= DIGEST_MINUTE ? now : now + (DIGEST_MINUTE - minute) * 60_000;
}

function setDigest(user: TestUser, body: unknown): Promise<Response> {
  return call("/api/push/digest", {
    method: "PUT",
    headers: { ...bearer(user.token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function notice(
  user: TestUser,
  kind: string,
  title: string,
  text: string,
  link: string | null,
  ageMs = 60_000,
  read = false,
): Promise<void> {
  const createdAt = Date.now() - ageMs;
  await env.DB.prepare(
    "INSERT INTO notices (id, user_id, kind, title, text, link, created_at, read_at, queued_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?7)",
  )
    .bind(crypto.randomUUID(), user.userId, kind, title, text, link, createdAt, read ? createdAt : null)
    .run();
}

async function optedIn(overrides: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  const user = await createUser({ name: "Asha Verma", ...overrides });
  expect((await setDigest(user, { enabled: true })).status).toBe(200);
  return user;
}

describe("the digest setting", () => {
  it("is off by default, and PUT /api/push/digest turns it on and off (GET /api/push/settings shows it)", async () => {
    const user = await createUser();
    const settings = async () =>
      (
        (await (await call("/api/push/settings", { headers: bearer(user.token) })).json()) as {
          data: { digest: boolean; quiet: unknown };
        }
      ).data;
    expect((await settings()).digest).toBe(false);
    const on = await setDigest(user, { enabled: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({
      success: true,
      message: "The daily e-mail digest is on.",
      data: { digest: true },
    });
    // Turning it on keeps the default quiet hours of a student who never saved settings.
    expect(await settings()).toMatchObject({ digest: true, quiet: { from: "23:00", to: "07:00" } });
    expect(await (await setDigest(user, { enabled: false })).json()).toMatchObject({
      message: "The daily e-mail digest is off.",
      data: { digest: false },
    });
    expect((await settings()).digest).toBe(false);
  });

  it("refuses bad input with 400 and a signed-out call with 401, changing nothing", async () => {
    const user = await createUser();
    for (const body of [{}, { enabled: "yes" }, { enabled: 1 }, [], null]) {
      const res = await setDigest(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/enabled|Send/);
    }
    const anonymous = await call("/api/push/digest", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: '{"enabled":true}',
    });
    expect(anonymous.status).toBe(401);
    const row = await env.DB.prepare("SELECT digest FROM notification_settings WHERE user_id = ?1")
      .bind(user.userId)
      .first();
    expect(row).toBeNull();
  });

  it("saving the push settings keeps the digest on", async () => {
    const user = await optedIn();
    const res = await call("/api/push/settings", {
      method: "PUT",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: JSON.stringify({ muted: ["market"], quiet: null }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { digest: boolean } }).data.digest).toBe(true);
  });

  it("the Notifications page's switch works without JavaScript", async () => {
    const user = await createUser();
    const post = (enabled: string) =>
      call("/notifications", {
        method: "POST",
        headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "digest", enabled }),
      });
    const on = await post("true");
    expect(on.status).toBe(200);
    const page = await on.text();
    expect(page).toContain("The daily e-mail digest is on.");
    expect(page).toMatch(/value="digest" role="switch" aria-checked="true"/);
    const off = await post("false");
    expect(await off.text()).toMatch(/value="digest" role="switch" aria-checked="false"/);
    const row = await env.DB.prepare("SELECT digest FROM notification_settings WHERE user_id = ?1")
      .bind(user.userId)
      .first<{ digest: number }>();
    expect(row?.digest).toBe(0);
  });
});

describe("the daily digest job", () => {
  it("sends nothing to a student who did not turn it on", async () => {
    const user = await createUser();
    await notice(user, "market.reserved", "Your kettle is reserved", "Vikram reserved it.", "/sells");
    await runDigest(env, sendTime());
    expect(await digests(user)).toEqual([]);
  });

  it("sends one mail with the unread notices of the last 24 hours, grouped by category, with a link to /notifications", async () => {
    const user = await optedIn();
    await notice(user, "market.reserved", "Your kettle is reserved", "Vikram reserved it.", "/sells");
    await notice(
      user,
      "laundry.ready",
      "Laundry ready",
      "Collect it at <the laundry room> & pay.",
      "/laundry-service",
      120_000,
    );
    await notice(
      user,
      "classroom.due_today",
      "Due today: Lab report",
      "Physics lab, due 11:59 pm.",
      "/googleclassroom",
      180_000,
    );
    // Not in it: read already, or older than a day.
    await notice(user, "market.sold", "Read already", "x", null, 60_000, true);
    await notice(user, "market.sold", "Two days old", "x", null, 2 * 86_400_000);
    const result = await runDigest(env, sendTime());
    expect(result).toMatchObject({ claimed: expect.any(Number) });
    const mails = await digests(user);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Campus: 3 unread notices");
    expect(mail.text).toContain("Good morning, Asha. You have 3 unread notices on Campus from the last 24 hours.");
    const marketAt = mail.text.indexOf(
      "\nMarketplace\n- Your kettle is reserved: Vikram reserved it.\n  https://campus.example/sells\n",
    );
    const hostelAt = mail.text.indexOf(
      "\nHostel\n- Laundry ready: Collect it at <the laundry room> & pay.\n  https://campus.example/laundry-service\n",
    );
    const classroomAt = mail.text.indexOf("\nClassroom\n- Due today: Lab report: Physics lab, due 11:59 pm.\n");
    expect([marketAt, hostelAt, classroomAt].every((at) => at > 0)).toBe(true);
    expect(marketAt < hostelAt && hostelAt < classroomAt).toBe(true);
    expect(mail.text).not.toContain("Read already");
    expect(mail.text).not.toContain("Two days old");
    expect(mail.text).toContain(
      'To stop it, turn off "Daily e-mail digest" on your Notifications page:\nhttps://campus.example/notifications',
    );
    // The HTML twin: escaped, the same links, nothing remote.
    expect(mail.html).toContain("Collect it at &#60;the laundry room&#62; &#38; pay.");
    expect(mail.html).toContain('<a href="https://campus.example/notifications">');
    expect(mail.html).not.toMatch(/<img|<script|src=/);
    // No secret in a link: every address in the mail is a plain page of Campus.
    for (const url of mail.text.match(/https?:\/\/\S+/g) ?? [])
      expect(url).toMatch(/^https:\/\/campus\.example\/[a-z-]+$/);
  });

  it("leaves out a category the student muted, and sends nothing when only muted notices are unread", async () => {
    const user = await optedIn();
    const mute = await call("/api/push/settings", {
      method: "PUT",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: JSON.stringify({ muted: ["market"], quiet: null }),
    });
    expect(mute.status).toBe(200);
    await notice(user, "market.reserved", "Your kettle is reserved", "Vikram reserved it.", "/sells");
    await notice(user, "complaint.status", "Your complaint is resolved", "Tap washer replaced.", "/hostel-complaints");
    await runDigest(env, sendTime());
    const [mail, ...others] = await digests(user);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("Campus: 1 unread notice");
    expect(mail?.text).toContain("Your complaint is resolved");
    expect(mail?.text).not.toContain("Marketplace");
    expect(mail?.text).not.toContain("kettle");

    const onlyMuted = await optedIn();
    await call("/api/push/settings", {
      method: "PUT",
      headers: { ...bearer(onlyMuted.token), "Content-Type": "application/json" },
      body: JSON.stringify({ muted: ["market"], quiet: null }),
    });
    await notice(onlyMuted, "market.reserved", "Your lamp is reserved", "x", "/sells");
    await runDigest(env, sendTime());
    expect(await digests(onlyMuted)).toEqual([]);
  });

  it("sends nothing when there is nothing to say", async () => {
    const user = await optedIn();
    await notice(user, "market.sold", "Read already", "x", null, 60_000, true);
    await runDigest(env, sendTime());
    expect(await digests(user)).toEqual([]);
  });

  it("sends nothing before 07:30 India time, and one mail a day however often it runs", async () => {
    const user = await optedIn();
    await notice(user, "laundry.ready", "Laundry ready", "Collect it.", "/laundry-service");
    const at = sendTime();
    const dayStart = at - ((at + IST_OFFSET_MS) % 86_400_000);
    expect(await runDigest(env, dayStart + 7 * 60 * 60_000)).toEqual({ skipped: "before 07:30 India time" });
    expect(await digests(user)).toEqual([]);
    await runDigest(env, at);
    await runDigest(env, at + 60_000);
    await notice(user, "laundry.ready", "Laundry ready again", "Collect it.", "/laundry-service");
    await runDigest(env, at + 120_000);
    expect(await digests(user)).toHaveLength(1);
    // The next India day: a new digest, with what came since.
    await notice(
      user,
      "laundry.ready",
      "Laundry ready on day two",
      "Collect it.",
      "/laundry-service",
      -(86_400_000 - 3_600_000),
    );
    await runDigest(env, at + 86_400_000);
    const [dayTwo] = await digests(user);
    expect(await digests(user)).toHaveLength(2);
    expect(dayTwo?.text).toContain("Laundry ready on day two");
  });

  it("two cron runs at the same time send one mail", async () => {
    const users = await Promise.all([optedIn(), optedIn(), optedIn()]);
    for (const user of users) await notice(user, "laundry.ready", "Laundry ready", "Collect it.", "/laundry-service");
    const at = sendTime();
    const runs = await Promise.all([runDigest(env, at), runDigest(env, at), runDigest(env, at)]);
    for (const user of users) expect(await digests(user)).toHaveLength(1);
    // Each student was claimed by exactly one of the runs.
    const sent = runs.map((r) => ("sent" in r ? r.sent : 0)).reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(users.length);
    const { results } = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM dev_outbox WHERE to_address IN (?1, ?2, ?3) AND subject LIKE 'Campus: %'",
    )
      .bind(...users.map((u) => u.email))
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(3);
  });

  it("sends nothing to an unverified student or a deleted account", async () => {
    const unverified = await optedIn({ verified: false });
    await notice(unverified, "laundry.ready", "Laundry ready", "Collect it.", "/laundry-service");
    const leaving = await optedIn();
    await notice(leaving, "laundry.ready", "Laundry ready", "Collect it.", "/laundry-service");
    const deleted = await call("/api/auth/account", {
      method: "DELETE",
      headers: { ...bearer(leaving.token), "Content-Type": "application/json" },
      body: JSON.stringify({ password: leaving.password }),
    });
    expect(deleted.status).toBe(200);
    await runDigest(env, sendTime());
    expect(await digests(unverified)).toEqual([]);
    // The page tells them why.
    const page = await (await call("/notifications", { headers: { Cookie: unverified.cookie } })).text();
    expect(page).toContain("Campus mails the digest only to a verified address.");
    expect(await digests(leaving)).toEqual([]);
    // The deleted account's setting went with it.
    expect(
      await env.DB.prepare("SELECT 1 FROM notification_settings WHERE user_id = ?1").bind(leaving.userId).first(),
    ).toBeNull();
  });

  it("runs from scheduled() as the 'digest' job", async () => {
    const user = await optedIn();
    await notice(user, "laundry.ready", "Laundry ready", "Collect it.", "/laundry-service");
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const worker = exports.default as unknown as { scheduled: (controller: ScheduledController) => Promise<void> };
    await worker.scheduled({
      cron: "*/30 * * * *",
      scheduledTime: sendTime(),
      noRetry() {},
    } as unknown as ScheduledController);
    const lines = spy.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    spy.mockRestore();
    expect(lines.find((l) => l.job === "digest")).toMatchObject({ msg: "cron", sent: expect.any(Number) });
    expect(await digests(user)).toHaveLength(1);
  });

  it("the account export shows the digest setting", async () => {
    const user = await optedIn();
    const res = await call("/api/auth/account/export", { headers: bearer(user.token) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      notifications: { settings: { digest: boolean; digestSentOn: string | null } };
    };
    expect(body.notifications.settings).toMatchObject({ digest: true, digestSentOn: null });
  });
});
