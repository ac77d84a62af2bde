import { describe, expect, it } from "vitest";
import { untiedProblems } from "#test/field-ties.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

// The report and moderation forms, the admin's grant form and the notification settings: a form
// with several wrong fields is answered with every one of them, by the API (`fields`) and by the
// screen, where each shows under its own field (docs/decisions/0103-use-cases-messages-and-forms.md).

interface Refusal {
  message: string;
  field?: string;
  fields?: Record<string, string>;
}

/** A screen's form posted as a browser without JavaScript posts it (the page comes back), or with `.data` as a fetcher does. */
function postForm(user: TestUser, path: string, fields: Record<string, string>): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The text as a page shows it: React's markers between text and expressions and HTML escapes undone. */
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

async function roommateListing(owner: TestUser): Promise<string> {
  const res = await sendJson(
    "POST",
    "/api/hostel/roommates",
    {
      about: "Second-year ECE, night owl, plays the guitar softly.",
      roomType: "double",
      budget: 5000,
      sleepSchedule: "night_owl",
      studyHabits: "some_noise",
      cleanliness: "tidy",
      whatsapp: "9876512345",
    },
    owner.token,
  );
  expect(res.status).toBe(201);
  return (await read<{ id: string }>(res)).data.id;
}

const REASON =
  "Choose a reason: scam, offensive, wrong_category, personal_information, graded_work, copyright or other.";
// Nothing but a zero-width space: the browser's checks let it through, the server finds no text in it.
const INVISIBLE = "\u200b\u200b";
const INVISIBLE_NOTE = "The note must contain visible text (invisible and control characters are removed).";

describe("the report form", () => {
  it("POST /api/reports answers 400 with the reason and the note, and counts nothing", async () => {
    const [owner, reporter] = await Promise.all([createUser(), createUser()]);
    const id = await roommateListing(owner);
    const res = await sendJson(
      "POST",
      "/api/reports",
      { kind: "roommate", id, reason: "rude", note: INVISIBLE },
      reporter.token,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body).toMatchObject({ message: REASON, field: "reason" });
    expect(body.fields).toEqual({ reason: REASON, note: INVISIBLE_NOTE });
  });

  it("a screen's Report form (intent report) answers both problems", async () => {
    const [owner, reporter] = await Promise.all([createUser(), createUser()]);
    const id = await roommateListing(owner);
    const res = await postForm(reporter, "/roommate-finder.data", {
      intent: "report",
      kind: "roommate",
      id,
      reason: "rude",
      note: INVISIBLE,
    });
    expect(res.status).toBe(400);
    const body = await res.text();
    for (const message of [REASON, INVISIBLE_NOTE]) expect(body).toContain(JSON.stringify(message));
  });
});

describe("the moderators' suspend form", () => {
  const problems = { reason: "Give a reason the student will see.", days: "Suspend for 1 to 90 days." };

  it("POST /api/moderation/actions and /staff's form answer the reason and the days", async () => {
    const [owner, moderator] = await Promise.all([createUser(), createUser()]);
    await grant(moderator, "moderator");
    const id = await roommateListing(owner);
    const res = await sendJson(
      "POST",
      "/api/moderation/actions",
      { action: "suspend", kind: "roommate", id, reason: " ", days: 0 },
      moderator.token,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).fields).toEqual(problems);

    const screen = await postForm(moderator, "/staff.data", {
      intent: "mod-suspend",
      kind: "roommate",
      id,
      reason: " ",
      days: "0",
    });
    expect(screen.status).toBe(400);
    const body = await screen.text();
    for (const message of Object.values(problems)) expect(body).toContain(JSON.stringify(message));
  });
});

describe("the admin's grant form", () => {
  const problems = {
    email: "Enter a valid e-mail address.",
    role: "Choose a role: warden, mess, laundry, moderator, admin or curator.",
  };

  it("POST /api/admin/roles answers 400 with the address and the role", async () => {
    const admin = await createUser();
    await grant(admin, "admin");
    const res = await sendJson("POST", "/api/admin/roles", { email: "not-an-address", role: "dean" }, admin.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body).toMatchObject({ message: problems.email, field: "email" });
    expect(body.fields).toEqual(problems);
  });

  it("/admin's form, posted without JavaScript, shows each problem under its field", async () => {
    const admin = await createUser();
    await grant(admin, "admin");
    const res = await postForm(admin, "/admin", { intent: "grant", email: "not-an-address", role: "dean" });
    expect(res.status).toBe(400);
    const html = shown(await res.text());
    expect(html).toContain(
      `<p id="grant-email-error" class="mt-1 text-sm font-medium text-red-700 dark:text-red-300">${problems.email}</p>`,
    );
    expect(html).toContain(
      `<p id="grant-role-error" class="mt-1 text-sm font-medium text-red-700 dark:text-red-300">${problems.role}</p>`,
    );
    expect(html).toMatch(/id="grant-email"[^>]*aria-invalid="true"[^>]*aria-describedby="grant-email-error"/);
    // The role's problem is its select's too: marked invalid and described by it.
    expect(untiedProblems(html)).toEqual([]);
  });
});

describe("the notification settings form", () => {
  const problems = {
    "quiet.from": "quiet.from must be a time like 23:00.",
    "quiet.to": "quiet.to must be a time like 23:00.",
  };

  it("PUT /api/push/settings answers 400 with both ends of the quiet hours", async () => {
    const student = await createUser();
    const res = await sendJson(
      "PUT",
      "/api/push/settings",
      { muted: [], quiet: { from: "25:00", to: "7 am" } },
      student.token,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).fields).toEqual(problems);
  });

  it("/notifications' form, posted without JavaScript, shows each under its time", async () => {
    const student = await createUser();
    const res = await postForm(student, "/notifications", {
      intent: "push-settings",
      "category-hostel": "on",
      quiet: "on",
      quietFrom: "25:00",
      quietTo: "7 am",
    });
    expect(res.status).toBe(400);
    const html = shown(await res.text());
    expect(html).toMatch(new RegExp(`<p id="quietFrom-error"[^>]*>${problems["quiet.from"]}</p>`));
    expect(html).toMatch(new RegExp(`<p id="quietTo-error"[^>]*>${problems["quiet.to"]}</p>`));
    expect(untiedProblems(html)).toEqual([]);
  });
});
