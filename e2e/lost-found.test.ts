// Lost & found at 360 px (docs/decisions/0128, 0129): a student loses a phone and posts it; another
// finds it, reaches lost & found from Today, posts it with a question and sees the likely match; the
// owner, told of the match, claims it with the answer; the finder accepts; the two agree a college
// place and the owner marks it returned. And the grid without JavaScript.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  baseURL,
  createUserViaApi,
  type E2EUser,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  testIp,
  tokenOf,
  withPage,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/lost-found";
const browser = sharedBrowser(SHOTS);
const PHOTO = "scripts/seed/images/calculator.png";

/** Today's date in India, as the form's date field holds it. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

async function postViaApi(user: E2EUser, fields: Record<string, string>, photo = true): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ happenedOn: indiaToday(), timeOfDay: "morning", ...fields }))
    form.set(key, value);
  if (photo) form.set("image", new File([readFileSync(PHOTO)], "p.png", { type: "image/png" }));
  const res = await fetch(`${baseURL}/api/lost-found`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await tokenOf(user)}`, "CF-Connecting-IP": testIp() },
    body: form,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe("lost & found", () => {
  it("a phone found, posted with a question, matched, claimed, accepted, handed over and returned", async (t) => {
    const owner = await createUserViaApi(newUser("Meera Iyer"));
    const finder = await createUserViaApi(newUser("Kabir Singh"));
    const tag = Date.now().toString(36);
    const lostId = await postViaApi(
      owner,
      {
        side: "lost",
        category: "phone",
        title: `Black ${tag} phone`,
        description: "Blue cover, cracked corner.",
        placeId: "cit-central-canteen",
      },
      false,
    );
    let foundPath = "";

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, finder);
        await page.goto("/dashboard");
        await hydrated(page);
        await page
          .getByRole("link", { name: /Lost & found/ })
          .first()
          .click();
        await page.waitForURL("**/lost-found");
        await page.getByRole("link", { name: "Post lost or found" }).click();
        await page.waitForURL("**/lost-found/new");
        await hydrated(page);
        await page.getByLabel("Photos (up to 4)").setInputFiles(PHOTO);
        await page.getByLabel("I found it").check();
        await page.getByLabel("Category").selectOption("phone");
        await page.getByLabel("Title").fill(`Black ${tag} phone`);
        await page.getByLabel("Description").fill("Found on a table after lunch.");
        await page.getByLabel("Where", { exact: true }).selectOption({ label: "Central canteen" });
        await page.getByLabel("Roughly when").selectOption("afternoon");
        await page.getByLabel("A question only the owner can answer (optional)").fill("What colour is the cover?");
        await page.getByLabel("The detail you hold back (optional)").fill("Blue");
        await themedShots(page, SHOTS, "new");
        await page.setViewportSize(PHONE);
        await page.getByRole("button", { name: "Post" }).click();
        await page.waitForURL(/\/lost-found\/[0-9a-f-]{36}$/);
        foundPath = new URL(page.url()).pathname;
        // The browser made the PNG a smaller WebP (or JPEG) with a small version before sending it.
        const sent = await page.request.get(`/api/lost-found${foundPath.slice("/lost-found".length)}/photos/0`);
        assert.match(sent.headers()["content-type"] ?? "", /^image\/(webp|jpeg)$/);
        const small = await page.request.get(
          `/api/lost-found${foundPath.slice("/lost-found".length)}/photos/0?small=1`,
        );
        assert.notEqual((await small.body()).length, (await sent.body()).length);
        const matches = page.getByRole("region", { name: "Likely matches" });
        await matches.getByRole("link", { name: `Lost: Black ${tag} phone` }).waitFor();
        await page.getByText("Blue", { exact: true }).waitFor();
        await themedShots(page, SHOTS, "post-finder");
        // The finder edits the description from the post's page; the match is not told again.
        await page.getByRole("link", { name: "Edit", exact: true }).click();
        await page.waitForURL(`**${foundPath}/edit`);
        await hydrated(page);
        await page.getByLabel("Description").fill("Found on a table after lunch, near the window.");
        await page.setViewportSize({ width: 360, height: 800 });
        await page.screenshot({ path: `${SHOTS}/edit.png` });
        await page.getByRole("button", { name: "Save" }).click();
        await page.waitForURL(`**${foundPath}`);
        await page.getByText("near the window", { exact: false }).waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, owner);
        await page.goto("/notifications");
        await hydrated(page);
        await page
          .getByRole("heading", { name: /Lost & found: a likely match/ })
          .first()
          .waitFor();
        await page.goto(`/lost-found/${lostId}`);
        await hydrated(page);
        await page.getByRole("link", { name: `Found: Black ${tag} phone` }).click();
        await page.waitForURL(`**${foundPath}`);
        await hydrated(page);
        // The finder's held-back answer is not on the owner's screen.
        assert.equal(await page.getByText("Blue", { exact: true }).count(), 0);
        await page.getByLabel("What colour is the cover?").fill("Blue");
        await page.getByRole("button", { name: "Send my claim" }).click();
        await page.getByText("Your claim is sent.", { exact: false }).waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, finder);
        await page.goto(foundPath);
        await hydrated(page);
        await page.getByRole("region", { name: "Claims" }).getByText("Blue", { exact: true }).waitFor();
        await page.getByRole("button", { name: `Accept ${owner.name}'s claim` }).click();
        await page.getByText("Accepted. Agree on a place to hand it over.").waitFor();
        await page.getByLabel("Meet-up place").selectOption({ label: "Main gate guard post" });
        await page.getByRole("button", { name: "Propose this place" }).click();
        await page.getByText("You proposed Main gate guard post.", { exact: false }).waitFor();
        await themedShots(page, SHOTS, "handover-finder");
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, owner);
        await page.goto(foundPath);
        await hydrated(page);
        await page.getByRole("button", { name: "Agree to meet at Main gate guard post" }).click();
        await page.getByText("Agreed: Main gate guard post").waitFor();
        await page.getByRole("button", { name: "Mark returned" }).click();
        await page.getByText("Returned to its owner. This post is closed.").waitFor();
        await themedShots(page, SHOTS, "returned");
      },
      { viewport: PHONE },
    );
  });

  it("the grid, its tabs and its chips work without JavaScript at 360 px", async (t) => {
    const poster = await createUserViaApi(newUser("Ananya Rao"));
    const viewer = await createUserViaApi(newUser("Dev Patel"));
    const tag = Date.now().toString(36);
    await postViaApi(poster, {
      side: "found",
      category: "bottle",
      title: `Steel ${tag} bottle`,
      description: "Dented.",
      placeId: "cit-library-entrance",
    });
    await postViaApi(
      poster,
      { side: "lost", category: "keys", title: `Hostel ${tag} keys`, description: "Red tag.", placeText: "Bus stop" },
      false,
    );
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, viewer);
        await page.goto("/lost-found");
        await page.getByRole("link", { name: `Steel ${tag} bottle` }).waitFor();
        await page.getByRole("link", { name: `Hostel ${tag} keys` }).waitFor();
        await page.getByRole("link", { name: "Found", exact: true }).click();
        await page.waitForURL("**/lost-found?side=found");
        await page.getByRole("link", { name: `Steel ${tag} bottle` }).waitFor();
        assert.equal(await page.getByRole("link", { name: `Hostel ${tag} keys` }).count(), 0);
        // The category chip opens without scripts (a native details element) and its choice is a link.
        await page.locator("summary", { hasText: "Category" }).click();
        await page.getByRole("link", { name: "Bottle", exact: true }).click();
        await page.waitForURL("**/lost-found?side=found&category=bottle");
        await page.getByRole("link", { name: `Steel ${tag} bottle` }).waitFor();
        const columns = await page.evaluate(
          () => getComputedStyle(document.querySelector("main ul.grid")!).gridTemplateColumns.split(" ").length,
        );
        assert.equal(columns, 2);
        await themedShots(page, SHOTS, "grid-no-js");
      },
      { viewport: PHONE, javaScriptEnabled: false },
    );
  });
});
