import { describe, expect, it } from "vitest";
import { call, createUser, unique } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

// The footer names the college's grievance officer for its signed-in members; the campus admin sets
// it on the college step of the set-up (PUT /api/admin/campus and /admin/setup/college).

describe("the grievance officer", () => {
  it("is set by the campus admin, name and e-mail together, and named in the footer for members", async () => {
    const [admin, member] = await Promise.all([createUser(), createUser()]);
    await grant(admin, "admin");
    const page = async () =>
      (await (await call("/dashboard", { headers: { Cookie: member.cookie } })).text()).replaceAll("<!-- -->", "");
    expect(await page()).toMatch(/has not named a grievance officer on Campus yet/);
    const college = { name: "Campus Institute of Technology", shortName: "CIT", city: "", googleHdRequired: false };
    const half = await sendJson("PUT", "/api/admin/campus", { ...college, grievanceName: "Dr. Rao" }, admin.token);
    expect(half.status).toBe(400);
    expect(((await half.json()) as { fields: Record<string, string> }).fields.grievanceEmail).toMatch(/together/);
    const email = `${unique("g")}@campus.test`;
    const res = await sendJson(
      "PUT",
      "/api/admin/campus",
      { ...college, grievanceName: "Dr. Rao", grievanceEmail: email },
      admin.token,
    );
    expect(res.status).toBe(200);
    const html = await page();
    expect(html).toContain("Grievance officer for Campus Institute of Technology: Dr. Rao");
    expect(html).toContain(`mailto:${email}`);
    // A visitor has no college: no footer.
    expect(await (await call("/dashboard")).text()).not.toMatch(/Grievance officer|grievance officer on Campus/);
  });
});
