// Lost & found (docs/decisions/0128-lost-found-matching.md, 0129-lost-found-owners-proof.md): members
// of one college only; a found ID card's photo and a finder's held-back answer never reach anyone
// else; likely matches told once to each poster; claims judged by the finder, once per member, one
// accepted; returned closes; 30 days then expiry, and renewal; the open cap and the claim limit.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LF, LF_MAX_OPEN, LF_OPEN_MS } from "#common/lost-found.ts";
import { expireLostFound } from "#server/services/lost-found/expiry.ts";
import { bearer, call, createUser, inOneLimiterMinute, postJson, unique, uniqueIp } from "#test/helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { claim, count, daysAgo, get, post, type PostView, send, sendPost } from "#test/lost-found-helpers.ts";

const rce = () => createUser({ email: `${unique("r")}@riverside.test` });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("lost & found: who may see what", () => {
  it("a visitor gets 401 and a member of another college 404, on every read and write", async () => {
    const finder = await createUser();
    const other = await rce();
    const found = await post(finder, { category: "book", title: unique("Physics book ") });
    expect((await get("/api/lost-found", null)).status).toBe(401);
    expect((await get(`/api/lost-found/${found.id}`, null)).status).toBe(401);
    expect((await get(`/api/lost-found/${found.id}`, other)).status).toBe(404);
    expect((await get(`/api/lost-found/${found.id}/photos/0`, other)).status).toBe(404);
    expect((await claim(other, found.id)).status).toBe(404);
    expect((await send("PATCH", `/api/lost-found/${found.id}`, other, { title: "Mine now" })).status).toBe(404);
    expect((await send("DELETE", `/api/lost-found/${found.id}`, other)).status).toBe(404);
    expect((await send("POST", `/api/lost-found/${found.id}/returned`, other)).status).toBe(404);
    const theirs = (await (await get("/api/lost-found", other)).json()) as { data: PostView[] };
    expect(theirs.data.map((p) => p.id)).not.toContain(found.id);
    // Their own college's members see it, photo and all.
    const mate = await createUser();
    const page = (await (await get(`/api/lost-found/${found.id}`, mate)).json()) as { data: { post: PostView } };
    expect(page.data.post.photoCount).toBe(1);
    expect((await get(`/api/lost-found/${found.id}/photos/0`, mate)).status).toBe(200);
  });

  it("a found ID card's photo, name and the finder's answer reach only the finder (and the photo moderators)", async () => {
    const finder = await createUser();
    const owner = await createUser({ name: `Ravi ${unique("K")}` });
    const bystander = await createUser();
    const moderator = await createUser();
    await grant(moderator, "moderator");
    const card = await post(finder, {
      category: "id_card",
      title: "College ID card",
      description: "Found near the canteen.",
      question: "What is the roll number's last digit?",
      answer: "Seven",
      cardName: owner.email.toUpperCase(),
    });
    expect(card.answer).toBe("Seven");
    expect(card.cardName).toBe(owner.email.toUpperCase());
    for (const viewer of [owner, bystander, moderator]) {
      const res = await get(`/api/lost-found/${card.id}`, viewer);
      const text = await res.text();
      expect(text).not.toContain("Seven");
      expect(text).not.toContain(owner.email);
      const seen = JSON.parse(text) as { data: { post: PostView } };
      expect(seen.data.post.question).toBe("What is the roll number's last digit?");
      expect(seen.data.post.photoCount).toBe(viewer === moderator ? 1 : 0);
      const list = await (await get("/api/lost-found?side=found&category=id_card", viewer)).text();
      expect(list).toContain(card.id);
      expect(list).not.toContain("Seven");
      expect(list).not.toContain(owner.email);
    }
    expect((await get(`/api/lost-found/${card.id}/photos/0`, bystander)).status).toBe(404);
    expect((await get(`/api/lost-found/${card.id}/photos/0`, owner)).status).toBe(404);
    expect((await get(`/api/lost-found/${card.id}/photos/0`, moderator)).status).toBe(200);
    expect((await get(`/api/lost-found/${card.id}/photos/0`, finder)).status).toBe(200);
    // The member the card names is told, privately, once; nobody else is.
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.card'", owner.userId),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.card'", bystander.userId),
    ).toBe(0);
  });
});

describe("lost & found: matching", () => {
  it("a found phone matches a lost phone at the same place within days, and each poster is told once", async () => {
    const loser = await createUser();
    const finder = await createUser();
    const word = unique("redmi");
    const lost = await post(
      loser,
      {
        side: "lost",
        category: "phone",
        title: `Black ${word} phone`,
        description: "Cracked corner.",
        placeId: "cit-central-canteen",
        happenedOn: daysAgo(2),
      },
      0,
    );
    const found = await post(finder, {
      side: "found",
      category: "phone",
      title: `Black ${word} phone`,
      description: "Found on a table.",
      placeId: "cit-central-canteen",
      happenedOn: daysAgo(1),
      question: "What is the lock screen picture?",
      answer: "A cat",
    });
    const tellings = (user: string) =>
      count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.match'", user);
    expect(await tellings(loser.userId)).toBe(1);
    expect(await tellings(finder.userId)).toBe(1);
    const lostPage = (await (await get(`/api/lost-found/${lost.id}`, loser)).json()) as {
      data: { matches: { id: string }[] };
    };
    expect(lostPage.data.matches.map((m) => m.id)).toEqual([found.id]);
    const foundPage = (await (await get(`/api/lost-found/${found.id}`, finder)).json()) as {
      data: { matches: { id: string }[] };
    };
    expect(foundPage.data.matches.map((m) => m.id)).toEqual([lost.id]);
    // Another member does not see the posters' matches.
    const other = await createUser();
    const seen = (await (await get(`/api/lost-found/${found.id}`, other)).json()) as { data: { matches: unknown[] } };
    expect(seen.data.matches).toEqual([]);
    // A wallet at the same place is not a phone: no match, nobody told again.
    await post(await createUser(), {
      side: "found",
      category: "wallet",
      title: `Black ${word} wallet`,
      placeId: "cit-central-canteen",
    });
    expect(await tellings(loser.userId)).toBe(1);
  });
});

describe("lost & found: matching again after an edit", () => {
  it("an edit whose words make two posts match records the match and tells each poster once, however often it is edited", async () => {
    const loser = await createUser();
    const finder = await createUser();
    // Words and places of this test only: no other test's phone is a likely match for either post.
    const word = unique("realme");
    const [w1, w2, w3] = [unique("zeta"), unique("kappa"), unique("omega")];
    const lost = await post(
      loser,
      {
        side: "lost",
        category: "phone",
        title: `${word} ${w1}`,
        description: w2,
        placeText: unique("Bus stop "),
        placeId: "",
        happenedOn: daysAgo(1),
      },
      0,
    );
    // Another place, a day apart (2) and no word in common: not yet a likely match.
    const found = await post(finder, {
      side: "found",
      category: "phone",
      title: w3,
      description: w3,
      placeText: unique("Gate "),
      placeId: "",
      happenedOn: daysAgo(0),
    });
    const tellings = (user: string) =>
      count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.match'", user);
    const matchesOf = async (id: string, user: typeof loser) =>
      ((await (await get(`/api/lost-found/${id}`, user)).json()) as { data: { matches: { id: string }[] } }).data
        .matches;
    expect(await tellings(loser.userId)).toBe(0);
    expect(await matchesOf(lost.id, loser)).toEqual([]);

    // Editing the question changes no words: still nothing.
    expect(
      (await send("PATCH", `/api/lost-found/${found.id}`, finder, { question: "What colour is the case?" })).status,
    ).toBe(200);
    expect(await tellings(loser.userId)).toBe(0);

    const edited = await send("PATCH", `/api/lost-found/${found.id}`, finder, { title: `${word} ${w3}` });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { data: PostView }).data.title).toBe(`${word} ${w3}`);
    expect((await matchesOf(lost.id, loser)).map((m) => m.id)).toEqual([found.id]);
    expect((await matchesOf(found.id, finder)).map((m) => m.id)).toEqual([lost.id]);
    expect(await tellings(loser.userId)).toBe(1);
    expect(await tellings(finder.userId)).toBe(1);

    // Edited again, and twice at once: new words, the same pair, nobody told again, one match row.
    const again = await Promise.all([
      send("PATCH", `/api/lost-found/${found.id}`, finder, { description: `${w3} case` }),
      send("PATCH", `/api/lost-found/${found.id}`, finder, { title: `${w3} ${word} black` }),
    ]);
    expect(again.map((res) => res.status)).toEqual([200, 200]);
    expect(await tellings(loser.userId)).toBe(1);
    expect(await tellings(finder.userId)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM lost_found_matches WHERE lost_id = ? AND found_id = ?", lost.id, found.id),
    ).toBe(1);
    // The stored words are the edited text's, so a later post matches on them.
    const terms = await env.DB.prepare("SELECT terms FROM lost_found_posts WHERE id = ?")
      .bind(found.id)
      .first<{ terms: string }>();
    expect(JSON.parse(terms!.terms)).toContain(word.toLowerCase());
  });
});

describe("lost & found: claims", () => {
  it("the finder judges the answer, a declined member cannot claim again, and an accepted claim hands over and returns", async () => {
    const finder = await createUser();
    const guesser = await createUser();
    const owner = await createUser();
    const found = await post(finder, {
      category: "keys",
      title: unique("Keys with red tag "),
      question: "What colour is the tag?",
      answer: "Red",
    });
    // A wrong answer is not refused: it reaches the finder.
    const wrong = await claim(guesser, found.id, "Green");
    expect(wrong.status).toBe(201);
    const wrongId = ((await wrong.json()) as { data: { id: string } }).data.id;
    const finderPage = (await (await get(`/api/lost-found/${found.id}`, finder)).json()) as {
      data: { claims: { id: string; answer: string }[] };
    };
    expect(finderPage.data.claims.map((c) => c.answer)).toEqual(["Green"]);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.claim'", finder.userId),
    ).toBe(1);
    // The owner does not see another's claim or its answer.
    expect(await (await get(`/api/lost-found/${found.id}`, owner)).text()).not.toContain("Green");
    // Only the finder decides.
    expect(
      (await postJson(`/api/lost-found/claims/${wrongId}`, { answer: "accept" }, bearer(guesser.token))).status,
    ).toBe(403);
    const declined = await postJson(`/api/lost-found/claims/${wrongId}`, { answer: "decline" }, bearer(finder.token));
    expect(declined.status).toBe(200);
    const again = await claim(guesser, found.id, "Red");
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(LF.claimedBefore);
    // The declined claim is kept, and the college's moderators read it (not the held-back answer).
    expect(
      await count("SELECT COUNT(*) AS n FROM lost_found_claims WHERE post_id = ? AND status = 'declined'", found.id),
    ).toBe(1);
    const moderator = await createUser();
    await grant(moderator, "moderator");
    const modPage = (await (await get(`/api/lost-found/${found.id}`, moderator)).json()) as {
      data: { claims: { answer: string; status: string }[]; post: PostView };
    };
    expect(modPage.data.claims.map((c) => [c.answer, c.status])).toEqual([["Green", "declined"]]);
    expect(modPage.data.post.answer).toBeNull();
    // /staff lists it for the moderator, with the claimant's count of declined claims; a student
    // does not get the page, and another college's moderator does not see it.
    const staffPage = (await call("/staff", { headers: { Cookie: moderator.cookie } })).text();
    const html = (await staffPage).replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
    expect(html).toContain("Declined lost & found claims");
    expect(html).toContain(`${guesser.name} claimed `);
    expect(html).toContain("Their answer: Green");
    expect((await call("/staff", { headers: { Cookie: guesser.cookie } })).status).toBe(403);
    const rceModerator = await rce();
    await grant(rceModerator, "moderator", null, "rce");
    const rceHtml = await (await call("/staff", { headers: { Cookie: rceModerator.cookie } })).text();
    expect(rceHtml).not.toContain("Their answer: Green");
    // The finder cannot claim their own; a lost post cannot be claimed.
    expect((await claim(finder, found.id)).status).toBe(400);
    const lost = await post(owner, { side: "lost", category: "keys", title: unique("Lost keys ") }, 0);
    expect(await messageOf(await claim(guesser, lost.id))).toBe(LF.onlyFound);

    const right = await claim(owner, found.id, "Red");
    const rightId = ((await right.json()) as { data: { id: string } }).data.id;
    expect(
      (await postJson(`/api/lost-found/claims/${rightId}`, { answer: "accept" }, bearer(finder.token))).status,
    ).toBe(200);
    // Agreeing before a place is proposed, or to one's own proposal, is refused; a place of another college too.
    expect(
      (await postJson(`/api/lost-found/claims/${rightId}/handover`, { agree: true }, bearer(owner.token))).status,
    ).toBe(409);
    expect(
      (await postJson(`/api/lost-found/claims/${rightId}/handover`, { placeId: "rce-main-gate" }, bearer(finder.token)))
        .status,
    ).toBe(400);
    const proposed = await postJson(
      `/api/lost-found/claims/${rightId}/handover`,
      { placeId: "cit-main-gate" },
      bearer(finder.token),
    );
    expect(proposed.status).toBe(200);
    expect(
      (await postJson(`/api/lost-found/claims/${rightId}/handover`, { agree: true }, bearer(finder.token))).status,
    ).toBe(409);
    const agreed = await postJson(`/api/lost-found/claims/${rightId}/handover`, { agree: true }, bearer(owner.token));
    expect(agreed.status).toBe(200);
    expect(((await agreed.json()) as { data: { placeName: string; agreed: boolean } }).data).toMatchObject({
      placeName: "Main gate guard post",
      agreed: true,
    });
    // A bystander cannot mark it returned; the owner can, and the post closes.
    expect((await send("POST", `/api/lost-found/${found.id}/returned`, guesser)).status).toBe(403);
    expect((await send("POST", `/api/lost-found/${found.id}/returned`, owner)).status).toBe(200);
    expect((await send("POST", `/api/lost-found/${found.id}/returned`, finder)).status).toBe(409);
    const closed = (await (await get(`/api/lost-found/${found.id}`, finder)).json()) as { data: { post: PostView } };
    expect(closed.data.post.status).toBe("returned");
    const open = (await (await get("/api/lost-found?category=keys", finder)).json()) as { data: PostView[] };
    expect(open.data.map((p) => p.id)).not.toContain(found.id);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.returned'", finder.userId),
    ).toBe(1);
  });

  it("of two claims accepted at once, exactly one is accepted", async () => {
    const finder = await createUser();
    const found = await post(finder, { category: "electronics", title: unique("Earbuds case ") });
    const ids: string[] = [];
    for (const claimant of [await createUser(), await createUser(), await createUser()]) {
      const res = await claim(claimant, found.id, "Mine");
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const answers = await Promise.all(
      ids.map((id) => postJson(`/api/lost-found/claims/${id}`, { answer: "accept" }, bearer(finder.token))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(
      await count("SELECT COUNT(*) AS n FROM lost_found_claims WHERE post_id = ? AND status = 'accepted'", found.id),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM lost_found_claims WHERE post_id = ? AND status = 'pending'", found.id),
    ).toBe(2);
  });

  it("claims are rate limited per member", async () => {
    await inOneLimiterMinute(async () => {
      const finder = await createUser();
      const claimant = await createUser();
      const found = await post(finder, { category: "clothing", title: unique("Grey hoodie ") });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) statuses.push((await claim(claimant, found.id)).status);
      expect(statuses[0]).toBe(201);
      expect(statuses.slice(1, 20).every((s) => s === 409)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(await count("SELECT COUNT(*) AS n FROM lost_found_claims WHERE claimant_id = ?", claimant.userId)).toBe(1);
    });
  });
});

describe("lost & found: limits and expiry", () => {
  it(`a member has at most ${LF_MAX_OPEN} open posts; the refused post leaves no row and no photo`, async () => {
    const member = await createUser();
    for (let i = 0; i < LF_MAX_OPEN; i += 1)
      await post(member, { side: "lost", category: "other", title: `Thing ${i}` }, 0);
    const photosBefore = (await env.FILES.list({ prefix: "lostfound/" })).objects.length;
    const refused = await sendPost(member, { side: "lost", category: "other", title: "One too many" });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(LF.tooMany);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE user_id = ?", member.userId)).toBe(
      LF_MAX_OPEN,
    );
    expect((await env.FILES.list({ prefix: "lostfound/" })).objects.length).toBe(photosBefore);
  });

  it("refuses bad input with a 4xx and its message, and changes nothing", async () => {
    const member = await createUser();
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ category: "car" }, 400, /category/],
      [{ happenedOn: "2099-01-01" }, 400, /future/],
      [{ placeId: "rce-main-gate" }, 400, /meet-up places/],
      [{ placeId: "", placeText: "" }, 400, /where/i],
      [{ side: "lost", question: "Colour?", answer: "Red" }, 400, /found item/],
      [{ category: "book", cardName: "Ravi" }, 400, /ID card/],
    ];
    for (const [fields, status, message] of cases) {
      const res = await sendPost(member, fields, 0);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(await res.text()).toMatch(message);
    }
    expect((await sendPost(member, {}, 5)).status).toBe(400);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE user_id = ?", member.userId)).toBe(0);
  });

  it("a post leaves the list after 30 days, the job closes it and tells its poster once, and renewing opens it again", async () => {
    const member = await createUser();
    const mate = await createUser();
    const lost = await post(member, { side: "lost", category: "book", title: unique("Maths notebook ") }, 0);
    const later = Date.now() + LF_OPEN_MS + 60_000;
    const listedAt = async (at: number) => {
      const { listPosts } = await import("#server/services/lost-found/posts.ts");
      const campusMate = { id: mate.userId, campusId: "cit" };
      return (await listPosts(env, campusMate, { side: "lost" }, at)).map((p) => p.id);
    };
    expect(await listedAt(Date.now())).toContain(lost.id);
    expect(await listedAt(later)).not.toContain(lost.id);
    // Renewing too early is refused.
    const early = await send("PATCH", `/api/lost-found/${lost.id}`, member, { renew: true });
    expect(early.status).toBe(409);
    await expireLostFound(env, later);
    await expireLostFound(env, later);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'lostfound.expired'", member.userId),
    ).toBe(1);
    const expired = (await (await get(`/api/lost-found/${lost.id}`, member)).json()) as { data: { post: PostView } };
    expect(expired.data.post.status).toBe("expired");
    // Only its poster renews it; it is open again for another 30 days.
    expect((await send("PATCH", `/api/lost-found/${lost.id}`, mate, { renew: true })).status).toBe(403);
    const renewed = await send("PATCH", `/api/lost-found/${lost.id}`, member, { renew: true });
    expect(renewed.status).toBe(200);
    const view = ((await renewed.json()) as { data: PostView }).data;
    expect(view.status).toBe("open");
    expect(view.expiresAt).toBeGreaterThan(Date.now() + LF_OPEN_MS - 60_000);
    expect(await listedAt(Date.now())).toContain(lost.id);
  });
});

describe("lost & found: races and moves", () => {
  it(`${LF_MAX_OPEN + 2} posts sent at once leave ${LF_MAX_OPEN} open posts`, async () => {
    const member = await createUser();
    const answers = await Promise.all(
      Array.from({ length: LF_MAX_OPEN + 2 }, (_, i) =>
        sendPost(member, { side: "lost", category: "other", title: `Race ${i}` }, 0),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(LF_MAX_OPEN);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE user_id = ?", member.userId)).toBe(
      LF_MAX_OPEN,
    );
  });

  it("one member's claims sent at once make one claim", async () => {
    const finder = await createUser();
    const claimant = await createUser();
    const found = await post(finder, { category: "book", title: unique("Chemistry book ") });
    const answers = await Promise.all([1, 2, 3].map(() => claim(claimant, found.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_claims WHERE post_id = ?", found.id)).toBe(1);
  });

  it("moving to another college closes one's open posts there, and they cannot be renewed from the new one", async () => {
    const member = await createUser();
    const lost = await post(member, { side: "lost", category: "book", title: unique("Atlas ") }, 0);
    const riverside = `${unique("r")}@riverside.test`;
    const ip = uniqueIp();
    const headers = { ...bearer(member.token), "CF-Connecting-IP": ip };
    expect(
      (await postJson("/api/auth/email-change", { email: riverside, password: member.password }, headers)).status,
    ).toBe(200);
    const outbox = (await (await call(`/api/dev/outbox?to=${encodeURIComponent(riverside)}`)).json()) as {
      data: { text: string }[];
    };
    const code = /\b(\d{6})\b/.exec(outbox.data[0]!.text)![1]!;
    expect((await postJson("/api/auth/email-change/confirm", { code }, headers)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE id = ? AND status = 'expired'", lost.id)).toBe(
      1,
    );
    // From Riverside the CIT post is not there to renew.
    expect((await send("PATCH", `/api/lost-found/${lost.id}`, member, { renew: true })).status).toBe(404);
  });
});

describe("lost & found: reports, export and deletion", () => {
  it("three proven members' reports hide a post from everyone but its poster and moderators", async () => {
    const poster = await createUser();
    const found = await post(poster, { category: "bottle", title: unique("Bottle ") });
    for (let i = 0; i < 3; i += 1) {
      const res = await postJson(
        "/api/reports",
        { kind: "lostfound", id: found.id, reason: "scam" },
        bearer((await createUser()).token),
      );
      expect(res.status).toBeLessThan(300);
    }
    const other = await createUser();
    expect((await get(`/api/lost-found/${found.id}`, other)).status).toBe(404);
    const list = (await (await get("/api/lost-found", other)).json()) as { data: PostView[] };
    expect(list.data.map((p) => p.id)).not.toContain(found.id);
    expect((await get(`/api/lost-found/${found.id}`, poster)).status).toBe(200);
    const moderator = await createUser();
    await grant(moderator, "moderator");
    const queue = (await (await get("/api/moderation/queue", moderator)).json()) as {
      data?: { id: string; kind: string }[];
    };
    expect(JSON.stringify(queue)).toContain(found.id);
    // An unverified member's report is refused.
    const unproven = await createUser({ verified: false });
    expect(
      (await postJson("/api/reports", { kind: "lostfound", id: found.id, reason: "scam" }, bearer(unproven.token)))
        .status,
    ).toBe(403);
  });

  it("the export lists one's posts (with the held-back answer) and claims; deleting the account removes them and their photos", async () => {
    const member = await createUser();
    const finder = await createUser();
    const mine = await post(
      member,
      { category: "wallet", title: unique("Brown wallet "), question: "Which bank card?", answer: "SBI" },
      2,
    );
    const theirs = await post(finder, { category: "bottle", title: unique("Blue bottle ") });
    expect((await claim(member, theirs.id, "Has my name")).status).toBe(201);
    const exported = (await (await get("/api/auth/account/export", member)).json()) as {
      data?: {
        lostFound?: { posts: { id: string; answer: string; photos: string[] }[]; claims: { postId: string }[] };
      };
      lostFound?: { posts: { id: string; answer: string; photos: string[] }[]; claims: { postId: string }[] };
    };
    const section = exported.data?.lostFound ?? exported.lostFound;
    expect(section?.posts.map((p) => [p.id, p.answer, p.photos.length])).toEqual([[mine.id, "SBI", 2]]);
    expect(section?.claims.map((c) => c.postId)).toEqual([theirs.id]);
    const keys = await env.DB.prepare("SELECT photos FROM lost_found_posts WHERE id = ?")
      .bind(mine.id)
      .first<{ photos: string }>();
    const stored = (JSON.parse(keys!.photos) as { key: string }[]).map((p) => p.key);
    expect(await env.FILES.head(stored[0]!)).not.toBeNull();
    const deleted = await send("DELETE", "/api/auth/account", member, { password: member.password });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_posts WHERE user_id = ?", member.userId)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM lost_found_claims WHERE claimant_id = ?", member.userId)).toBe(0);
    for (const key of stored) expect(await env.FILES.head(key)).toBeNull();
    // The finder's post is untouched.
    expect((await get(`/api/lost-found/${theirs.id}`, finder)).status).toBe(200);
  });
});
