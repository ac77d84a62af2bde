// The lost & found screens without JavaScript (docs/decisions/0128, 0129): the grid and its tabs
// and chips are links, the forms post natively to the pages' actions and use the API's use-cases.
import { describe, expect, it } from "vitest";
import { call, createUser, ORIGIN, type TestUser, unique } from "#test/helpers.ts";
import { count, PNG, post, today } from "#test/lost-found-helpers.ts";

const page = (path: string, user: TestUser | null) =>
  call(path, { headers: user ? { Cookie: user.cookie } : {}, redirect: "manual" });
const submit = (path: string, user: TestUser, fields: Record<string, string>, files: File[] = []) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append("image", file);
  return call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN },
    body: form,
    redirect: "manual",
  });
};

describe("lost & found pages", () => {
  it("the grid lists the college's open posts in two columns, filtered by links; a visitor is sent to sign in", async () => {
    const member = await createUser();
    const lostTitle = unique("Lost umbrella ");
    const foundTitle = unique("Found calculator ");
    await post(member, { side: "lost", category: "other", title: lostTitle }, 0);
    await post(member, { side: "found", category: "electronics", title: foundTitle });
    const viewer = await createUser();
    const all = await (await page("/lost-found", viewer)).text();
    expect(all).toContain(lostTitle);
    expect(all).toContain(foundTitle);
    expect(all).toContain("grid-cols-2");
    expect(all).toContain('href="/lost-found?side=found"');
    const found = await (await page("/lost-found?side=found", viewer)).text();
    expect(found).toContain(foundTitle);
    expect(found).not.toContain(lostTitle);
    const electronics = await (await page("/lost-found?category=electronics&side=found", viewer)).text();
    expect(electronics).toContain(foundTitle);
    const visitor = await page("/lost-found", null);
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get("Location")).toMatch(/\/login/);
    // The dashboard links to it (one tap from Today).
    expect(await (await page("/dashboard", viewer)).text()).toContain('href="/lost-found"');
  });

  it("a found ID card's page shows its finder everything, and another member neither the photo, the name nor the answer", async () => {
    const finder = await createUser();
    const named = await createUser();
    const card = await post(finder, {
      category: "id_card",
      title: "Student ID card",
      question: "Which branch is printed on it?",
      answer: "Mechanical",
      cardName: named.email,
    });
    const mine = await (await page(`/lost-found/${card.id}`, finder)).text();
    expect(mine).toContain("Mechanical");
    expect(mine).toContain(`/api/lost-found/${card.id}/photos/0`);
    // The member it names sees the question, not the answer; a bystander not the name either.
    const theirs = await (await page(`/lost-found/${card.id}`, named)).text();
    expect(theirs).toContain("Which branch is printed on it?");
    expect(theirs).not.toContain("Mechanical");
    expect(theirs).not.toContain(`/api/lost-found/${card.id}/photos/0`);
    const bystander = await (await page(`/lost-found/${card.id}`, await createUser())).text();
    expect(bystander).not.toContain(named.email);
    expect(bystander).not.toContain("Mechanical");
    const other = await createUser({ email: `${unique("r")}@riverside.test` });
    expect((await page(`/lost-found/${card.id}`, other)).status).toBe(404);
  });

  it("posts through the form, and a claim is made, accepted, a place agreed and the item returned through the page", async () => {
    const finder = await createUser();
    const owner = await createUser();
    const title = unique("Found blue bottle ");
    const posted = await submit(
      "/lost-found/new",
      finder,
      {
        intent: "post",
        side: "found",
        category: "bottle",
        title,
        description: "On the second floor.",
        placeId: "cit-library-entrance",
        placeText: "",
        happenedOn: today(),
        timeOfDay: "afternoon",
        question: "What sticker is on it?",
        answer: "A rocket",
        cardName: "",
      },
      [new File([PNG], "b.png", { type: "image/png" })],
    );
    expect(posted.status).toBe(302);
    const path = posted.headers.get("Location")!;
    expect(path).toMatch(/^\/lost-found\/[0-9a-f-]{36}$/);
    const refused = await submit("/lost-found/new", finder, { intent: "post", side: "found", category: "bottle" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give a short title");

    const claimed = await submit(path, owner, { intent: "claim", answer: "A rocket" });
    expect(claimed.status).toBe(200);
    expect(await claimed.text()).toContain("Your claim is sent");
    const finderPage = await (await page(path, finder)).text();
    expect(finderPage).toContain("A rocket");
    const claimId = /name="claimId" value="([0-9a-f-]{36})"/.exec(finderPage)![1]!;
    expect((await submit(path, finder, { intent: "accept", claimId })).status).toBe(200);
    expect((await submit(path, finder, { intent: "propose", claimId, placeId: "cit-central-canteen" })).status).toBe(
      200,
    );
    const ownerPage = await (await page(path, owner)).text();
    expect(ownerPage).toContain("Proposed: Central canteen");
    expect((await submit(path, owner, { intent: "agree", claimId })).status).toBe(200);
    expect(await (await page(path, finder)).text()).toContain("Agreed: Central canteen");
    expect((await submit(path, owner, { intent: "returned" })).status).toBe(200);
    expect(await (await page(path, finder)).text()).toContain("Returned to its owner");
    expect(
      await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE title = ? AND status = 'returned'", title),
    ).toBe(1);
    // Unknown intents are refused and change nothing.
    expect((await submit(path, finder, { intent: "steal" })).status).toBe(400);
  });
  it("the poster edits a post through its edit form, refusals shown beside the field; nobody else can", async () => {
    const finder = await createUser();
    const other = await createUser();
    const found = await post(finder, {
      title: unique("Green bottle "),
      question: "What sticker is on it?",
      answer: "A rocket",
    });
    const edit = `/lost-found/${found.id}/edit`;
    // Reached from the post's page and from "my posts", by the poster only.
    expect(await (await page(`/lost-found/${found.id}`, finder)).text()).toContain(`href="${edit}"`);
    expect(await (await page("/lost-found/mine", finder)).text()).toContain(`href="${edit}"`);
    expect(await (await page(`/lost-found/${found.id}`, other)).text()).not.toContain(`href="${edit}"`);
    expect((await page(edit, other)).status).toBe(404);
    expect((await page(edit, null)).status).toBe(302);
    const form = await (await page(edit, finder)).text();
    expect(form).toContain(found.title);
    expect(form).toContain("A rocket");

    const blank = await submit(edit, finder, { intent: "save", title: " ", description: "Kept as typed." });
    expect(blank.status).toBe(400);
    const shown = await blank.text();
    expect(shown).toMatch(/id="title-error"[^>]*>[^<]*Give a short title/);
    expect(shown).toContain("Kept as typed.");

    const title = unique("Green steel bottle ");
    expect((await submit(edit, other, { intent: "save", title: "Mine now", description: "x" })).status).toBe(403);
    const saved = await submit(edit, finder, {
      intent: "save",
      title,
      description: "Dented at the bottom.",
      question: "What sticker is on it?",
      answer: "A rocket and a star",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/lost-found/${found.id}`);
    const after = await (await page(`/lost-found/${found.id}`, finder)).text();
    expect(after).toContain(title);
    expect(after).toContain("Dented at the bottom.");
    expect(after).toContain("A rocket and a star");
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE title = ?", title)).toBe(1);
    expect((await submit(edit, finder, { intent: "steal" })).status).toBe(400);
  });
});
