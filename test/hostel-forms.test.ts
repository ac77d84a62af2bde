import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COMPLAINT_CATEGORIES } from "#common/hostel-labels.ts";
import { addDays, indiaDate } from "#common/india-time.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";

// A form with several wrong fields is answered with every one of them, by the API (`fields` beside
// the first problem's `message` and `field`) and by the screen's action alike: each field of the
// form shows its own problem (docs/decisions/0103-use-cases-messages-and-forms.md).

interface Refusal {
  success: false;
  message: string;
  field?: string;
  fields?: Record<string, string>;
}

/** The screen's own post (React Router's data request, as a fetcher sends it) of a form. */
function postScreen(user: TestUser, path: string, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return call(`${path}.data`, { method: "POST", headers: { Cookie: user.cookie, Origin: ORIGIN }, body: form });
}

/** The screen's answer shows each field's problem (the answer is React Router's encoding of it). */
async function expectScreenFields(res: Response, fields: Record<string, string>): Promise<void> {
  expect(res.status).toBe(400);
  const body = await res.text();
  expect(body).toContain('"fields"');
  for (const [name, message] of Object.entries(fields)) {
    expect(body, name).toContain(`"${name}"`);
    expect(body, name).toContain(JSON.stringify(message));
  }
}

const countRows = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe("the complaint form", () => {
  const wrong = { category: "noise", blockId: "", room: "B#204", description: "Leaks." };
  const problems = {
    category: `Choose a category: ${COMPLAINT_CATEGORIES.join(", ")}.`,
    blockId: "Choose your hostel block.",
    room: "A room number can use only letters, digits, spaces, - and /.",
    description: "Describe the problem in at least 10 characters.",
  };

  it("POST /api/hostel/complaints answers 400 with every invalid field, the first as the message", async () => {
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/complaints", wrong, user.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body).toMatchObject({ success: false, message: problems.category, field: "category" });
    expect(body.fields).toEqual(problems);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(0);
  });

  it("the screen's action answers the same four problems, one per field", async () => {
    const user = await createUser();
    await expectScreenFields(await postScreen(user, "/hostel-complaints", { intent: "create", ...wrong }), problems);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(0);
  });
});

describe("the roommate listing form", () => {
  const wrong = {
    about: "Quiet, tidy.",
    roomType: "suite",
    budget: "-500",
    sleepSchedule: "early_bird",
    studyHabits: "silent",
    cleanliness: "tidy",
    whatsapp: "12345",
  };
  const problems = {
    about: "Write at least 20 characters about yourself.",
    roomType: "Choose a room type: single, double, triple, any.",
    budget: "The budget cannot be negative.",
    whatsapp: "Enter a 10-digit Indian mobile number for WhatsApp.",
  };

  it("POST /api/hostel/roommates answers 400 with every invalid field", async () => {
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/roommates", { ...wrong, budget: -500 }, user.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body).toMatchObject({ message: problems.about, field: "about" });
    expect(body.fields).toEqual(problems);
  });

  it("the screen's action answers each field's problem, for a new listing and an edit", async () => {
    const user = await createUser();
    await expectScreenFields(await postScreen(user, "/roommate-finder", { intent: "create", ...wrong }), problems);
    expect(await countRows("SELECT COUNT(*) AS n FROM roommate_listings WHERE user_id = ?", user.userId)).toBe(0);

    const posted = await sendJson(
      "POST",
      "/api/hostel/roommates",
      {
        ...wrong,
        about: "Final-year CSE, early riser, likes a quiet room.",
        roomType: "double",
        budget: 6000,
        whatsapp: "9876543210",
      },
      user.token,
    );
    expect(posted.status).toBe(201);
    const { id } = (await read<{ id: string }>(posted)).data;
    await expectScreenFields(await postScreen(user, "/roommate-finder", { intent: "update", id, ...wrong }), problems);
  });
});

describe("the laundry booking form", () => {
  const date = () => addDays(indiaDate(Date.now()), 1);
  const problems = {
    slotId: "Choose a pickup slot.",
    clothes: "Send at least 1 piece of clothing.",
    service: "Choose wash, iron or dry clean.",
  };

  it("POST /api/hostel/laundry/bookings answers 400 with every invalid field", async () => {
    const user = await createUser();
    const res = await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { date: date(), clothes: 0, service: "starch" },
      user.token,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body).toMatchObject({ message: problems.slotId, field: "slotId" });
    expect(body.fields).toEqual(problems);
  });

  it("the screen's action answers each field's problem and books nothing", async () => {
    const user = await createUser();
    await expectScreenFields(
      await postScreen(user, "/laundry-service", { intent: "book", date: date(), clothes: "0", service: "starch" }),
      problems,
    );
    expect(await countRows("SELECT COUNT(*) AS n FROM laundry_bookings WHERE user_id = ?", user.userId)).toBe(0);
  });
});
