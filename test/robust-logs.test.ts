// No secret, password or token in any log line (docs/reliability.md): every console line of a full run through
// the app (accounts, sessions, pages, market, Study Swap, hostel, Google sign-in and Classroom,
// refusals) is captured and searched for every secret the run used or was given.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logError } from "#server/lib/log.ts";
import { cookiesFrom, googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { bearer, call, createUser, postJson, uniqueIp } from "#test/helpers.ts";
import { PNG_BYTES, sendJson } from "#test/hostel-helpers.ts";

const lines: string[] = [];
const secrets = new Set<string>();

function remember(...values: (string | null | undefined)[]) {
  for (const v of values) if (v && v.length >= 8) secrets.add(v);
}

beforeAll(() => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) => (typeof a === "string" ? a : a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a)))
          .join(" "),
      );
    });
  }
  remember(env.SESSION_SECRET, env.GOOGLE_CLIENT_SECRET);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe("the logs of a full run", () => {
  it("hold one line per request and not one secret, password or token", async () => {
    const fake = installFakeGoogle();
    // Accounts and sessions.
    const password = "Pa55word-in-the-logs?";
    const email = `logs${Date.now()}@campus.test`;
    const registered = await postJson(
      "/api/auth/register",
      { name: "Logan", email, password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    const token = ((await registered.json()) as { data: { token: string } }).data.token;
    remember(password, token, registered.headers.get("Set-Cookie")?.split(";")[0]?.split("=")[1]);
    const login = await postJson("/api/auth/login", { email, password }, { "CF-Connecting-IP": uniqueIp() });
    remember(((await login.json()) as { data: { token: string } }).data.token);
    // Selling and posting need a verified college address: Logan enters the mailed code.
    const mail = (
      (await (await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string }[] }
    ).data[0];
    const verifyCode = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(
      (await postJson("/api/auth/verify", { code: verifyCode }, { ...bearer(token), "CF-Connecting-IP": uniqueIp() }))
        .status,
    ).toBe(200);
    const wrong = "wrong-Password-123";
    remember(wrong);
    expect(
      (await postJson("/api/auth/login", { email, password: wrong }, { "CF-Connecting-IP": uniqueIp() })).status,
    ).toBe(401);
    expect(
      (
        await postJson(
          "/api/auth/register",
          { name: "Short", email: "bad", password: "tiny-pw-x" },
          { "CF-Connecting-IP": uniqueIp() },
        )
      ).status,
    ).toBe(400);
    remember("tiny-pw-x");
    expect((await call("/api/auth/me", { headers: bearer(token) })).status).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(`${token}x`) })).status).toBe(401);
    const cookie = `__Host-campus_session=${token}`;
    for (const page of [
      "/",
      "/dashboard",
      "/marketplace",
      "/purchases",
      "/studyswap",
      "/hostel-complaints",
      "/googleclassroom",
    ]) {
      expect((await call(page, { headers: { Cookie: cookie } })).status, page).toBeLessThan(400);
    }
    // Market, Study Swap, hostel.
    const user = await createUser();
    remember(user.token, user.password);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Log lamp",
      description: "Bright.",
      price: "99",
      sellerName: "Logan",
      whatsappNumber: "9876543210",
    }))
      form.set(k, v);
    form.set("image", new File([PNG_BYTES], "p.png"));
    const product = await call("/api/product/upload", { method: "POST", headers: bearer(token), body: form });
    const id = ((await product.json()) as { product: { _id: string } }).product._id;
    expect((await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(user.token) })).status).toBe(
      200,
    );
    expect(
      (
        await sendJson(
          "POST",
          "/api/studyswap/requests",
          { title: "Logs", category: "OS", details: "x", contact: "a@b.co" },
          token,
        )
      ).status,
    ).toBe(201);
    // Filing a complaint needs a verified college address: the verified student files it.
    expect(
      (
        await sendJson(
          "POST",
          "/api/hostel/complaints",
          { category: "plumbing", blockId: "B", room: "1", description: "Leaks all night long." },
          user.token,
        )
      ).status,
    ).toBe(201);
    // Google sign-in and Classroom through the fake Google.
    const signIn = await googleRedirect(fake, "auth");
    const code = signIn.location.searchParams.get("code") ?? "";
    remember(code, ...signIn.cookie.split("; ").map((c) => c.split("=")[1]));
    const session = await postJson("/api/google/session", { code }, { Cookie: signIn.cookie });
    expect(session.status).toBe(200);
    remember(((await session.json()) as { data: { token: string } }).data.token, cookiesFrom(session).split("=")[1]);
    const classroom = await googleRedirect(fake, "classroom");
    const classroomCode = classroom.location.searchParams.get("code") ?? "";
    const exchanged = await postJson("/api/google/exchange", { code: classroomCode }, { Cookie: classroom.cookie });
    const classroomToken = ((await exchanged.json()) as { token: string }).token;
    remember(classroomCode, classroomToken);
    expect((await call("/api/google/courses", { headers: bearer(classroomToken) })).status).toBe(200);
    expect((await postJson("/api/google/verify-token", { token: classroomToken })).status).toBe(200);
    expect(
      (await call(`/api/google/callback?code=${"c".repeat(40)}&state=stolen-state-value`, { redirect: "manual" }))
        .status,
    ).toBe(302);
    remember("c".repeat(40), "stolen-state-value");

    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThan(25);
    for (const line of requestLines) expect(() => JSON.parse(line)).not.toThrow();
    for (const line of lines) {
      for (const secret of secrets)
        expect(line.includes(secret), `a log line holds a secret (${secret.slice(0, 6)}…): ${line.slice(0, 200)}`).toBe(
          false,
        );
      expect(line).not.toMatch(/Bearer\s+ey/);
      expect(line).not.toMatch(/\$argon2|\$pbkdf2|pbkdf2:|scrypt:/i);
    }
  });

  it("an unexpected error's log line keeps the message and the cause but never the query parameters", () => {
    lines.length = 0;
    const error = new Error(
      'Failed query: insert into "users" (...) values (?, ?)\nparams: someone@campus.test,pbkdf2:secret-hash-value',
      { cause: new Error("UNIQUE constraint failed") },
    );
    logError("req-1", error, { path: "/api/auth/register" });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { error: string; cause: string; stack: string };
    expect(entry.error).toMatch(/Failed query/);
    expect(entry.cause).toBe("UNIQUE constraint failed");
    expect(lines[0]).not.toContain("secret-hash-value");
    expect(lines[0]).not.toContain("someone@campus.test");
  });
});
