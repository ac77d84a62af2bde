// The events screens without JavaScript (docs/decisions/0130-the-waiting-list.md) and the previews
// a chat app draws of a shared link (docs/decisions/0131-sharing-without-leaking.md): a visitor's
// preview of a members-only event or of another college's listing says only the college; an event
// open to visitors shows its details; a member's pages show everything and post natively.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { indiaLocalOf } from "#common/events.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { listingForm, PNG_BYTES } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { campusAdmin, clubWithLead, DAY, eventBody, HOUR, publish } from "#test/events-helpers.ts";

function postForm(user: TestUser, path: string, fields: Record<string, string>): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const page = async (path: string, user?: TestUser) => {
  const res = await call(path, { headers: user ? { Cookie: user.cookie } : {} });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'") };
};

const ogOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("an event's page and its preview", () => {
  it("shows a visitor only the college of a members-only event, in the page and its Open Graph tags", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(
      lead,
      eventBody(clubId, { title: "Secret jam session", description: "Room 12, bring drums" }),
    );
    const visitor = await page(`/events/${event.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.html).not.toContain("Secret jam session");
    expect(visitor.html).not.toContain("bring drums");
    expect(ogOf(visitor.html, "og:title")).toBe("An event at Campus Institute of Technology");
    expect(ogOf(visitor.html, "og:description")).toBe(
      "An event at Campus Institute of Technology on Campus. Sign in to see it.",
    );

    const member = await page(`/events/${event.id}`, await createUser());
    expect(member.html).toContain("Secret jam session");
    expect(ogOf(member.html, "og:title")).toBe("Secret jam session");
    expect(member.html).toContain('name="robots" content="noindex"');

    const other = await page(
      `/events/${event.id}`,
      await createUser({ email: `r-${crypto.randomUUID()}@riverside.test` }),
    );
    expect(other.status).toBe(404);
    expect(other.html).not.toContain("Secret jam session");
  });

  it("shows an event open to visitors to anyone, with its preview", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { title: "Open robotics demo", openToVisitors: true }));
    const visitor = await page(`/events/${event.id}`);
    expect(visitor.html).toContain("Open robotics demo");
    expect(ogOf(visitor.html, "og:title")).toBe("Open robotics demo");
    expect(ogOf(visitor.html, "og:url")).toBe(`${ORIGIN}/events/${event.id}`);
    expect(visitor.html).not.toContain('name="robots" content="noindex"');
    const list = await page("/events?campus=cit");
    expect(list.html).toContain("Open robotics demo");
    // A visitor who names no college picks one: each college's link is its public page of events.
    const pick = await page("/events");
    expect(pick.html).toContain("Events open to visitors, by college");
    expect(pick.html).toContain('href="/events?campus=cit"');
    expect(pick.html).toContain('href="/events?campus=rce"');
    expect(pick.html).not.toContain("Open robotics demo");
    // A member sees their own college's events, not the list of colleges.
    const member = await page("/events", await createUser());
    expect(member.html).not.toContain("Events open to visitors, by college");
  });

  it("lets a student go and leave with the page's own form, and joins the waiting list when full", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { capacity: 1 }));
    const [first, second] = [await createUser(), await createUser()];
    expect((await postForm(first, `/events/${event.id}`, { intent: "go" })).status).toBe(200);
    const waiting = await postForm(second, `/events/${event.id}`, { intent: "go" });
    expect(await waiting.text()).toContain("you are number 1 on the waiting list");
    expect((await page(`/events/${event.id}`, second)).html).toContain("You are number 1 on the waiting list.");
    expect((await postForm(first, `/events/${event.id}`, { intent: "leave" })).status).toBe(200);
    expect((await page(`/events/${event.id}`, second)).html).toContain("You are going.");
    expect(await count("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1", event.id)).toBe(1);
  });

  it("lets a lead publish and edit from the forms, and refuses a student", async () => {
    const { clubId, lead } = await clubWithLead();
    const start = Date.now() + 2 * DAY;
    const fields = {
      intent: "publish",
      clubId,
      title: "Form night",
      category: "cultural",
      startsAt: indiaLocalOf(start),
      endsAt: indiaLocalOf(start + HOUR),
      placeId: "",
      placeText: "Amphitheatre",
      capacity: "",
      signupClosesAt: "",
      description: "",
    };
    const published = await postForm(lead, "/events/new", fields);
    // The action redirects to the new event's page, which the browser then shows.
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Form night");
    const id = (await env.DB.prepare("SELECT id FROM events WHERE club_id = ?1").bind(clubId).first<{ id: string }>())!
      .id;
    const student = await createUser();
    const refused = await postForm(student, "/events/new", fields);
    expect(refused.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE club_id = ?1", clubId)).toBe(1);
    const edited = await postForm(lead, `/events/${id}/edit`, {
      ...fields,
      intent: "save",
      title: "Form night 2",
      capacity: "5",
    });
    expect(edited.status).toBe(200);
    expect(
      await count("SELECT COUNT(*) AS n FROM events WHERE id = ?1 AND title = 'Form night 2' AND capacity = 5", id),
    ).toBe(1);
    const studentEdit = await page(`/events/${id}/edit`, student);
    expect(studentEdit.status, studentEdit.html.slice(0, 3000)).toBe(403);
    const cancelled = await postForm(lead, `/events/${id}/edit`, { intent: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE id = ?1 AND status = 'cancelled'", id)).toBe(1);
  });

  it("follows a club from /clubs", async () => {
    const { clubId, name } = await clubWithLead();
    const student = await createUser();
    expect((await page("/clubs", student)).html).toContain(name);
    expect((await postForm(student, "/clubs", { intent: "follow", clubId })).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM club_follows WHERE club_id = ?1", clubId)).toBe(1);
    expect((await page(`/clubs/${clubId}`, student)).html).toContain("Unfollow");
  });
});

describe("posters and logos", () => {
  const multipart = (user: TestUser, path: string, fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return call(path, { method: "POST", headers: { Cookie: user.cookie, Origin: ORIGIN }, body: form });
  };

  it("checks a poster by its bytes, shows it to whoever may see the event, and puts it in the preview", async () => {
    const { clubId, lead } = await clubWithLead();
    const start = Date.now() + 2 * DAY;
    const fields = {
      intent: "publish",
      clubId,
      title: "Poster night",
      category: "cultural",
      startsAt: indiaLocalOf(start),
      endsAt: indiaLocalOf(start + HOUR),
    };
    const notImage = await multipart(lead, "/events/new", {
      ...fields,
      poster: new File(["not an image"], "x.png", { type: "image/png" }),
    });
    expect(notImage.status).toBe(400);
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE club_id = ?1", clubId)).toBe(0);
    const made = await multipart(lead, "/events/new", {
      ...fields,
      poster: new File([PNG_BYTES], "poster.png", { type: "image/png" }),
    });
    expect(made.status).toBe(200);
    const { id, key } = (await env.DB.prepare("SELECT id, poster_key AS key FROM events WHERE club_id = ?1")
      .bind(clubId)
      .first<{ id: string; key: string }>())!;
    expect(key).toMatch(/^events\/posters\//);
    const member = await call(`/api/events/${id}/poster`, { headers: { Cookie: (await createUser()).cookie } });
    expect(member.status).toBe(200);
    expect(member.headers.get("Content-Type")).toBe("image/png");
    // A visitor sees no poster of a members-only event; the preview of an open one shows it.
    expect((await call(`/api/events/${id}/poster`)).status).toBe(404);
    await env.DB.prepare("UPDATE events SET open_to_visitors = 1 WHERE id = ?1").bind(id).run();
    expect((await call(`/api/events/${id}/poster`)).status).toBe(200);
    expect(ogOf((await page(`/events/${id}`)).html, "og:image")).toBe(`${ORIGIN}/api/events/${id}/poster`);
  });

  it("lets the admin remove a club's lead from the clubs step", async () => {
    const { clubId, admin, lead } = await clubWithLead();
    const before = await page("/admin/setup/clubs", admin);
    expect(before.html).toContain(`Remove ${lead.name} as a lead of`);
    const res = await postForm(admin, "/admin/setup/clubs", { intent: `unlead:${clubId}:${lead.userId}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Lead removed.");
    expect(await count("SELECT COUNT(*) AS n FROM club_leads WHERE club_id = ?1", clubId)).toBe(0);
    const again = await postForm(admin, "/admin/setup/clubs", { intent: `unlead:${clubId}:${lead.userId}` });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("That student does not lead this club.");
  });

  it("lets the admin give a new club a logo, shown to the college's members", async () => {
    const admin = await campusAdmin();
    const name = `Logo club ${crypto.randomUUID().slice(0, 6)}`;
    const res = await multipart(admin, "/admin/setup/clubs", {
      intent: "add",
      name,
      logo: new File([PNG_BYTES], "logo.png", { type: "image/png" }),
    });
    expect(res.status).toBe(200);
    const club = (await env.DB.prepare("SELECT id, logo_key AS key FROM clubs WHERE name = ?1")
      .bind(name)
      .first<{ id: string; key: string }>())!;
    expect(club.key).toMatch(/^clubs\/logos\//);
    expect(
      (await call(`/api/clubs/${club.id}/logo`, { headers: { Cookie: (await createUser()).cookie } })).status,
    ).toBe(200);
    const rce = await createUser({ email: `r-${crypto.randomUUID()}@riverside.test` });
    expect((await call(`/api/clubs/${club.id}/logo`, { headers: { Cookie: rce.cookie } })).status).toBe(404);
  });
});

describe("a listing's preview", () => {
  it("shows a member of another college only whose listing it is, and anyone else the listing", async () => {
    const seller = await createUser({ name: "Preview Seller" });
    const made = await call("/api/product/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${seller.token}` },
      body: listingForm(seller.name, "Preview drafter"),
    });
    expect(made.status).toBe(201);
    const id = (await made.json<{ product: { _id: string } }>()).product._id;
    const other = await page(`/product/${id}`, await createUser({ email: `r-${crypto.randomUUID()}@riverside.test` }));
    expect(other.status).toBe(404);
    expect(ogOf(other.html, "og:title")).toBe("A listing at CIT");
    expect(other.html).not.toContain("Preview drafter");
    const visitor = await page(`/product/${id}`);
    expect(ogOf(visitor.html, "og:title")).toBe("Preview drafter");
    expect(ogOf(visitor.html, "og:image")).toMatch(/^http:\/\/localhost\/api\/files\/products\//);
  });
});
