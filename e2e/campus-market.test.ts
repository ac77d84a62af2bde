// The marketplace per campus in the browser (docs/decisions/0076-campus-market.md): an
// unverified college account sees the verify banner instead of the sell form and Buy, and verifies
// from it; students of two colleges (and of the Open community) see different listings.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  baseURL,
  codeFromOutbox,
  createUserViaApi,
  type E2EUser,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  testIp,
  withPage,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const IMAGE = "scripts/seed/images/lamp.png";

const SHOTS = "test-results/screenshots/campus-market";
const browser = sharedBrowser(SHOTS);

/** A student at another domain: the Open community (@example.org) or Riverside College (@riverside.test). */
function userAt(domain: string, name: string): E2EUser {
  const user = newUser(name);
  return { ...user, email: user.email.replace("@campus.test", `@${domain}`) };
}
const openUser = (name: string) => userAt("example.org", name);

/** A verified student's bearer token (createUserViaApi verifies a college address through the outbox). */
async function verifiedToken(user: E2EUser): Promise<string> {
  await createUserViaApi(user);
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp() },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function tokenOf(user: E2EUser): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp() },
    body: JSON.stringify(user),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function list(token: string, title: string): Promise<void> {
  await listViaApi(
    token,
    {
      title,
      description: "Clip-on lamp for the hostel bunk.",
      price: "220",
      sellerName: "Open Seller",
      whatsappNumber: "98765 43210",
    },
    "scripts/seed/images/lamp.png",
  );
}

describe("the marketplace per campus", () => {
  it("an unverified college account sees the verify banner instead of the sell form and the Buy buttons, and the form once verified", async (t) => {
    const student = await createUserViaApi(newUser("Kiran Rao"), { verified: false });
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/upload");
        await hydrated(page);
        await page.getByRole("heading", { name: "Verify your college e-mail to sell on the marketplace." }).waitFor();
        assert.equal(await page.getByText(student.email).count(), 1);
        assert.equal(await page.getByLabel("Verification code").count(), 1);
        assert.equal(await page.getByLabel("Title").count(), 0);
        assert.equal(await page.getByRole("button", { name: "Upload Product" }).count(), 0);

        await page.goto("/seller-dashboard");
        await page.getByRole("heading", { name: "Verify your college e-mail to sell on the marketplace." }).waitFor();
        assert.equal(await page.getByRole("link", { name: /Upload Product/ }).count(), 0);
        assert.equal(await page.getByRole("link", { name: /My Products/ }).count(), 1);

        await page.goto("/all-products");
        await page.getByRole("heading", { name: "Verify your college e-mail to buy on the marketplace." }).waitFor();
        assert.equal(await page.getByRole("button", { name: /^Buy / }).count(), 0);

        // The code from the e-mail, typed into the banner: the upload form takes its place.
        await page.goto("/upload");
        await hydrated(page);
        await page.getByLabel("Verification code").fill(await codeFromOutbox(student.email));
        await page.getByRole("button", { name: "Verify", exact: true }).click();
        await page.getByLabel("Title").waitFor();
        assert.equal(
          await page.getByRole("heading", { name: "Verify your college e-mail to sell on the marketplace." }).count(),
          0,
        );
      },
      { viewport: PHONE },
    );
  });

  it("students of two colleges see their own college's listings, with its badge, and never the other's", async (t) => {
    const word = `Kettle${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const citSeller = newUser("Asha Verma");
    const rceSeller = userAt("riverside.test", "Meera Nair");
    await list(await verifiedToken(citSeller), `CIT ${word}`);
    await list(await verifiedToken(rceSeller), `RCE ${word}`);
    const citStudent = await createUserViaApi(newUser("Rohan Mehta"));
    const rceStudent = await createUserViaApi(userAt("riverside.test", "Anu Thomas"));

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, citStudent);
        await page.goto(`/all-products?q=${word}`);
        await page.getByRole("heading", { name: `CIT ${word}` }).waitFor();
        assert.equal(await page.getByRole("heading", { name: `RCE ${word}` }).count(), 0);
        assert.equal(await page.getByText("Verified CIT student").count(), 1);
        assert.equal(await page.getByRole("button", { name: `Buy CIT ${word}` }).count(), 1);
      },
      { viewport: PHONE },
    );
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, rceStudent);
        await page.goto(`/all-products?q=${word}`);
        await page
          .getByText("Products available from students of Riverside College of Engineering right now.")
          .waitFor();
        await page.getByRole("heading", { name: `RCE ${word}` }).waitFor();
        assert.equal(await page.getByRole("heading", { name: `CIT ${word}` }).count(), 0);
        assert.equal(await page.getByText("Verified RCE student").count(), 1);
      },
      { viewport: PHONE },
    );
  });

  it("the Open community's listings are its own; a visitor sees one college's with ?campus=", async (t) => {
    const word = `Lamp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const seller = openUser("Open Seller");
    await list(await tokenOf(seller), `Bunk ${word}`);
    const openBuyer = openUser("Open Buyer");
    await tokenOf(openBuyer);
    const collegeStudent = await createUserViaApi();

    // Another Open community member sees it, with Buy.
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, openBuyer);
      await page.goto(`/all-products?q=${word}`);
      await page.getByRole("heading", { name: `Bunk ${word}` }).waitFor();
      assert.equal(await page.getByRole("button", { name: `Buy Bunk ${word}` }).count(), 1);
    });
    // A student of Campus Institute of Technology does not: their marketplace is their college's.
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, collegeStudent);
      await page.goto(`/all-products?q=${word}`);
      await page.getByText("Products available from students of Campus Institute of Technology right now.").waitFor();
      await page.getByText(`No products match “${word}”.`).waitFor();
      assert.equal(await page.getByRole("heading", { name: `Bunk ${word}` }).count(), 0);
    });
    // A visitor choosing the Open community sees it; choosing CIT does not.
    await withPage(t, browser, async ({ page }) => {
      await page.goto(`/all-products?campus=open&q=${word}`);
      await page.getByRole("heading", { name: `Bunk ${word}` }).waitFor();
      await page.goto(`/all-products?campus=cit&q=${word}`);
      await page.getByText(`No products match “${word}”.`).waitFor();
    });
  });

  it("a link to another college's listing says it belongs to that college's marketplace, showing none of it", async (t) => {
    const title = `Riverside drafter ${Date.now().toString(36)}`;
    const sellerToken = await verifiedToken(userAt("riverside.test", "Meera Pillai"));
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title,
      description: "Mini drafter with its box, hardly used.",
      price: "640",
      sellerName: "Meera Pillai",
      whatsappNumber: "98765 43210",
    }))
      form.set(key, value);
    form.set("image", new File([readFileSync(IMAGE)], "drafter.png", { type: "image/png" }));
    const listed = await fetch(`${baseURL}/api/product/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${sellerToken}` },
      body: form,
    });
    const id = ((await listed.json()) as { product: { _id: string } }).product._id;
    const student = await createUserViaApi(newUser("Arjun Menon"));
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      // The page answers 404 (the listing is not this student's to see): the browser reports that.
      allowConsoleError(/Failed to load resource: the server responded with a status of 404/);
      await signIn(page, student);
      const res = await page.goto(`/product/${id}`);
      assert.equal(res?.status(), 404);
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: "This listing is at another college" }).waitFor();
      await page
        .getByText("It belongs to the marketplace of RCE: only students of that college can see it and buy it.")
        .waitFor();
      assert.equal(await page.getByText(/mistyped/).count(), 0);
      assert.equal(await page.getByText(title).count(), 0);
      assert.equal(await page.getByText("₹640").count(), 0);
      await page.getByRole("link", { name: "Browse your college's products" }).waitFor();
      await themedShots(page, SHOTS, "listing-at-another-college");
    });
  });
});
