// Changing one's e-mail address with a code mailed to the new address, and what a move between
// campuses does (docs/decisions/0123-changing-the-address.md): the API, the /account and dashboard
// forms, and the register screen that says who may join before the account is made.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "#server/index.ts";
import {
  bearer,
  call,
  createUser,
  inOneLimiterMinute,
  ORIGIN,
  postJson,
  unique,
  uniqueIp,
  type TestUser,
} from "#test/helpers.ts";
import { listingForm } from "#test/hostel-helpers.ts";
import { SEMESTER } from "#test/timetable-helpers.ts";

const CODE_SUBJECT = "Your code to change your Campus e-mail";
const NOTICE_SUBJECT = "Your Campus e-mail address was changed";

const gmail = () => `${unique("g")}@gmail.com`;
const citAddress = () => `${unique("s")}@campus.test`;
const riversideAddress = () => `${unique("r")}@riverside.test`;

function ask(user: Pick<TestUser, "token">, body: Record<string, unknown>, ip = uniqueIp()) {
  return postJson("/api/auth/email-change", body, { ...bearer(user.token), "CF-Connecting-IP": ip });
}

function confirm(user: Pick<TestUser, "token">, code: string, ip = uniqueIp()) {
  return postJson("/api/auth/email-change/confirm", { code }, { ...bearer(user.token), "CF-Connecting-IP": ip });
}

async function mailsTo(email: string, subject: string) {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
  return data.filter((m) => m.subject.startsWith(subject));
}

async function codeMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(email, CODE_SUBJECT);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no e-mail change code mailed to ${email}`);
  return code;
}

/** A code that is not the one mailed (6 digits, differing in the first). */
const wrongCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

async function me(token: string) {
  const res = await call("/api/auth/me", { headers: bearer(token) });
  if (res.status !== 200) return { status: res.status };
  const { data } = (await res.json()) as {
    data: { email: string; verified: boolean; campus: { id: string; openCommunity: boolean } };
  };
  return { status: 200, email: data.email, verified: data.verified, campus: data.campus.id };
}

async function signInAgain(user: Pick<TestUser, "email" | "password">): Promise<string> {
  const res = await postJson(
    "/api/auth/login",
    { email: user.email, password: user.password },
    { "CF-Connecting-IP": uniqueIp() },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function sessionIdOf(token: string): Promise<string> {
  const res = await call("/api/auth/sessions", { headers: bearer(token) });
  const { data } = (await res.json()) as { data: { sessions: { id: string; current: boolean }[] } };
  return data.sessions.find((s) => s.current)!.id;
}

const count = async (sql: string, ...params: unknown[]) =>
  Number(
    await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
      .bind(...params)
      .first("n"),
  );

describe("POST /api/auth/email-change and /confirm: the whole flow", () => {
  it("an Open community member joins CIT with the code mailed to the college address: verified, other devices and the calendar link end, the old address and the inbox are told", async () => {
    const student = await createUser({ email: gmail(), name: "Asha Verma" });
    expect(await me(student.token)).toMatchObject({ campus: "open" });
    const other = await signInAgain(student);
    const [here, there] = [await sessionIdOf(student.token), await sessionIdOf(other)];
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, session_id) VALUES (?1, ?2, ?3, 'k', 'a', ?4, ?5)",
      ).bind(crypto.randomUUID(), student.userId, `https://push.test/${unique()}`, now, here),
      env.DB.prepare(
        "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, session_id) VALUES (?1, ?2, ?3, 'k', 'a', ?4, ?5)",
      ).bind(crypto.randomUUID(), student.userId, `https://push.test/${unique()}`, now, there),
      env.DB.prepare("INSERT INTO calendar_feeds (user_id, secret_hash, created_at) VALUES (?1, ?2, ?3)").bind(
        student.userId,
        unique("feed"),
        now,
      ),
    ]);
    const college = citAddress();

    const asked = await ask(student, { email: college, password: student.password });
    expect(asked.status).toBe(200);
    const askedBody = (await asked.json()) as { message: string; data: { email: string; moves: boolean } };
    expect(askedBody.message).toContain(`We sent a 6-digit code to ${college}.`);
    expect(askedBody.message).toContain("Your account will move from Open community to Campus Institute of Technology");
    expect(askedBody.data).toMatchObject({ email: college, moves: true, campus: { id: "cit" } });
    // Nothing changes before the code.
    expect(await me(student.token)).toMatchObject({ email: student.email, campus: "open" });
    const [mail] = await mailsTo(college, CODE_SUBJECT);
    expect(mail!.subject).toBe(`${CODE_SUBJECT} (Campus Institute of Technology)`);
    for (const secret of [student.password, student.token, student.name]) expect(mail!.text).not.toContain(secret);

    const res = await confirm(student, await codeMailedTo(college));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: Record<string, unknown> };
    expect(body.message).toBe(
      `Your e-mail is now ${college}. You are now a Verified CIT student. Every other device has been signed out. Your calendar link no longer works: make a new one on Notifications.`,
    );
    expect(body.data).toMatchObject({ email: college, verified: true, campus: { id: "cit", openCommunity: false } });

    // This device stays signed in, as a verified CIT student; the other is out.
    expect(await me(student.token)).toEqual({ status: 200, email: college, verified: true, campus: "cit" });
    expect((await me(other)).status).toBe(401);
    expect(await count("push_subscriptions WHERE user_id = ?1", student.userId)).toBe(1);
    expect(await count("push_subscriptions WHERE user_id = ?1 AND session_id = ?2", student.userId, here)).toBe(1);
    expect(await count("calendar_feeds WHERE user_id = ?1", student.userId)).toBe(0);
    // The new address signs in; the old one no longer does.
    await signInAgain({ email: college, password: student.password });
    const old = await postJson(
      "/api/auth/login",
      { email: student.email, password: student.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(old.status).toBe(401);
    // The old address is told, with the new one; the inbox keeps the change.
    const [notice] = await mailsTo(student.email, NOTICE_SUBJECT);
    expect(notice!.text).toContain(`was changed from ${student.email} to ${college}`);
    expect(notice!.text).toContain("If you did not");
    const inbox = await env.DB.prepare("SELECT kind, title, text FROM notices WHERE user_id = ?1")
      .bind(student.userId)
      .all<{ kind: string; title: string; text: string }>();
    expect(inbox.results).toEqual([
      {
        kind: "account.email_changed",
        title: "Your e-mail address was changed",
        text: `Your account's e-mail is now ${college} (it was ${student.email}). Every other device was signed out.`,
      },
    ]);
    // The code works once.
    expect((await confirm(student, await codeMailedTo(college))).status).toBe(400);
  });

  it("codes mailed to the old address before the change prove nothing after it", async () => {
    const student = await createUser({ email: gmail() });
    // A reset code for the old address, waiting.
    await postJson("/api/auth/password-reset", { email: student.email }, { "CF-Connecting-IP": uniqueIp() });
    await vi.waitFor(async () => expect(await count("email_codes WHERE user_id = ?1", student.userId)).toBe(1));
    const college = citAddress();
    await ask(student, { email: college, password: student.password });
    expect((await confirm(student, await codeMailedTo(college))).status).toBe(200);
    expect(await count("email_codes WHERE user_id = ?1", student.userId)).toBe(0);
  });

  it("a change within the same college keeps the campus and everything at it", async () => {
    const student = await createUser();
    const listed = await call("/api/product/upload", {
      method: "POST",
      headers: { ...bearer(student.token), "CF-Connecting-IP": uniqueIp() },
      body: listingForm(student.name, "Drafter"),
    });
    expect(listed.status).toBe(201);
    const alias = `${unique("s")}@cse.campus.test`;
    const asked = await ask(student, { email: alias, password: student.password });
    expect(((await asked.json()) as { data: { moves: boolean } }).data.moves).toBe(false);
    const res = await confirm(student, await codeMailedTo(alias));
    expect(((await res.json()) as { message: string }).message).toBe(
      `Your e-mail is now ${alias}. You are now a Verified CIT student. Every other device has been signed out.`,
    );
    expect(await count("products WHERE seller_id = ?1 AND expires_at > ?2", student.userId, Date.now())).toBe(1);
  });
});

describe("who may ask, and for what address", () => {
  it("an account with a password must give it: missing 400, wrong 403, and neither says whether the address is taken", async () => {
    const student = await createUser({ email: gmail() });
    const taken = await createUser();
    const missing = await ask(student, { email: taken.email });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "Enter your current password to change your e-mail.",
    );
    const wrong = await ask(student, { email: taken.email, password: "not my password" });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { message: string }).message).toBe("Your current password is incorrect.");
    expect(await mailsTo(taken.email, CODE_SUBJECT)).toEqual([]);
  });

  it("an address another account uses is a clear 409 (after the password), and no code is mailed to it", async () => {
    const student = await createUser({ email: gmail() });
    const taken = await createUser();
    const res = await ask(student, { email: taken.email.toUpperCase(), password: student.password });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      success: false,
      message:
        "An account already uses that address. If it is yours, sign in to it instead (Forgot password? sends a code to it).",
    });
    expect(await mailsTo(taken.email, CODE_SUBJECT)).toEqual([]);
  });

  it("the address taken between the code and its confirmation: 409, nothing changes", async () => {
    const student = await createUser({ email: gmail() });
    const college = citAddress();
    await ask(student, { email: college, password: student.password });
    const code = await codeMailedTo(college);
    await createUser({ email: college });
    const res = await confirm(student, code);
    expect(res.status).toBe(409);
    expect(await me(student.token)).toMatchObject({ email: student.email, campus: "open" });
    expect(await count("users WHERE email = ?1", college)).toBe(1);
  });

  it("the same address, a malformed one, and an unknown domain while OPEN_SIGNUP is off are refused with 400", async () => {
    const student = await createUser();
    expect((await ask(student, { email: student.email, password: student.password })).status).toBe(400);
    expect((await ask(student, { email: "not-an-address", password: student.password })).status).toBe(400);
    const request = new Request(`${ORIGIN}/api/auth/email-change`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp(), ...bearer(student.token) },
      body: JSON.stringify({ email: gmail(), password: student.password }),
    });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const closed = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, OPEN_SIGNUP: "0" }, ctx);
    expect(closed.status).toBe(400);
    expect(((await closed.json()) as { message: string }).message).toMatch(/^Campus is open to students of /);
    expect(await count("email_codes WHERE user_id = ?1 AND purpose = 'email'", student.userId)).toBe(0);
  });

  it("an account without a password may ask only within 10 minutes of its sign-in (a Google sign-in)", async () => {
    const student = await createUser({ email: gmail() });
    await env.DB.prepare("UPDATE users SET password_hash = NULL WHERE id = ?1").bind(student.userId).run();
    await env.DB.prepare("UPDATE sessions SET created_at = ?2 WHERE user_id = ?1")
      .bind(student.userId, Date.now() - 11 * 60_000)
      .run();
    const stale = await ask(student, { email: citAddress() });
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { message: string }).message).toContain(
      "within 10 minutes of signing in with Google",
    );
    await env.DB.prepare("UPDATE sessions SET created_at = ?2 WHERE user_id = ?1")
      .bind(student.userId, Date.now())
      .run();
    expect((await ask(student, { email: citAddress() })).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expect((await postJson("/api/auth/email-change", { email: citAddress(), password: "x" })).status).toBe(401);
    expect((await postJson("/api/auth/email-change/confirm", { code: "123456" })).status).toBe(401);
  });
});

describe("the code: wrong, used up, expired, limited", () => {
  it("a wrong code says the tries left; after 5 the right one is refused too; nothing changes", async () => {
    const student = await createUser({ email: gmail() });
    const college = citAddress();
    await ask(student, { email: college, password: student.password });
    const code = await codeMailedTo(college);
    const first = await confirm(student, wrongCode(code));
    expect(first.status).toBe(400);
    expect(((await first.json()) as { message: string }).message).toBe("That code is not right. 4 tries left.");
    for (let i = 0; i < 4; i++) await confirm(student, wrongCode(code));
    const right = await confirm(student, code);
    expect(right.status).toBe(400);
    expect(((await right.json()) as { message: string }).message).toBe(
      "That code has had its 5 tries. Ask for a new code.",
    );
    expect(await me(student.token)).toMatchObject({ email: student.email, campus: "open" });
  });

  it("a code expires after 15 minutes", async () => {
    const student = await createUser({ email: gmail() });
    const college = citAddress();
    await ask(student, { email: college, password: student.password });
    const code = await codeMailedTo(college);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000);
      const res = await confirm(student, code);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        "That code has expired or was already used. Ask for a new code.",
      );
    } finally {
      vi.useRealTimers();
    }
    expect(await me(student.token)).toMatchObject({ email: student.email, campus: "open" });
  });

  it("the code proves the address it was mailed to: a new code for another address replaces it", async () => {
    const student = await createUser({ email: gmail() });
    const first = citAddress();
    await ask(student, { email: first, password: student.password });
    const firstCode = await codeMailedTo(first);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const second = riversideAddress();
      expect((await ask(student, { email: second, password: student.password })).status).toBe(200);
      expect((await confirm(student, firstCode)).status).toBe(400);
      expect((await confirm(student, await codeMailedTo(second))).status).toBe(200);
      expect(await me(student.token)).toMatchObject({ email: second, campus: "rce" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("one code a minute per account: a second request within it is a 429 with Retry-After", async () => {
    const student = await createUser({ email: gmail() });
    await ask(student, { email: citAddress(), password: student.password });
    const again = await ask(student, { email: citAddress(), password: student.password });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await again.json()) as { message: string }).message).toMatch(/^We sent a code less than a minute ago/);
  });

  it("is limited per client address: code requests and checks together", () =>
    inOneLimiterMinute(async () => {
      const student = await createUser({ email: gmail() });
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await confirm(student, "123456", ip)).status);
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect((await ask(student, { email: citAddress(), password: student.password }, ip)).status).toBe(429);
    }));

  it("is limited per new address: a fourth account asking for the same address within a minute is a 429", () =>
    inOneLimiterMinute(async () => {
      const college = citAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const student = await createUser({ email: gmail() });
        statuses.push((await ask(student, { email: college, password: student.password })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await mailsTo(college, CODE_SUBJECT)).toHaveLength(3);
    }));

  it("the right code sent twice at once changes the address once: one notice, one mail to the old address", async () => {
    const student = await createUser({ email: gmail() });
    const college = citAddress();
    await ask(student, { email: college, password: student.password });
    const code = await codeMailedTo(college);
    const answers = await Promise.all([confirm(student, code), confirm(student, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200]);
    expect(await count("notices WHERE user_id = ?1 AND kind = 'account.email_changed'", student.userId)).toBe(1);
    expect(await mailsTo(student.email, NOTICE_SUBJECT)).toHaveLength(1);
    expect(await me(student.token)).toMatchObject({ email: college, campus: "cit" });
  });
});

/** A CIT student with something of every kind a move ends, and records it keeps; what to look at afterwards. */
async function memberWithEverything() {
  const student = await createUser();
  const seller = await createUser();
  const upload = async (by: TestUser, title: string) => {
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: { ...bearer(by.token), "CF-Connecting-IP": uniqueIp() },
      body: listingForm(by.name, title),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { product?: { _id: string }; data?: { _id?: string; id?: string } };
    return body.product?._id ?? body.data?._id ?? body.data?.id ?? "";
  };
  const mine = await upload(student, `Drafter ${unique()}`);
  const sold = await upload(student, `Calculator ${unique()}`);
  const theirs = await upload(seller, `Lab coat ${unique()}`);
  const now = Date.now();
  const classId = crypto.randomUUID();
  const conversation = crypto.randomUUID();
  const myConversation = crypto.randomUUID();
  const buyer = await createUser();
  const id = () => crypto.randomUUID();
  await env.DB.batch([
    // A finished trade: the other student's record.
    env.DB.prepare(
      "UPDATE products SET status = 'sold', buyer_id = ?2, buyer_name = 'Buyer', sale_id = ?3, purchased_at = ?4, handed_over_at = ?4 WHERE id = ?1",
    ).bind(sold, buyer.userId, id(), now),
    // The student's waiting offer on another seller's listing, and another student's on the student's own.
    env.DB.prepare(
      "INSERT INTO conversations (id, product_id, campus_id, buyer_id, seller_id, created_at, last_message_at) VALUES (?1, ?2, 'cit', ?3, ?4, ?5, ?5)",
    ).bind(conversation, theirs, student.userId, seller.userId, now),
    env.DB.prepare(
      "INSERT INTO offers (id, conversation_id, product_id, buyer_id, price_paise, status, created_at) VALUES (?1, ?2, ?3, ?4, 10000, 'waiting', ?5)",
    ).bind(id(), conversation, theirs, student.userId, now),
    env.DB.prepare(
      "INSERT INTO conversations (id, product_id, campus_id, buyer_id, seller_id, created_at, last_message_at) VALUES (?1, ?2, 'cit', ?3, ?4, ?5, ?5)",
    ).bind(myConversation, mine, buyer.userId, student.userId, now),
    env.DB.prepare(
      "INSERT INTO offers (id, conversation_id, product_id, buyer_id, price_paise, status, created_at) VALUES (?1, ?2, ?3, ?4, 10000, 'waiting', ?5)",
    ).bind(id(), myConversation, mine, buyer.userId, now),
    env.DB.prepare("INSERT INTO saved_products (user_id, product_id, created_at) VALUES (?1, ?2, ?3)").bind(
      student.userId,
      theirs,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO wanted_posts (id, user_id, campus_id, words, terms, created_at, expires_at) VALUES (?1, ?2, 'cit', 'drafter', '[\"drafter\"]', ?3, ?4)",
    ).bind(id(), student.userId, now, now + 86_400_000),
    env.DB.prepare(
      "INSERT INTO study_requests (id, owner_id, title, subject, requirements, contact, status, created_at, campus_id) VALUES (?1, ?2, 'Lab report', 'Physics', 'Two pages', 'me', 'open', ?3, 'cit')",
    ).bind(id(), student.userId, now),
    env.DB.prepare(
      "INSERT INTO writers (user_id, name, expertise, contact, created_at, updated_at, campus_id) VALUES (?1, 'Me', 'Physics', 'me', ?2, ?2, 'cit')",
    ).bind(student.userId, now),
    env.DB.prepare(
      "INSERT INTO roommate_listings (id, user_id, about, room_type, budget_paise, sleep_schedule, study_habits, cleanliness, email, created_at, updated_at, campus_id) VALUES (?1, ?2, 'Quiet', 'double', 500000, 'early_bird', 'silent', 'tidy', 'me@campus.test', ?3, ?3, 'cit')",
    ).bind(id(), student.userId, now),
    env.DB.prepare(
      "INSERT INTO hostel_residents (user_id, block_id, room, updated_at, joined_at) VALUES (?1, 'A', '101', ?2, ?2)",
    ).bind(student.userId, now),
    env.DB.prepare(
      "INSERT INTO block_moves (id, user_id, campus_id, from_block_id, to_block_id, room, status, created_at) VALUES (?1, ?2, 'cit', 'A', 'B', '202', 'pending', ?3)",
    ).bind(id(), student.userId, now),
    env.DB.prepare(
      "INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at) VALUES (?1, ?2, '0800', '2099-01-01', ?3, 5, 'wash', 'booked', ?4)",
    ).bind(id(), student.userId, now + 86_400_000, now),
    env.DB.prepare(
      "INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at) VALUES (?1, ?2, '1000', '2099-01-01', ?3, 5, 'wash', 'washing', ?4)",
    ).bind(id(), student.userId, now + 86_400_000, now),
    env.DB.prepare(
      "INSERT INTO timetable_classes (id, campus_id, semester_id, section, created_at) VALUES (?1, 'cit', ?2, ?3, ?4)",
    ).bind(classId, SEMESTER, unique("S"), now),
    env.DB.prepare("INSERT INTO timetable_choices (user_id, class_id, chosen_at) VALUES (?1, ?2, ?3)").bind(
      student.userId,
      classId,
      now,
    ),
    env.DB.prepare("INSERT INTO timetable_reps (class_id, user_id, granted_at) VALUES (?1, ?2, ?3)").bind(
      classId,
      student.userId,
      now,
    ),
  ]);
  return { student, seller, buyer, mine, sold, theirs, conversation, myConversation };
}

/** What the student has at CIT, table by table (the test compares it before and after). */
async function placeAtCit(userId: string, ids: { mine: string; sold: string }) {
  const now = Date.now();
  return {
    listingOnBrowse: await count("products WHERE id = ?1 AND status = 'available' AND expires_at > ?2", ids.mine, now),
    listingKept: await count("products WHERE id = ?1", ids.mine),
    tradeKept: await count("products WHERE id = ?1 AND status = 'sold' AND handed_over_at IS NOT NULL", ids.sold),
    waitingOffers: await count(
      "offers WHERE status = 'waiting' AND (buyer_id = ?1 OR product_id = ?2)",
      userId,
      ids.mine,
    ),
    conversations: await count("conversations WHERE buyer_id = ?1 OR seller_id = ?1", userId),
    saved: await count("saved_products WHERE user_id = ?1", userId),
    wanted: await count("wanted_posts WHERE user_id = ?1 AND expires_at > ?2", userId, now),
    openRequests: await count("study_requests WHERE owner_id = ?1 AND status = 'open'", userId),
    requestsKept: await count("study_requests WHERE owner_id = ?1", userId),
    writer: await count("writers WHERE user_id = ?1", userId),
    roommate: await count("roommate_listings WHERE user_id = ?1", userId),
    residence: await count("hostel_residents WHERE user_id = ?1", userId),
    pendingBlockMove: await count("block_moves WHERE user_id = ?1 AND status = 'pending'", userId),
    laundryBooked: await count("laundry_bookings WHERE user_id = ?1 AND status = 'booked'", userId),
    laundryWithTheLaundry: await count("laundry_bookings WHERE user_id = ?1 AND status = 'washing'", userId),
    classChoice: await count("timetable_choices WHERE user_id = ?1", userId),
    rep: await count("timetable_reps WHERE user_id = ?1", userId),
  };
}

describe("a move between colleges (decision 0123)", () => {
  it("CIT to Riverside: what the student offered at CIT leaves it, the records stay; the listing is on My Sells but not on CIT's Browse and cannot be renewed", async () => {
    const fixture = await memberWithEverything();
    const { student } = fixture;
    expect(await placeAtCit(student.userId, fixture)).toEqual({
      listingOnBrowse: 1,
      listingKept: 1,
      tradeKept: 1,
      waitingOffers: 2,
      conversations: 2,
      saved: 1,
      wanted: 1,
      openRequests: 1,
      requestsKept: 1,
      writer: 1,
      roommate: 1,
      residence: 1,
      pendingBlockMove: 1,
      laundryBooked: 1,
      laundryWithTheLaundry: 1,
      classChoice: 1,
      rep: 1,
    });
    const riverside = riversideAddress();
    const asked = await ask(student, { email: riverside, password: student.password });
    expect(((await asked.json()) as { message: string }).message).toContain(
      "Your account will move from Campus Institute of Technology to Riverside College of Engineering: your listings on sale at Campus Institute of Technology leave its marketplace",
    );
    const res = await confirm(student, await codeMailedTo(riverside));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { listingsWithdrawn: number } }).data.listingsWithdrawn).toBe(1);
    expect(await me(student.token)).toMatchObject({ email: riverside, campus: "rce", verified: true });
    expect(await placeAtCit(student.userId, fixture)).toEqual({
      listingOnBrowse: 0,
      listingKept: 1,
      tradeKept: 1,
      waitingOffers: 0,
      conversations: 2,
      saved: 0,
      wanted: 0,
      openRequests: 0,
      requestsKept: 1,
      writer: 0,
      roommate: 0,
      residence: 0,
      pendingBlockMove: 0,
      laundryBooked: 0,
      laundryWithTheLaundry: 1,
      classChoice: 0,
      rep: 0,
    });
    // CIT's Browse no longer has the listing; the seller's My Sells still does.
    const browse = await call("/api/product/available", { headers: bearer(fixture.seller.token) });
    expect(JSON.stringify(await browse.json())).not.toContain(fixture.mine);
    const sells = await call("/api/product/mysells", { headers: bearer(student.token) });
    expect(JSON.stringify(await sells.json())).toContain(fixture.mine);
    const renew = await call(`/api/product/${fixture.mine}/renew`, {
      method: "POST",
      headers: { ...bearer(student.token), "CF-Connecting-IP": uniqueIp() },
    });
    expect(renew.status).toBe(409);
    expect(((await renew.json()) as { message: string }).message).toBe(
      "This listing was on your old college's marketplace and left it when your account moved. Post it again to sell it here.",
    );
  });

  it("an Open community member's listings on sale leave the Open community's Browse when they join CIT", async () => {
    const student = await createUser({ email: gmail() });
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: { ...bearer(student.token), "CF-Connecting-IP": uniqueIp() },
      body: listingForm(student.name, "Open drafter"),
    });
    expect(res.status).toBe(201);
    const college = citAddress();
    await ask(student, { email: college, password: student.password });
    await confirm(student, await codeMailedTo(college));
    expect(await count("products WHERE seller_id = ?1 AND expires_at > ?2", student.userId, Date.now())).toBe(0);
  });

  it("a staff role at the old college stops the move (409 before any code is mailed)", async () => {
    const student = await createUser();
    await env.DB.prepare(
      "INSERT INTO staff_roles (id, user_id, campus_id, role, granted_at) VALUES (?1, ?2, 'cit', 'moderator', ?3)",
    )
      .bind(crypto.randomUUID(), student.userId, Date.now())
      .run();
    const riverside = riversideAddress();
    const res = await ask(student, { email: riverside, password: student.password });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Your staff role at Campus Institute of Technology goes with its address: ask another admin of Campus Institute of Technology (or a Campus operator) to remove it before you change to an address of another college.",
    );
    expect(await mailsTo(riverside, CODE_SUBJECT)).toEqual([]);
    // Within the same college a staff member may change address.
    expect((await ask(student, { email: `${unique("s")}@cse.campus.test`, password: student.password })).status).toBe(
      200,
    );
  });

  it("a reservation waiting for its handover stops the move, also when it was made after the code: 409 and nothing changes", async () => {
    const fixture = await memberWithEverything();
    const { student, seller, theirs } = fixture;
    const riverside = riversideAddress();
    expect((await ask(student, { email: riverside, password: student.password })).status).toBe(200);
    const code = await codeMailedTo(riverside);
    // Meanwhile the student reserves the other seller's listing.
    await env.DB.prepare(
      "UPDATE products SET status = 'sold', buyer_id = ?2, buyer_name = 'Me', sale_id = ?3, purchased_at = ?4 WHERE id = ?1",
    )
      .bind(theirs, student.userId, crypto.randomUUID(), Date.now())
      .run();
    const res = await confirm(student, code);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "You have a reservation waiting for its handover at Campus Institute of Technology: hand it over or cancel it before your account moves to another college.",
    );
    expect(await me(student.token)).toMatchObject({ campus: "cit" });
    expect((await placeAtCit(student.userId, fixture)).writer).toBe(1);
    void seller;
  });
});

describe("the screens", () => {
  /** A page's HTML with a student's session cookie, or as a visitor. */
  async function page(path: string, user?: TestUser, init: RequestInit = {}): Promise<Response> {
    return call(path, { ...init, headers: { ...(user ? { Cookie: user.cookie } : {}), ...(init.headers ?? {}) } });
  }

  function post(path: string, user: TestUser, fields: Record<string, string>): Promise<Response> {
    return page(path, user, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it("/register names the colleges and their domains, and says what the Open community is, before the account is made", async () => {
    const html = await (await page("/register")).text();
    expect(html).toContain("Use your college e-mail:");
    expect(html).toMatch(/CIT<\/abbr> \(campus\.test\)/);
    expect(html).toMatch(/RCE<\/abbr> \(riverside\.test\)/);
    expect(html).toContain("Another address joins the Open community, for students whose college is not on Campus yet");
    expect(html).toContain("You can join your college later by changing your e-mail to its address.");
  });

  it("/register with OPEN_SIGNUP off says only the colleges' addresses are accepted", async () => {
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await worker.fetch(
      new Request(`${ORIGIN}/register`) as Parameters<typeof worker.fetch>[0],
      { ...env, OPEN_SIGNUP: "0" },
      ctx,
    );
    const html = await res.text();
    expect(html).toContain("Campus takes only these colleges&#x27; addresses.");
    expect(html).not.toContain("Another address joins the Open community");
  });

  it("the dashboard shows an Open community member how to join their college, and not a college's member", async () => {
    const open = await createUser({ email: gmail() });
    const html = await (await page("/dashboard", open)).text();
    expect(html).toContain("Join your college on Campus");
    expect(html).toContain("is not a college&#x27;s address, so you are in the Open community");
    expect(html).toContain('name="intent" value="email-change"');
    expect(html).toContain('action="/account"');
    const cit = await createUser();
    expect(await (await page("/dashboard", cit)).text()).not.toContain("Join your college on Campus");
  });

  it("/account without JavaScript: ask for the code, then enter it; the page then shows the new address and college", async () => {
    const student = await createUser({ email: gmail() });
    const college = citAddress();
    const asked = await post("/account", student, {
      intent: "email-change",
      email: college,
      password: student.password,
    });
    expect(asked.status).toBe(200);
    const askedHtml = await asked.text();
    expect(askedHtml).toContain(`We sent a 6-digit code to ${college}.`);
    // The code form appears, naming where the code went.
    expect(askedHtml).toContain('name="intent" value="email-change-confirm"');
    expect(askedHtml).toContain(`Code sent to <span class="break-all">${college}</span>`);

    const wrong = await post("/account", student, {
      intent: "email-change-confirm",
      code: wrongCode(await codeMailedTo(college)),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right. 4 tries left.");

    const done = await post("/account", student, { intent: "email-change-confirm", code: await codeMailedTo(college) });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain(`Your e-mail is now ${college}. You are now a Verified CIT student.`);
    expect(html).toContain("Campus Institute of Technology");
    expect(html).not.toContain("Join your college on Campus");
  });

  it("/account: a wrong password is shown under its field and nothing is mailed", async () => {
    const student = await createUser({ email: gmail() });
    const college = citAddress();
    const res = await post("/account", student, { intent: "email-change", email: college, password: "wrong one" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('id="email-change-password-error"');
    expect(await mailsTo(college, CODE_SUBJECT)).toEqual([]);
  });
});
