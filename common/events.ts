// Events and clubs as the screens and the Worker both name them (docs/decisions/0130-the-waiting-list.md,
// docs/decisions/0131-sharing-without-leaking.md): the categories' labels, the limits the forms and
// the use-cases share, the shapes both doors send, and every sentence, written once (decision 0103).
import type { EVENT_ATTENDEES_STATE, EVENTS_STATUS } from "#common/enums.generated.ts";
import { EVENTS_CATEGORY } from "#common/enums.generated.ts";
import { formatIndiaWeekdayDateTime } from "#common/format.ts";
import { clock, indiaDate, indiaMinutes, IST_OFFSET_MS } from "#common/india-time.ts";

export type EventCategory = (typeof EVENTS_CATEGORY)[number];
export type EventStatus = (typeof EVENTS_STATUS)[number];
export type AttendeeState = (typeof EVENT_ATTENDEES_STATE)[number];

export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  technical: "Technical",
  cultural: "Cultural",
  sports: "Sports",
  talk: "Talk",
  workshop: "Workshop",
  other: "Other",
};

export const EVENT_LIMITS = {
  title: 100,
  description: 2000,
  place: 100,
  clubName: 60,
  clubDescription: 300,
  capacity: 100000,
} as const;

/** How long before an event its reminder goes. */
export const EVENT_REMINDER_LEAD_MS = 60 * 60 * 1000;

/** An event as both doors show it to a member of its college (or a visitor, when it is open to them). */
export interface EventView {
  id: string;
  title: string;
  description: string;
  category: EventCategory;
  startsAt: number;
  endsAt: number;
  /** The meet-up place's name, or the place in words; "" when none was given. */
  place: string;
  placeId: string | null;
  placeText: string;
  hasPoster: boolean;
  capacity: number | null;
  signupClosesAt: number | null;
  openToVisitors: boolean;
  status: EventStatus;
  club: { id: string; name: string } | null;
  going: number;
  waiting: number;
  /** The reader's place: going, waiting (with their place in the line, 1 = next), or none. */
  mine: { state: AttendeeState; line: number | null } | null;
  /** The reader may edit or cancel it (a lead of its club, or the campus admin). */
  mayEdit: boolean;
}

export interface ClubView {
  id: string;
  name: string;
  description: string;
  hasLogo: boolean;
  followers: number;
  following: boolean;
  /** The reader leads it. */
  leading: boolean;
  leads: { userId: string; name: string }[];
}

/** "YYYY-MM-DDTHH:MM" in India time (a datetime-local field) to an instant; null for anything else. */
export function instantOfIndiaLocal(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  const day = Date.parse(`${match[1]}T00:00:00Z`);
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== match[1]) return null;
  return day - IST_OFFSET_MS + (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** An instant as a datetime-local field's value in India time. */
export function indiaLocalOf(ms: number): string {
  return `${indiaDate(ms)}T${clock(indiaMinutes(ms))}`;
}

/** "Fri, 4 Dec 2026, 5:00 pm" (India time). */
export const eventWhen = (ms: number) => formatIndiaWeekdayDateTime(ms);

/** Is the event full for a newcomer (a capacity, all places taken)? */
export const isFull = (event: Pick<EventView, "capacity" | "going">) =>
  event.capacity !== null && event.going >= event.capacity;

export const EVENT_MESSAGES = {
  // Reading
  noSuchEvent: "That event does not exist, or is not at your college.",
  noSuchClub: "That club does not exist, or is not at your college.",
  signInToSee: "Sign in with your college account to see this event.",
  loadFailed: "Failed to load the events. Please try again later.",
  noneYet: "No events here yet.",
  // Publishing
  notLead: "Only a lead of this club or your college's campus admin can publish and change its events.",
  collegeEventAdminOnly: "Only your college's campus admin can publish an event without a club.",
  publishedOk: "Event published.",
  savedOk: "Event saved. Everyone going has been told.",
  cancelledOk: "Event cancelled. Everyone going has been told.",
  alreadyCancelled: "This event is already cancelled.",
  cancelHint: "The event stays on Campus marked cancelled, and everyone going or waiting is told.",
  endsBeforeStart: "The event must end after it starts.",
  startsInPast: "The event must start in the future.",
  closesAfterStart: "Sign-up must close before the event starts.",
  badWhen: "Give a date and time, for example 2026-12-04T17:00.",
  badCategory: `Choose a category: ${EVENTS_CATEGORY.join(", ")}.`,
  badCapacity: `The capacity is a whole number of places from 1 to ${EVENT_LIMITS.capacity}, or empty for no limit.`,
  noSuchPlace: "That meet-up place is not one of your college's.",
  nothingToChange: "Say what to change: a title, a time, a place, a capacity ...",
  tooMany: "You are changing events too fast. Please wait a minute and try again.",
  noPoster: "This event has no poster, or is not shown to you.",
  noLogo: "This club has no logo, or is not at your college.",
  // Going
  goingOk: "You are going. We will remind you an hour before.",
  waitingOk: (line: number) => `The event is full: you are number ${line} on the waiting list.`,
  leftOk: "You are no longer going.",
  leftWaitingOk: "You left the waiting list.",
  notGoing: "You are not going to this event.",
  signupClosed: "Sign-up for this event has closed.",
  eventCancelled: "This event was cancelled.",
  eventOver: "This event has already started.",
  verifyToGo: "say you are going",
  // Clubs
  clubCreated: "Club created.",
  clubRemoved: (name: string) => `${name} removed.`,
  clubHasEvents: "This club has upcoming events: cancel them first, so everyone going is told.",
  clubNameTaken: "Your college already has a club of that name.",
  adminOnlyClubs: "Only your college's campus admin can create clubs and name their leads.",
  followOk: "You follow this club: its new events reach you.",
  unfollowOk: "You no longer follow this club.",
  verifyToFollow: "follow a club",
  leadNamed: (name: string) => `${name} now leads this club.`,
  leadRemoved: "Lead removed.",
  noSuchStudent: "No verified student of your college has that e-mail address.",
  leadNotVerified: "That student has not verified their college e-mail yet, so they cannot lead a club.",
  notALead: "That student does not lead this club.",
  // Reminders
  remindersOn: "Event reminders are on: Campus tells you an hour before each event you are going to.",
  remindersOff: "Event reminders are off.",
} as const;

/** The notices' titles and texts (kinds event.* and club.*, the "events" category). */
export const EVENT_NOTICES = {
  changed: (title: string, when: string, place: string) => ({
    title: `Changed: ${title}`,
    text: `Now ${when}${place ? ` at ${place}` : ""}. Open the event to see what changed.`,
  }),
  cancelled: (title: string) => ({
    title: `Cancelled: ${title}`,
    text: "This event you were going to has been cancelled.",
  }),
  movedUp: (title: string) => ({
    title: `You are going: ${title}`,
    text: "A place opened and you were next on the waiting list.",
  }),
  reminder: (title: string, when: string, place: string) => ({
    title: `In an hour: ${title}`,
    text: `Starts ${when}${place ? ` at ${place}` : ""}.`,
  }),
  newEvent: (club: string, title: string, when: string) => ({
    title: `${club}: ${title}`,
    text: `A new event, ${when}.`,
  }),
  lead: (club: string) => ({
    title: "Club lead",
    text: `You now lead ${club}: you can publish its events.`,
  }),
  leadRemoved: (club: string) => ({
    title: "Club lead",
    text: `You no longer lead ${club}. The events you published stay with the club.`,
  }),
} as const;
