// Roommate Finder: a hosteller's listing (one each), the listings of their campus with filters, and
// the WhatsApp link a listing shows.
import { visible } from "#server/services/moderation/reports.ts";
import { z } from "zod";
import {
  all,
  batch,
  first,
  insert,
  returning,
  run,
  select,
  type Sql,
  sql,
  textOrNull,
  update,
} from "#server/db/sql.ts";
import { campuses, hostelBlocks, roommateListings, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { badgeOf, requireMayAct } from "#server/services/campus.ts";
import { mayContact } from "#common/membership.ts";
import { blankToUndefined, type Block, blocksQuery, requireBlock } from "#server/services/hostel/common.ts";
import { CLEANLINESS, ROOM_TYPES, SLEEP_SCHEDULES, STUDY_HABITS } from "#common/hostel-labels.ts";
import { HOSTEL_WRITES } from "#common/hostel-messages.ts";

export const MAX_BUDGET_RUPEES = 100_000;
const LIST_LIMIT = 100;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `Choose ${what}: ${values.join(", ")}.` });

/** A 10-digit Indian mobile number; a leading 0, +91 or 91 is accepted and dropped. */
export function normaliseWhatsapp(value: string): string | null {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

export function whatsappLink(digits: string): string {
  return `https://wa.me/91${digits}`;
}

/** `POST` and `PUT /api/hostel/roommates` and the roommate screen's listing form. */
export const listingSchema = z
  .object({
    about: userText({
      name: "About me",
      min: 20,
      max: 600,
      multiline: true,
      missing: "Write a few lines about yourself.",
      tooShort: "Write at least 20 characters about yourself.",
      tooLong: 'Keep "about me" under 600 characters.',
    }),
    preferredBlock: z.preprocess(
      blankToUndefined,
      z.string().trim().max(8, "Choose one of the hostel blocks, or any block.").optional(),
    ),
    roomType: oneOf(ROOM_TYPES, "a room type"),
    budget: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: "Enter your monthly budget in rupees." })
        .int("Enter the budget in whole rupees.")
        .min(0, "The budget cannot be negative.")
        .max(MAX_BUDGET_RUPEES, `The budget can be at most ₹${MAX_BUDGET_RUPEES.toLocaleString("en-IN")} a month.`),
    ),
    sleepSchedule: oneOf(SLEEP_SCHEDULES, "a sleep schedule"),
    studyHabits: oneOf(STUDY_HABITS, "your study habits"),
    cleanliness: oneOf(CLEANLINESS, "a cleanliness level"),
    whatsapp: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(20, "Enter a 10-digit mobile number.")
        .transform((v, ctx) => {
          const digits = normaliseWhatsapp(v);
          if (!digits) {
            ctx.addIssue({ code: "custom", message: "Enter a 10-digit Indian mobile number for WhatsApp." });
            return z.NEVER;
          }
          return digits;
        })
        .optional(),
    ),
    email: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, "That e-mail address is too long.")
        .pipe(z.email("Enter a valid e-mail address."))
        .optional(),
    ),
  })
  .refine((v) => v.whatsapp !== undefined || v.email !== undefined, {
    message: "Give a WhatsApp number or an e-mail address so others can reach you.",
    path: ["whatsapp"],
  });
export type ListingInput = z.output<typeof listingSchema>;

export const listingQuerySchema = z.object({
  block: z.preprocess(blankToUndefined, z.string().trim().max(8, "block must be a hostel block code.").optional()),
  roomType: z.preprocess(blankToUndefined, oneOf(ROOM_TYPES, "a room type").optional()),
  sleepSchedule: z.preprocess(blankToUndefined, oneOf(SLEEP_SCHEDULES, "a sleep schedule").optional()),
  studyHabits: z.preprocess(blankToUndefined, oneOf(STUDY_HABITS, "study habits").optional()),
  cleanliness: z.preprocess(blankToUndefined, oneOf(CLEANLINESS, "a cleanliness level").optional()),
  maxBudget: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "maxBudget must be a number of rupees." })
      .int("maxBudget must be whole rupees.")
      .min(0, "maxBudget cannot be negative.")
      .optional(),
  ),
});
export type ListingQuery = z.output<typeof listingQuerySchema>;

export interface ListingView {
  id: string;
  name: string;
  about: string;
  preferredBlock: string | null;
  preferredBlockName: string | null;
  roomType: (typeof ROOM_TYPES)[number];
  budgetPaise: number;
  sleepSchedule: (typeof SLEEP_SCHEDULES)[number];
  studyHabits: (typeof STUDY_HABITS)[number];
  cleanliness: (typeof CLEANLINESS)[number];
  /** The contacts are null when hidden from the viewer (contactHidden): only verified members of the listing's campus see them. */
  whatsapp: string | null;
  whatsappLink: string | null;
  email: string | null;
  contactHidden: boolean;
  /** "Verified CIT student" when the poster has proven their college address, else null. */
  badge: string | null;
  mine: boolean;
  updatedAt: number;
  /** Why a moderator hid it (only its owner and staff still see it); null when shown to all. */
  hiddenReason: string | null;
}

const [l, u, c, pb] = [roommateListings.as("l"), users.as("u"), campuses.as("c"), hostelBlocks.as("pb")];

/** The listings (`l`, with their poster `u`, campus `c` and preferred block `pb`) that `rest` (WHERE ...) picks. */
function selectListings(rest: Sql) {
  return select(
    {
      id: l.id,
      userId: l.user_id,
      name: u.name,
      about: l.about,
      preferredBlock: l.preferred_block,
      preferredBlockName: textOrNull(sql`${pb.name}`),
      roomType: l.room_type,
      budgetPaise: l.budget_paise,
      sleepSchedule: l.sleep_schedule,
      studyHabits: l.study_habits,
      cleanliness: l.cleanliness,
      whatsapp: l.whatsapp,
      email: l.email,
      updatedAt: l.updated_at,
      campusId: l.campus_id,
      hiddenAt: l.hidden_at,
      hiddenReason: l.hidden_reason,
      // The badge, read in the same query: the poster's proof and their campus's short name.
      posterVerifiedAt: u.email_verified_at,
      campusShortName: c.short_name,
      campusIsOpen: c.is_open,
    },
    sql`FROM ${l} JOIN ${u} ON ${u.id} = ${l.user_id} JOIN ${c} ON ${c.id} = ${l.campus_id}
      LEFT JOIN ${pb} ON ${pb.id} = ${l.preferred_block} ${rest}`,
  );
}

type Row = NonNullable<ReturnType<typeof selectListings>["row"]>;

function toView(
  {
    userId,
    campusId,
    posterVerifiedAt,
    campusShortName,
    campusIsOpen,
    whatsapp,
    email,
    hiddenAt,
    hiddenReason,
    ...row
  }: Row,
  viewer: SessionUser,
): ListingView {
  const mine = userId === viewer.id;
  const shown = mine || mayContact(viewer, campusId);
  return {
    ...row,
    whatsapp: shown ? whatsapp : null,
    whatsappLink: shown && whatsapp ? whatsappLink(whatsapp) : null,
    email: shown ? email : null,
    contactHidden: !shown,
    badge: badgeOf(posterVerifiedAt !== null, campusIsOpen === 1, campusShortName),
    mine,
    hiddenReason: hiddenAt !== null ? (hiddenReason ?? "Hidden by a moderator.") : null,
  };
}

/** Only listings of the student's own campus exist for them. */
const ofCampus = (user: SessionUser) => sql`${l.campus_id} = ${user.campusId}`;

function listingsQuery(user: SessionUser, query: ListingQuery) {
  const where: Sql[] = [
    ofCampus(user),
    sql`${l.user_id} <> ${user.id}`,
    visible(l.hidden_at, l.user_id, l.campus_id, user.id),
  ];
  // "Any" on a listing matches every filter value: that student is open to it.
  if (query.block) where.push(sql`(${l.preferred_block} = ${query.block} OR ${l.preferred_block} IS NULL)`);
  if (query.roomType && query.roomType !== "any")
    where.push(sql`(${l.room_type} = ${query.roomType} OR ${l.room_type} = 'any')`);
  if (query.sleepSchedule) where.push(sql`${l.sleep_schedule} = ${query.sleepSchedule}`);
  if (query.studyHabits) where.push(sql`${l.study_habits} = ${query.studyHabits}`);
  if (query.cleanliness) where.push(sql`${l.cleanliness} = ${query.cleanliness}`);
  if (query.maxBudget !== undefined) where.push(sql`${l.budget_paise} <= ${query.maxBudget * 100}`);
  return selectListings(sql`WHERE ${sql.join(where, " AND ")} ORDER BY ${l.updated_at} DESC LIMIT ${LIST_LIMIT}`);
}

const myListingQuery = (user: SessionUser) =>
  selectListings(sql`WHERE ${l.user_id} = ${user.id} AND ${ofCampus(user)} LIMIT 1`);

/** Other students' listings of the student's campus, newest first, with the filters a student would reach for. */
export async function listListings(env: Env, user: SessionUser, query: ListingQuery): Promise<ListingView[]> {
  const rows = await all(env, listingsQuery(user, query));
  return rows.map((row) => toView(row, user));
}

export async function myListing(env: Env, user: SessionUser): Promise<ListingView | null> {
  const row = await first(env, myListingQuery(user));
  return row ? toView(row, user) : null;
}

/** The roommate screen's read: the campus's blocks, the listings and the student's own, in ONE D1 round trip. */
export async function readRoommates(
  env: Env,
  user: SessionUser,
  query: ListingQuery,
): Promise<{ blocks: Block[]; listings: ListingView[]; mine: ListingView | null }> {
  const [blocks, rows, own] = await batch(env, [
    blocksQuery(user.campusId),
    listingsQuery(user, query),
    myListingQuery(user),
  ]);
  const mine = own.rows[0];
  return {
    blocks: blocks.rows,
    listings: rows.rows.map((row) => toView(row, user)),
    mine: mine ? toView(mine, user) : null,
  };
}

/** A listing as its row stores it; a preferred block is one of the poster's own campus's blocks. */
async function listingValues(env: Env, user: SessionUser, parsed: ListingInput) {
  const preferredBlock =
    parsed.preferredBlock && parsed.preferredBlock !== "any"
      ? (await requireBlock(env, user.campusId, parsed.preferredBlock, "preferredBlock")).id
      : null;
  return {
    about: parsed.about,
    preferred_block: preferredBlock,
    room_type: parsed.roomType,
    budget_paise: parsed.budget * 100,
    sleep_schedule: parsed.sleepSchedule,
    study_habits: parsed.studyHabits,
    cleanliness: parsed.cleanliness,
    whatsapp: parsed.whatsapp ?? null,
    email: parsed.email ?? null,
  };
}

/**
 * Posts the student's one listing. A repeat of the same submission (same key) answers the listing
 * it made; any other second post is a 409.
 */
export async function createListing(
  env: Env,
  user: SessionUser,
  input: ListingInput,
  submissionKey: string | null = null,
): Promise<ListingView> {
  requireMayAct(user, HOSTEL_WRITES.postListing);
  const values = await listingValues(env, user, input);
  const now = Date.now();
  // The UNIQUE index on user_id keeps one listing per student, even for two simultaneous posts.
  const created = await first(
    env,
    returning(
      insert(
        roommateListings,
        {
          id: crypto.randomUUID(),
          user_id: user.id,
          campus_id: user.campusId,
          ...values,
          submission_key: submissionKey,
          created_at: now,
          updated_at: now,
        },
        sql`ON CONFLICT (user_id) DO NOTHING`,
      ),
      { id: roommateListings.id },
    ),
  );
  if (!created) {
    const existing = submissionKey
      ? await first(env, select({ key: l.submission_key }, sql`FROM ${l} WHERE ${l.user_id} = ${user.id} LIMIT 1`))
      : null;
    if (!existing || existing.key !== submissionKey)
      throw new ApiError(409, "You already have a listing. Edit it instead.");
  }
  const listing = await myListing(env, user);
  if (!listing) throw new Error("listing vanished after insert");
  return listing;
}

async function ownListing(env: Env, user: SessionUser, id: string) {
  const row = await first(
    env,
    select({ userId: l.user_id }, sql`FROM ${l} WHERE ${l.id} = ${id} AND ${ofCampus(user)} LIMIT 1`),
  );
  if (!row) throw new ApiError(404, "There is no listing with that id.");
  if (row.userId !== user.id) throw new ApiError(403, "You can change only your own listing.");
}

export async function updateListing(
  env: Env,
  user: SessionUser,
  id: string,
  input: ListingInput,
): Promise<ListingView> {
  requireMayAct(user, HOSTEL_WRITES.updateListing);
  await ownListing(env, user, id);
  const values = await listingValues(env, user, input);
  // The change and the listing as it now reads, in one round trip.
  const [updated, own] = await batch(env, [
    returning(
      update(roommateListings, { ...values, updated_at: Date.now() }, sql`WHERE id = ${id} AND user_id = ${user.id}`),
      { id: roommateListings.id },
    ),
    myListingQuery(user),
  ]);
  const row = own.rows[0];
  if (updated.rows.length === 0 || !row) throw new ApiError(404, "There is no listing with that id.");
  return toView(row, user);
}

export async function deleteListing(env: Env, user: SessionUser, id: string): Promise<void> {
  await ownListing(env, user, id);
  await run(env, sql`DELETE FROM ${roommateListings} WHERE id = ${id} AND user_id = ${user.id}`);
}
