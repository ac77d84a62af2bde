import { describe, expect, it } from "vitest";
import { call, createUser } from "#test/helpers.ts";

// Pages whose largest paint must not wait for the client bundle.
describe("Google Classroom page renders its first state on the server", () => {
  it("shows the Connect card straight away to a browser without a Classroom token hint", async () => {
    const user = await createUser();
    const html = await (await call("/googleclassroom", { headers: { Cookie: user.cookie } })).text();
    expect(html).toContain("Connect your Google Classroom");
    expect(html).toContain("Connect Google Classroom");
    expect(html).not.toContain("Checking your Google Classroom connection...");
  });

  it("shows the Connect card to a visitor who is not signed in", async () => {
    const html = await (await call("/googleclassroom")).text();
    expect(html).toContain("Connect your Google Classroom");
  });

  it("starts with Checking... when the browser says it holds a token (campus_gc=1)", async () => {
    const user = await createUser();
    const html = await (await call("/googleclassroom", { headers: { Cookie: `${user.cookie}; campus_gc=1` } })).text();
    expect(html).toContain("Checking your Google Classroom connection...");
    expect(html).not.toContain("Connect your Google Classroom");
  });

  it("takes no token from the URL: /googleclassroom?token= is cleaned by a redirect, never 'Checking...'", async () => {
    const res = await call("/googleclassroom?token=abc", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/googleclassroom");
  });
});
