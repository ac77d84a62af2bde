// The mail module (docs/decisions/0074-mail-providers.md): the development outbox and when it
// exists, the providers chosen by configuration, what every mail says, and that a mail service that
// is down never fails a registration.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "#server/index.ts";
import { call, createUser, ORIGIN, unique, uniqueIp } from "#test/helpers.ts";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

async function outbox(to: string): Promise<OutboxMail[]> {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}

/** The Worker with other configuration, as a deploy would have it; `waited` are its waitUntil promises. */
function workerWith(vars: Record<string, unknown>) {
  const waited: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => waited.push(p),
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  return {
    waited,
    fetch: (path: string, init: RequestInit = {}, origin = ORIGIN) =>
      worker.fetch(
        new Request(`${origin}${path}`, init) as Parameters<typeof worker.fetch>[0],
        { ...env, ...vars } as Env,
        ctx,
      ),
  };
}

function registration(email: string, password = "correct horse battery"): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
    body: JSON.stringify({ name: "Mallory Visit-evil.example", email, password }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the development outbox (DEV_OUTBOX=1)", () => {
  it("holds the code mailed at registration: to, subject, plain text, sentAt; newest first", async () => {
    const user = await createUser({ verified: false });
    await env.DB.prepare("UPDATE email_codes SET sent_at = sent_at - 61000 WHERE user_id = ?1").bind(user.userId).run();
    const resend = await call("/api/auth/verify/resend", {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}`, "CF-Connecting-IP": uniqueIp() },
    });
    expect(resend.status).toBe(200);
    const mails = await outbox(user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(["sentAt", "subject", "text", "to"]);
      expect(mail.to).toBe(user.email);
      expect(new Date(mail.sentAt).toISOString()).toBe(mail.sentAt);
    }
    expect(Date.parse(mails[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(mails[1]!.sentAt));
    // The newest is the resent code, the one that works now.
    const codes = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]);
    const verify = await call("/api/auth/verify", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${user.token}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": uniqueIp(),
      },
      body: JSON.stringify({ code: codes[0] }),
    });
    expect(verify.status).toBe(200);
  });

  it("lists only the asked-for address's mail", async () => {
    const a = await createUser({ verified: false });
    await createUser({ verified: false });
    const mails = await outbox(a.email.toUpperCase());
    expect(mails.map((m) => m.to)).toEqual([a.email]);
  });

  // The first page this file renders loads the server build: more than the default 5 s on a busy machine.
  it("the page /dev/outbox shows the mail", { timeout: 30_000 }, async () => {
    const user = await createUser({ verified: false });
    const res = await call(`/dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Development outbox");
    expect(html).toContain("Your Campus verification code (Campus Institute of Technology)");
  });

  it("is not readable on a host other than localhost or 127.0.0.1, even with DEV_OUTBOX=1", async () => {
    const deployed = workerWith({});
    const api = await deployed.fetch("/api/dev/outbox?to=a@campus.test", {}, "https://campus.example");
    expect(api.status).toBe(404);
    const page = await deployed.fetch("/dev/outbox", {}, "https://campus.example");
    expect(page.status).toBe(404);
    // The built Worker of the browser tests is on 127.0.0.1.
    expect((await deployed.fetch("/api/dev/outbox", {}, "http://127.0.0.1:8787")).status).toBe(200);
  });
});

describe("without DEV_OUTBOX=1 the outbox does not exist", () => {
  it("GET /api/dev/outbox and /dev/outbox answer as any unknown path does", async () => {
    const deployed = workerWith({ DEV_OUTBOX: "0" });
    const api = await deployed.fetch("/api/dev/outbox?to=a@campus.test");
    const unknownApi = await deployed.fetch("/api/dev/nothing-here");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: "No API endpoint at GET /api/dev/outbox." });
    expect(unknownApi.status).toBe(404);
    const page = await deployed.fetch("/dev/outbox");
    const unknownPage = await deployed.fetch("/dev/nothing-here");
    expect(page.status).toBe(404);
    expect(unknownPage.status).toBe(404);
    const pageHtml = await page.text();
    expect(pageHtml).toContain("Page not found");
    expect(pageHtml).not.toContain("Development outbox");
  });

  it("mail goes to the configured provider, not to the outbox", async () => {
    const sent: unknown[] = [];
    const deployed = workerWith({
      DEV_OUTBOX: "0",
      MAIL_PROVIDER: "cloudflare",
      EMAIL: { send: async (m: unknown) => void sent.push(m) },
    });
    const email = `${unique("cf")}@campus.test`;
    expect((await deployed.fetch("/api/auth/register", registration(email))).status).toBe(201);
    await Promise.all(deployed.waited);
    expect(sent).toEqual([
      {
        from: { email: "noreply@campus.example", name: "Campus" },
        to: email,
        subject: "Your Campus verification code (Campus Institute of Technology)",
        text: expect.stringMatching(/\b\d{6}\b/),
      },
    ]);
    expect(await outbox(email)).toEqual([]);
  });
});

describe("every mail: plain text, the campus's name, no secret but the code", () => {
  it("names the student's own college, carries the 6-digit code, and nothing the registering person typed", async () => {
    for (const [domain, campus] of [
      ["campus.test", "Campus Institute of Technology"],
      ["riverside.test", "Riverside College of Engineering"],
    ]) {
      const password = `pw-${unique()}`;
      const email = `${unique("m")}@${domain}`;
      const res = await call("/api/auth/register", registration(email, password));
      expect(res.status).toBe(201);
      const { token, userId } = ((await res.json()) as { data: { token: string; userId: string } }).data;
      const [mail] = await outbox(email);
      expect(mail!.subject).toContain(campus);
      expect(mail!.text).toContain(campus);
      expect(mail!.text).toMatch(/^Your Campus verification code is \d{6}$/m);
      expect(mail!.text).toContain("15 minutes");
      // Plain text: no markup.
      expect(mail!.text).not.toMatch(/<[a-z]/i);
      const row = await env.DB.prepare("SELECT code_hash FROM email_codes WHERE user_id = ?1")
        .bind(userId)
        .first<{ code_hash: string }>();
      for (const secret of [password, token, env.SESSION_SECRET, row!.code_hash, userId, "Mallory", "evil.example"]) {
        expect(mail!.text).not.toContain(secret);
        expect(mail!.subject).not.toContain(secret);
      }
    }
  });

  it("an Open community account (no college) gets no mail and is not asked to verify", async () => {
    const email = `${unique("o")}@gmail.example`;
    const res = await call("/api/auth/register", registration(email));
    expect(res.status).toBe(201);
    expect(
      ((await res.json()) as { data: { verified: boolean; campus: { openCommunity: boolean } } }).data,
    ).toMatchObject({ verified: false, campus: { openCommunity: true } });
    expect(await outbox(email)).toEqual([]);
  });
});

describe("a mail service that is down never fails a registration", () => {
  it("the HTTP provider answering 503: 201, the account exists, the failure is logged without the code", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const requests: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response("unavailable", { status: 503 });
    });
    const deployed = workerWith({
      DEV_OUTBOX: "0",
      MAIL_PROVIDER: "http",
      MAIL_API_URL: "https://mail.example/emails",
      MAIL_API_KEY: "mail-api-key-123",
    });
    const email = `${unique("down")}@campus.test`;
    const res = await deployed.fetch("/api/auth/register", registration(email));
    expect(res.status).toBe(201);
    await Promise.all(deployed.waited);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get("Authorization")).toBe("Bearer mail-api-key-123");
    const sent = (await requests[0]!.json()) as { from: string; to: string[]; subject: string; text: string };
    expect(sent).toMatchObject({
      from: "Campus <noreply@campus.example>",
      to: [email],
      subject: "Your Campus verification code (Campus Institute of Technology)",
    });
    const code = /\b(\d{6})\b/.exec(sent.text)![1]!;
    const logged = errors.mock.calls.map((c) => String(c[0])).join("\n");
    expect(logged).toContain("mail not sent");
    expect(logged).toContain("503");
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(email);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?1").bind(email).first("n")).toBe(1);
  });

  it("the send_email binding throwing, or no provider configured: 201 all the same", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const vars of [
      {
        DEV_OUTBOX: "0",
        MAIL_PROVIDER: "cloudflare",
        EMAIL: { send: async () => Promise.reject(new Error("sending domain not onboarded")) },
      },
      { DEV_OUTBOX: "0", MAIL_PROVIDER: "none" },
      { DEV_OUTBOX: "0", MAIL_PROVIDER: "http", MAIL_API_URL: "" },
    ]) {
      const deployed = workerWith(vars);
      const res = await deployed.fetch("/api/auth/register", registration(`${unique("x")}@campus.test`));
      expect(res.status).toBe(201);
      await Promise.all(deployed.waited);
    }
  });
});
