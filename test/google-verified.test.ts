// Google sign-in counts as a verified college e-mail (docs/decisions/0075): a
// Google-verified address of a college domain is verified, unless the ID token's `hd` (the Google
// Workspace that manages the account) is another organisation's.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeAccount } from "#fake-google/app.ts";
import { googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { bearer, call, postJson, unique } from "#test/helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A Google account of its own for each test (unique address and subject). */
function account(domain: string, hd?: string): FakeAccount {
  const key = unique("g");
  return {
    key,
    sub: `2${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    email: `${key}@${domain}`,
    name: "Kavya Nair",
    ...(hd ? { hd } : {}),
  };
}

async function signInWithGoogle(who: FakeAccount) {
  const fake = installFakeGoogle();
  fake.settings.extraAccounts.push(who);
  const { location, cookie } = await googleRedirect(fake, "auth", who.key);
  return { location, cookie };
}

async function membershipAfter(who: FakeAccount) {
  const { location, cookie } = await signInWithGoogle(who);
  const code = location.searchParams.get("code");
  expect(code, location.toString()).toBeTruthy();
  const res = await postJson("/api/google/session", { code }, { Cookie: cookie });
  expect(res.status).toBe(200);
  const { token } = ((await res.json()) as { data: { token: string } }).data;
  const me = await call("/api/auth/me", { headers: bearer(token) });
  return ((await me.json()) as { data: { verified: boolean; campus: { id: string; shortName: string } } }).data;
}

describe("Google sign-in and the college e-mail", () => {
  it("a college Workspace account (hd = the college's domain) is a verified student of that college", async () => {
    expect(await membershipAfter(account("campus.test", "campus.test"))).toMatchObject({
      verified: true,
      campus: { id: "cit" },
    });
    expect(await membershipAfter(account("cse.riverside.test", "riverside.test"))).toMatchObject({
      verified: true,
      campus: { id: "rce" },
    });
  });

  it("a personal Google account whose address Google verified (no hd) counts as verified too", async () => {
    expect(await membershipAfter(account("riverside.test"))).toMatchObject({
      verified: true,
      campus: { id: "rce", shortName: "RCE" },
    });
  });

  it("an hd of another organisation is refused: back to sign-in with the reason, no account made", async () => {
    const who = account("campus.test", "other-org.example");
    const { location } = await signInWithGoogle(who);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe(
      "This Google account is managed by other-org.example, not by your college. Sign in with your college Google account, or with your e-mail and password.",
    );
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?1").bind(who.email).first("n")).toBe(0);
  });

  it("a college that requires its Google Workspace refuses a personal account (no hd) and takes its Workspace's", async () => {
    const id = `w${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO campuses (id, name, short_name, google_hd_required, created_at) VALUES (?1, 'Workspace College', 'WSC', 1, 0)",
      ).bind(id),
      env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(`${id}.test`, id),
    ]);
    const personal = account(`${id}.test`);
    const { location } = await signInWithGoogle(personal);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toMatch(
      /^Workspace College asks you to sign in with your college Google Workspace account/,
    );
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?1").bind(personal.email).first("n"),
    ).toBe(0);
    expect(await membershipAfter(account(`${id}.test`, `${id}.test`))).toMatchObject({
      verified: true,
      campus: { id },
    });
  });

  it("an hd of the other demo college does not vouch for a CIT address", async () => {
    const { location } = await signInWithGoogle(account("campus.test", "riverside.test"));
    expect(location.searchParams.get("error")).toContain("managed by riverside.test");
  });

  it("an unverified college account (a password registration) is verified by its owner's Google sign-in", async () => {
    const who = account("campus.test", "campus.test");
    const registered = await postJson(
      "/api/auth/register",
      { name: "Someone", email: who.email, password: "correct horse battery" },
      { "CF-Connecting-IP": "10.9.9.9" },
    );
    expect(registered.status).toBe(201);
    expect(await membershipAfter(who)).toMatchObject({ verified: true, campus: { id: "cit" } });
  });
});
