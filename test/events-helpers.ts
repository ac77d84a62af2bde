// What the events and clubs tests share: a club of CIT with a lead, and an event of it.
import { indiaLocalOf } from "#common/events.ts";
import { createUser, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** The CIT campus admin (a fresh one each call). */
export async function campusAdmin(campusId = "cit"): Promise<TestUser> {
  const admin = await createUser({
    name: "Club Admin",
    ...(campusId === "rce" ? { email: `admin-${crypto.randomUUID()}@riverside.test` } : {}),
  });
  await grant(admin, "admin", null, campusId);
  return admin;
}

/** A club of the admin's college with a named lead. */
export async function clubWithLead(
  admin?: TestUser,
): Promise<{ clubId: string; name: string; admin: TestUser; lead: TestUser }> {
  const by = admin ?? (await campusAdmin());
  const name = `Club ${crypto.randomUUID().slice(0, 8)}`;
  const made = await sendJson("POST", "/api/clubs", { name, description: "We make things." }, by.token);
  if (made.status !== 201) throw new Error(`club: ${made.status} ${await made.text()}`);
  const clubId = (await read<{ id: string }>(made)).data.id;
  const lead = await createUser({ name: "Lead Student" });
  const named = await sendJson("POST", `/api/clubs/${clubId}/leads`, { email: lead.email }, by.token);
  if (named.status !== 201) throw new Error(`lead: ${named.status} ${await named.text()}`);
  return { clubId, name, admin: by, lead };
}

export interface EventBody {
  title?: string;
  category?: string;
  startsAt?: string | number;
  endsAt?: string | number;
  capacity?: number | null;
  clubId?: string | null;
  openToVisitors?: boolean;
  placeText?: string;
  description?: string;
  signupClosesAt?: string | number | null;
}

/** An event body starting `inMs` from now (two days ahead by default), two hours long. */
export function eventBody(clubId: string | null, more: EventBody = {}, inMs = 2 * DAY): EventBody {
  const startsAt = Date.now() + inMs;
  return {
    title: "Robot build night",
    category: "technical",
    startsAt: indiaLocalOf(startsAt),
    endsAt: indiaLocalOf(startsAt + 2 * HOUR),
    placeText: "Lab 3",
    clubId,
    ...more,
  };
}

export interface EventData {
  id: string;
  title: string;
  going: number;
  waiting: number;
  capacity: number | null;
  status: string;
  startsAt: number;
  mine: { state: string; line: number | null } | null;
  mayEdit: boolean;
}

/** Publishes an event as `by`; answers its data. */
export async function publish(by: TestUser, body: EventBody): Promise<EventData> {
  const res = await sendJson("POST", "/api/events", body, by.token);
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
  return (await read<EventData>(res)).data;
}

export const going = (user: TestUser, id: string) => sendJson("PUT", `/api/events/${id}/going`, {}, user.token);
export const leaving = (user: TestUser, id: string) => sendJson("DELETE", `/api/events/${id}/going`, {}, user.token);
