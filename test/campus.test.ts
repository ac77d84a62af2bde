// Campuses: which college an address belongs to, the list clients read, and the
// Open community switch.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "#server/index.ts";
import { call, createUser, ORIGIN, postJson, unique, uniqueIp } from "#test/helpers.ts";

async function membership(email: string) {
  const row = await env.DB.prepare(
    "SELECT campus_id AS campusId, email_verified_at AS verifiedAt FROM users WHERE email = ?1",
  )
    .bind(email)
    .first<{ campusId: string; verifiedAt: number | null }>();
  return row;
}

function registerWith(vars: Partial<Env>, email: string): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
    body: JSON.stringify({ name: "Test Student", email, password: "correct horse battery" }),
  });
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  return worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...vars }, ctx);
}

describe("GET /api/campuses", () => {
  it("lists the colleges and their e-mail domains, not the Open community", async () => {
    const res = await call("/api/campuses");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      data: { campuses: { id: string; name: string; shortName: string; domains: string[] }[]; openSignup: boolean };
    };
    expect(body.success).toBe(true);
    expect(body.data.campuses).toEqual([
      { id: "cit", name: "Campus Institute of Technology", shortName: "CIT", city: "Pune", domains: ["campus.test"] },
      {
        id: "rce",
        name: "Riverside College of Engineering",
        shortName: "RCE",
        city: "Kochi",
        domains: ["riverside.test"],
      },
    ]);
    expect(body.data.openSignup).toBe(true);
  });
});

describe("registration decides the campus from the address", () => {
  it("puts a college address, or one of its subdomains, in that college, unverified", async () => {
    const direct = await createUser({ email: `${unique("s")}@riverside.test`, verified: false });
    expect(await membership(direct.email)).toEqual({ campusId: "rce", verifiedAt: null });
    const sub = await createUser({ email: `${unique("s")}@CSE.Campus.test`, verified: false });
    expect(await membership(sub.email)).toEqual({ campusId: "cit", verifiedAt: null });
  });

  it("does not match a domain that only ends with a college's name", async () => {
    const user = await createUser({ email: `${unique("s")}@notcampus.test`, verified: false });
    expect((await membership(user.email))?.campusId).toBe("open");
  });

  it("puts an address of no college in the Open community while OPEN_SIGNUP is on", async () => {
    const email = `${unique("s")}@gmail.example`;
    const res = await postJson(
      "/api/auth/register",
      { name: "Open Student", email, password: "correct horse battery" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(201);
    expect((await membership(email))?.campusId).toBe("open");
  });

  it("refuses an address of no college when OPEN_SIGNUP is off, naming the colleges, and creates nothing", async () => {
    const email = `${unique("s")}@gmail.example`;
    const res = await registerWith({ OPEN_SIGNUP: "0" }, email);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toBe(
      "Campus is open to students of Campus Institute of Technology (@campus.test), Riverside College of Engineering (@riverside.test). Register with your college e-mail address.",
    );
    expect(await membership(email)).toBeNull();
    // A college address is still welcome.
    const college = `${unique("s")}@campus.test`;
    expect((await registerWith({ OPEN_SIGNUP: "0" }, college)).status).toBe(201);
    expect((await membership(college))?.campusId).toBe("cit");
  });
});
