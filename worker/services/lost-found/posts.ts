import { z } from "zod";
import { indiaDate, isCalendarDate } from "#common/india-time.ts";
import {
  LF,
  LF_CATEGORIES,
  LF_MAX_OPEN,
  LF_MAX_PHOTOS,
  LF_OPEN_MS,
  LF_POST_WHAT,
  LF_RENEW_WINDOW_MS,
  LF_SIDES,
  LF_TIMES,
  type LfCategory,
  type LfSide,
  type LfStatus,
  type LfTime,
} from "#common/lost-found.ts";
import {
  all,
  batch,
  batchThenRead,
  first,
  insertWhere,
  int,
  returning,
  type Sql,
  select,
  sql,
  textOrNull,
  update,
} from "#server/db/sql.ts";
import { lostFoundPosts, meetupPlaces, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { type CheckedPhoto, checkPhotos } from "#server/services/market/photos.ts";
import {
  type Candidate,
  type Comparable,
  MATCH_CANDIDATES,
  MATCH_DAYS,
  matchStatements,
  matchWindow,
  scorePair,
  termsOf,
} from "#server/services/lost-found/matching.ts";

// Lost & found posts (docs/decisions/0128-lost-found-matching.md, 0129-lost-found-owners-proof.md):
// a member's lost or found item on their college. Every read and write is of the member's own
// campus: another college's post is a 404. What only the finder sees (the held-back answer, a found
// ID card's name and photos) is left out of every view of anyone else here, in one place (toView).

export const LF_IMAGE_PREFIX = "lostfound/";
/** How far back a post's day may be. */
const MAX_DAYS_BACK = 90;

type Member = Pick<SessionUser, "id" | "campusId">;

/** A stored photo, as a listing's (migrations/0021_photos_expiry.sql). */
interface StoredPhoto {
  key: string;
  type: string;
  w: number;
  h: number;
  thumb: string | null;
}

export interface LfPostView {
  id: string;
  side: LfSide;
  category: LfCategory;
  title: string;
  description: string;
  placeId: string | null;
  placeName: string | null;
  placeText: string | null;
  happenedOn: string;
  timeOfDay: LfTime;
  question: string | null;
  /** How many photos this viewer may see (`/api/lost-found/:id/photos/:n`, n from 0). */
  photoCount: number;
  status: LfStatus;
  createdAt: number;
  expiresAt: number;
  posterName: string;
  mine: boolean;
  hidden: boolean;
  /** The finder's own: the held-back detail and a found ID card's name; null for anyone else. */
  answer: string | null;
  cardName: string | null;
}

const isNoFile = (value: unknown) => value instanceof File && value.size === 0 && value.name === "";

/** A post's photos: every `image` field in order, none to LF_MAX_PHOTOS (checked by their bytes in the use-case). */
const photoFiles = z
  .array(z.unknown())
  .default([])
  .transform((values, ctx): File[] => {
    const files = values.filter((value) => !isNoFile(value));
    if (files.length > LF_MAX_PHOTOS) {
      ctx.addIssue({
        code: "custom",
        message: `A post can have at most ${LF_MAX_PHOTOS} photos: you sent ${files.length}.`,
      });
      return z.NEVER;
    }
    if (files.some((file) => !(file instanceof File) || file.size === 0)) {
      ctx.addIssue({ code: "custom", message: "Each photo must be an image file." });
      return z.NEVER;
    }
    return files as File[];
  });

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const placeIdRule = z.preprocess(
  blankToUndefined,
  z.string({ error: LF.noPlace }).trim().max(64, LF.noPlace).optional(),
);

const dayRule = z.string({ error: "Give the day as YYYY-MM-DD." }).transform((value, ctx) => {
  const day = value.trim();
  const today = indiaDate(Date.now());
  if (!isCalendarDate(day)) {
    ctx.addIssue({ code: "custom", message: "Give the day as YYYY-MM-DD." });
    return z.NEVER;
  }
  if (day > today) {
    ctx.addIssue({ code: "custom", message: "The day cannot be in the future." });
    return z.NEVER;
  }
  if (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`) > MAX_DAYS_BACK * 86_400_000) {
    ctx.addIssue({ code: "custom", message: `The day can be at most ${MAX_DAYS_BACK} days ago.` });
    return z.NEVER;
  }
  return day;
});

const textFields = {
  title: userText({ name: "The title", max: 100, missing: "Give a short title, for example: Black Redmi phone." }),
  description: userText({ name: "The description", max: 1000, multiline: true, missing: "Describe the item." }),
  question: optionalUserText({ name: "The question", max: 200 }).optional(),
  answer: optionalUserText({ name: "The detail you hold back", max: 200 }).optional(),
};

/** A new post as both doors receive it (`POST /api/lost-found` multipart, and /lost-found/new). */
export const lfPostSchema = z
  .object(
    {
      side: z.enum(LF_SIDES, { error: "Choose lost or found." }),
      category: z.enum(LF_CATEGORIES, { error: `Choose a category: ${LF_CATEGORIES.join(", ")}.` }),
      ...textFields,
      placeId: placeIdRule,
      placeText: optionalUserText({ name: "Where", max: 120 }).optional(),
      happenedOn: dayRule,
      timeOfDay: z.enum(LF_TIMES, { error: `Choose roughly when: ${LF_TIMES.join(", ")}.` }),
      cardName: optionalUserText({ name: "The name or e-mail on the card", max: 120 }).optional(),
      image: photoFiles,
      thumb: z.array(z.union([z.instanceof(File), z.string()])).default([]),
    },
    { error: "Send the post as a form." },
  )
  .superRefine((post, ctx) => {
    if (!post.placeId && !post.placeText)
      ctx.addIssue({ code: "custom", path: ["placeText"], message: LF.placeRequired });
    if (post.answer && !post.question)
      ctx.addIssue({ code: "custom", path: ["question"], message: LF.answerNeedsQuestion });
    if (post.side === "lost" && (post.question || post.answer))
      ctx.addIssue({
        code: "custom",
        path: ["question"],
        message: "A question for the owner is asked only on a found item.",
      });
    if (post.cardName && !(post.side === "found" && post.category === "id_card"))
      ctx.addIssue({ code: "custom", path: ["cardName"], message: LF.cardNameOnlyCards });
  });
export type LfPostInput = z.output<typeof lfPostSchema>;

/** `PATCH /api/lost-found/:id` and the post page's forms: fields to change, or a renewal. */
export const lfPatchSchema = z
  .object(
    {
      title: textFields.title.optional(),
      description: textFields.description.optional(),
      question: textFields.question,
      answer: textFields.answer,
      renew: z.preprocess(
        (v) => (v === "true" || v === "1" ? true : v),
        z.literal(true, { error: "renew must be true." }).optional(),
      ),
    },
    { error: 'Send the change as a JSON object, for example { "title": "Black phone" } or { "renew": true }.' },
  )
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    "Send at least one of title, description, question, answer or renew.",
  );
export type LfPatch = z.output<typeof lfPatchSchema>;

export const lfIdSchema = z.uuid(LF.noPost);

/** The list's filters (`GET /api/lost-found`, /lost-found's tabs and chips). */
export const lfListQuerySchema = z.object({
  side: z.preprocess(blankToUndefined, z.enum(LF_SIDES, { error: "side must be lost or found." }).optional()),
  category: z.preprocess(
    blankToUndefined,
    z.enum(LF_CATEGORIES, { error: `category must be one of ${LF_CATEGORIES.join(", ")}.` }).optional(),
  ),
  place: z.preprocess(blankToUndefined, z.string().max(64, LF.noPlace).optional()),
});
export type LfListQuery = z.output<typeof lfListQuerySchema>;

const p = lostFoundPosts.as("p");
const mp = meetupPlaces.as("mp");
const pu = users.as("pu");

/** The viewer moderates the post's campus (moderator or campus admin). */
const moderates = (viewerId: string) =>
  sql`EXISTS (SELECT 1 FROM staff_roles sr WHERE sr.user_id = ${viewerId} AND sr.campus_id = ${p.campus_id} AND sr.role IN ('moderator', 'admin'))`;

const postColumns = (viewerId: string) => ({
  id: p.id,
  userId: p.user_id,
  side: p.side,
  category: p.category,
  title: p.title,
  description: p.description,
  placeId: p.place_id,
  placeName: textOrNull(sql`${mp.name}`),
  placeText: p.place_text,
  happenedOn: p.happened_on,
  timeOfDay: p.time_of_day,
  question: p.question,
  answer: p.answer,
  cardName: p.card_name,
  photos: p.photos,
  status: p.status,
  createdAt: p.created_at,
  expiresAt: p.expires_at,
  hiddenAt: p.hidden_at,
  posterName: pu.name,
  moderator: int(sql`${moderates(viewerId)}`),
});
type PostRow = {
  [K in keyof ReturnType<typeof postColumns>]: ReturnType<typeof postColumns>[K] extends { type?: infer T } ? T : never;
};
const postFrom = sql`FROM ${p} JOIN ${pu} ON ${pu.id} = ${p.user_id} LEFT JOIN ${mp} ON ${mp.id} = ${p.place_id}`;

/** Hidden content: seen by its poster and the campus's moderators only. */
const visibleTo = (viewerId: string) =>
  sql`(${p.hidden_at} IS NULL OR ${p.user_id} = ${viewerId} OR ${moderates(viewerId)})`;

/** May this viewer see the post's photos? A found ID card's only its finder and moderators (decision 0129). */
export function seesPhotos(
  row: { side: LfSide; category: LfCategory; userId: string; moderator: number },
  viewerId: string,
) {
  return !(row.side === "found" && row.category === "id_card") || row.userId === viewerId || row.moderator === 1;
}

function photosOf(json: string): StoredPhoto[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as StoredPhoto[]) : [];
}

/** The one view of a post: the finder's own details only to the finder. */
export function toView(row: PostRow, viewerId: string): LfPostView {
  const mine = row.userId === viewerId;
  return {
    id: row.id,
    side: row.side,
    category: row.category,
    title: row.title,
    description: row.description,
    placeId: row.placeId,
    placeName: row.placeName,
    placeText: row.placeText,
    happenedOn: row.happenedOn,
    timeOfDay: row.timeOfDay,
    question: row.question,
    photoCount: seesPhotos(row, viewerId) ? photosOf(row.photos).length : 0,
    status: row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    posterName: row.posterName,
    mine,
    hidden: row.hiddenAt !== null,
    answer: mine ? row.answer : null,
    cardName: mine ? row.cardName : null,
  };
}

/** The read of one post of the viewer's campus they may see (hidden: its poster and moderators only). */
export function postQuery(viewer: Member, id: string) {
  return select(
    postColumns(viewer.id),
    sql`${postFrom} WHERE ${p.id} = ${id} AND ${p.campus_id} = ${viewer.campusId} AND ${visibleTo(viewer.id)}`,
  );
}

/** The open posts of the member's campus, newest first, filtered (`GET /api/lost-found`, /lost-found). */
export function listQuery(viewer: Member, filters: LfListQuery, now: number) {
  const where: Sql[] = [
    sql`${p.campus_id} = ${viewer.campusId}`,
    sql`${p.status} = 'open'`,
    sql`${p.expires_at} > ${now}`,
    visibleTo(viewer.id),
  ];
  if (filters.side) where.push(sql`${p.side} = ${filters.side}`);
  if (filters.category) where.push(sql`${p.category} = ${filters.category}`);
  if (filters.place) where.push(sql`${p.place_id} = ${filters.place}`);
  return select(
    postColumns(viewer.id),
    sql`${postFrom} WHERE ${sql.join(where, " AND ")} ORDER BY ${p.created_at} DESC LIMIT ${60}`,
  );
}

export async function listPosts(
  env: Env,
  viewer: Member,
  filters: LfListQuery,
  now = Date.now(),
): Promise<LfPostView[]> {
  return (await all(env, listQuery(viewer, filters, now))).map((row) => toView(row, viewer.id));
}

/** The member's own posts, newest first, any state. */
export function minePostsQuery(viewer: Member) {
  return select(
    postColumns(viewer.id),
    sql`${postFrom} WHERE ${p.user_id} = ${viewer.id} ORDER BY ${p.created_at} DESC LIMIT ${100}`,
  );
}

export async function readPostOrThrow(env: Env, viewer: Member, id: string): Promise<LfPostView> {
  const row = await first(env, postQuery(viewer, id));
  if (!row) throw new ApiError(404, LF.noPost);
  return toView(row, viewer.id);
}

/** Open (not expired) posts of a member, as the cap counts them. */
const openCount = (userId: string, now: number) =>
  sql`(SELECT COUNT(*) FROM lost_found_posts WHERE user_id = ${userId} AND status = 'open' AND expires_at > ${now})`;

const activePlace = (placeId: string, campusId: string) =>
  sql`EXISTS (SELECT 1 FROM meetup_places WHERE id = ${placeId} AND campus_id = ${campusId} AND retired_at IS NULL)`;

const c = lostFoundPosts.as("c");
const candidateColumns = {
  id: c.id,
  userId: c.user_id,
  category: c.category,
  placeId: c.place_id,
  placeText: c.place_text,
  happenedOn: c.happened_on,
  terms: c.terms,
};
type CandidateRow = {
  [K in keyof typeof candidateColumns]: (typeof candidateColumns)[K] extends { type?: infer T } ? T : never;
};

/**
 * An edited post's candidates, as a new post's (decision 0128), read beside the edit: the other side's
 * open posts of its college and category within MATCH_DAYS of its day, the newest MATCH_CANDIDATES.
 * Its side, category and day are the stored row's (an edit does not change them).
 */
function candidatesOf(member: Member, id: string, now: number) {
  const me = lostFoundPosts.as("me");
  return select(
    candidateColumns,
    sql`FROM ${me} JOIN ${c} ON ${c.campus_id} = ${me.campus_id} AND ${c.status} = 'open'
        AND ${c.side} = (CASE ${me.side} WHEN 'lost' THEN 'found' ELSE 'lost' END) AND ${c.category} = ${me.category}
      WHERE ${me.id} = ${id} AND ${me.user_id} = ${member.id} AND ${me.campus_id} = ${member.campusId}
        AND ${c.expires_at} > ${now} AND ${c.hidden_at} IS NULL AND ${c.user_id} <> ${member.id}
        AND ${c.happened_on} BETWEEN date(${me.happened_on}, ${`-${MATCH_DAYS} days`}) AND date(${me.happened_on}, ${`+${MATCH_DAYS} days`})
      ORDER BY ${c.created_at} DESC LIMIT ${MATCH_CANDIDATES}`,
  );
}

/** The likely matches among a post's candidates, scored on its words `terms`. */
function scoreCandidates(
  post: Omit<Comparable, "terms">,
  terms: readonly string[],
  rows: readonly CandidateRow[],
): { candidate: Candidate; score: number }[] {
  return rows.flatMap((row) => {
    const candidate: Candidate = { ...row, terms: JSON.parse(row.terms) as string[] };
    const score = scorePair({ ...post, terms }, candidate);
    return score === null ? [] : [{ candidate, score }];
  });
}

/**
 * Post a lost or found item (`POST /api/lost-found`, /lost-found/new): a verified member's, at most
 * LF_MAX_OPEN open (counted inside the INSERT), rate limited as every post. Its photos are checked by
 * their bytes and stored first (removed again when the post is refused); the post, its likely
 * matches and their notices, and a found ID card's notice to the member it names are one batch.
 */
export async function createPost(
  env: Env,
  member: SessionUser,
  input: LfPostInput,
  now = Date.now(),
): Promise<LfPostView> {
  requireMayAct(member, LF_POST_WHAT);
  const photos = await checkPhotos(input.image, input.thumb);
  const terms = termsOf(`${input.title} ${input.description}`);
  const other: LfSide = input.side === "lost" ? "found" : "lost";
  const window = matchWindow(input.happenedOn);
  const [place, count, candidates] = await batch(env, [
    select(
      { ok: int(sql`1`) },
      sql`FROM ${mp} WHERE ${mp.id} = ${input.placeId ?? ""} AND ${mp.campus_id} = ${member.campusId} AND ${mp.retired_at} IS NULL`,
    ),
    select({ n: int(openCount(member.id, now)) }, sql``),
    select(
      candidateColumns,
      sql`FROM ${c} WHERE ${c.campus_id} = ${member.campusId} AND ${c.status} = 'open' AND ${c.side} = ${other}
        AND ${c.category} = ${input.category} AND ${c.expires_at} > ${now} AND ${c.hidden_at} IS NULL
        AND ${c.user_id} <> ${member.id} AND ${c.happened_on} BETWEEN ${window.from} AND ${window.to}
        ORDER BY ${c.created_at} DESC LIMIT ${MATCH_CANDIDATES}`,
    ),
  ]);
  if (input.placeId && place.rows.length === 0) throw new ApiError(400, LF.noPlace, { field: "placeId" });
  if ((count.rows[0]?.n ?? 0) >= LF_MAX_OPEN) throw new ApiError(409, LF.tooMany);
  await limitPosting(env, member.id);

  const id = crypto.randomUUID();
  const stored = await storePhotos(env, id, photos);
  const mine = {
    category: input.category,
    placeId: input.placeId ?? null,
    placeText: input.placeText ?? null,
    happenedOn: input.happenedOn,
  };
  const matches = scoreCandidates(mine, terms, candidates.rows);
  const guard = sql`${openCount(member.id, now)} < ${LF_MAX_OPEN}${input.placeId ? sql` AND ${activePlace(input.placeId, member.campusId)}` : sql``}`;
  const statements: Sql[] = [
    insertWhere(
      lostFoundPosts,
      {
        id,
        campus_id: member.campusId,
        user_id: member.id,
        side: input.side,
        category: input.category,
        title: input.title,
        description: input.description,
        place_id: input.placeId ?? null,
        place_text: input.placeId ? null : (input.placeText ?? null),
        happened_on: input.happenedOn,
        time_of_day: input.timeOfDay,
        question: input.question ?? null,
        answer: input.answer ?? null,
        card_name: input.cardName ?? null,
        photos: JSON.stringify(stored),
        terms: JSON.stringify(terms),
        status: "open",
        created_at: now,
        updated_at: now,
        expires_at: now + LF_OPEN_MS,
      },
      guard,
    ),
    ...matchStatements({ id, userId: member.id, side: input.side }, matches, now),
  ];
  if (input.cardName) statements.push(cardNotice(id, member, input.cardName, now));
  let inserted = false;
  try {
    const [written] = await batch(env, statements);
    inserted = written?.changes === 1;
  } finally {
    if (!inserted) await removePhotos(env, stored);
  }
  if (!inserted) throw new ApiError(409, LF.tooMany);
  return readPostOrThrow(env, member, id);
}

/**
 * A found ID card names a member of the college (their name or e-mail as the finder typed it,
 * compared without case): they are told privately, once (decision 0129). At most 3 members of one
 * name are told; the finder is never told about their own card.
 */
function cardNotice(postId: string, finder: Member, cardName: string, now: number): Sql {
  const typed = cardName.normalize("NFC").toLowerCase().trim();
  return sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
    SELECT 'lf-card-' || ${postId} || '-' || u.id, u.id, 'lostfound.card', ${LF.cardNotice.title}, ${LF.cardNotice.text},
      ${`/lost-found/${postId}`}, ${now}
    FROM users u WHERE u.campus_id = ${finder.campusId} AND u.deleted_at IS NULL AND u.id <> ${finder.id}
      AND (lower(u.email) = ${typed} OR lower(u.name) = ${typed})
      AND EXISTS (SELECT 1 FROM lost_found_posts WHERE id = ${postId})
    LIMIT 3`;
}

async function storePhotos(env: Env, postId: string, photos: CheckedPhoto[]): Promise<StoredPhoto[]> {
  const key = () => `${LF_IMAGE_PREFIX}${crypto.randomUUID()}`;
  const stored = photos.map((photo) => ({
    key: key(),
    type: photo.type,
    w: photo.width,
    h: photo.height,
    thumb: photo.thumb ? key() : null,
  }));
  const put = (k: string, bytes: Uint8Array, type: string) =>
    env.FILES.put(k, bytes, { httpMetadata: { contentType: type }, customMetadata: { lostFoundId: postId } });
  try {
    await Promise.all(
      photos.flatMap((photo, i) => {
        const s = stored[i]!;
        return [
          put(s.key, photo.bytes, photo.type),
          ...(photo.thumb && s.thumb ? [put(s.thumb, photo.thumb.bytes, photo.thumb.type)] : []),
        ];
      }),
    );
  } catch (error) {
    await removePhotos(env, stored);
    throw error;
  }
  return stored;
}

async function removePhotos(env: Env, stored: readonly StoredPhoto[]): Promise<void> {
  const keys = stored.flatMap((s) => (s.thumb ? [s.key, s.thumb] : [s.key]));
  if (keys.length > 0) await env.FILES.delete(keys).catch(() => undefined);
}

/**
 * One photo of a post (`GET /api/lost-found/:id/photos/:n`): for members of its campus who may see
 * the post, and a found ID card's only for its finder and moderators. Private: never cached by a
 * shared cache.
 */
export async function postPhoto(
  env: Env,
  viewer: Member,
  id: string,
  n: number,
  small: boolean,
): Promise<{ object: R2ObjectBody; cacheControl: string } | null> {
  const row = await first(env, postQuery(viewer, id));
  if (!row || !seesPhotos(row, viewer.id)) return null;
  const photo = photosOf(row.photos)[n];
  if (!photo) return null;
  const object = await env.FILES.get(small && photo.thumb ? photo.thumb : photo.key);
  return object ? { object, cacheControl: "private, max-age=3600" } : null;
}

/**
 * Edit or renew one's post (`PATCH /api/lost-found/:id`, /lost-found/:id/edit). A renewal opens it
 * for LF_OPEN_MS more, once it is in its last 7 days or has expired (one conditional write; an expired
 * post renewed counts towards the open cap again). An edit that changes the words matching reads
 * stores them and matches the post again as a new one is (decision 0128); the notices' ids keep
 * each poster from being told of a pair twice.
 */
export async function updatePost(
  env: Env,
  member: SessionUser,
  id: string,
  patch: LfPatch,
  now = Date.now(),
): Promise<LfPostView> {
  requireMayAct(member, LF_POST_WHAT);
  const own = sql`id = ${id} AND user_id = ${member.id} AND campus_id = ${member.campusId}`;
  if (patch.renew) {
    const row = await first(
      env,
      returning(
        update(
          lostFoundPosts,
          { status: "open", expires_at: now + LF_OPEN_MS, updated_at: now },
          sql`WHERE ${own} AND hidden_at IS NULL AND (status = 'expired' OR (status = 'open' AND expires_at <= ${now + LF_RENEW_WINDOW_MS}))
            AND (status = 'open' AND expires_at > ${now} OR ${openCount(member.id, now)} < ${LF_MAX_OPEN})`,
        ),
        { id: lostFoundPosts.id },
      ),
    );
    if (!row) await explainRefusal(env, member, id, now, true);
  }
  const fields = {
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.question !== undefined && { question: patch.question }),
    ...(patch.answer !== undefined && { answer: patch.answer }),
  };
  if (Object.keys(fields).length > 0) {
    const t = lostFoundPosts;
    const edit = returning(
      update(
        lostFoundPosts,
        { ...fields, updated_at: now },
        sql`WHERE ${own} AND status = 'open'${patch.question !== undefined || patch.answer !== undefined ? sql` AND side = 'found'` : sql``}`,
      ),
      {
        id: t.id,
        side: t.side,
        category: t.category,
        placeId: t.place_id,
        placeText: t.place_text,
        happenedOn: t.happened_on,
        title: t.title,
        description: t.description,
        terms: t.terms,
        hiddenAt: t.hidden_at,
        expiresAt: t.expires_at,
      },
    );
    // Only new words can make a new match (decision 0128): the candidates are read in the edit's
    // own batch, so an edit of the words costs one round trip more than one of the question.
    const words = patch.title !== undefined || patch.description !== undefined;
    const [written, candidates] = words
      ? await batch(env, [edit, candidatesOf(member, id, now)])
      : [{ rows: await all(env, edit) }, { rows: [] }];
    const row = written.rows[0];
    if (!row) return explainRefusal(env, member, id, now, false);
    const terms = termsOf(`${row.title} ${row.description}`);
    if (words && JSON.stringify(terms) !== row.terms) {
      const live = row.hiddenAt === null && row.expiresAt > now;
      const matches = live ? scoreCandidates(row, terms, candidates.rows) : [];
      const rows = await batchThenRead(
        env,
        [
          // Guarded by the text it was computed from: of two edits at once, each writes its own words.
          update(
            lostFoundPosts,
            { terms: JSON.stringify(terms) },
            sql`WHERE id = ${id} AND title = ${row.title} AND description = ${row.description}`,
          ),
          ...matchStatements({ id, userId: member.id, side: row.side }, matches, now),
        ],
        postQuery(member, id),
      );
      if (rows[0]) return toView(rows[0], member.id);
    }
  }
  return readPostOrThrow(env, member, id);
}

async function explainRefusal(env: Env, member: Member, id: string, now: number, renewing: boolean): Promise<never> {
  const row = await first(
    env,
    select(
      {
        userId: lostFoundPosts.user_id,
        status: lostFoundPosts.status,
        side: lostFoundPosts.side,
        expiresAt: lostFoundPosts.expires_at,
        open: int(openCount(member.id, now)),
      },
      sql`FROM ${lostFoundPosts} WHERE id = ${id} AND campus_id = ${member.campusId}`,
    ),
  );
  if (!row) throw new ApiError(404, LF.noPost);
  if (row.userId !== member.id) throw new ApiError(403, LF.notYours);
  if (row.status === "returned") throw new ApiError(409, LF.notOpen);
  if (renewing) {
    if (row.status === "open" && row.expiresAt > now + LF_RENEW_WINDOW_MS) throw new ApiError(409, LF.notDue);
    if (row.open >= LF_MAX_OPEN) throw new ApiError(409, LF.tooMany);
  }
  if (row.side === "lost") throw new ApiError(400, "A question for the owner is asked only on a found item.");
  throw new ApiError(409, LF.notOpen);
}

/** Delete one's post (`DELETE /api/lost-found/:id`): its photos go from storage after the row. */
export async function deletePost(env: Env, member: Member, id: string): Promise<void> {
  const row = await first(
    env,
    returning(
      sql`DELETE FROM lost_found_posts WHERE id = ${id} AND user_id = ${member.id} AND campus_id = ${member.campusId}`,
      {
        photos: lostFoundPosts.photos,
      },
    ),
  );
  if (!row) {
    const there = await first(
      env,
      select(
        { id: lostFoundPosts.id },
        sql`FROM ${lostFoundPosts} WHERE id = ${id} AND campus_id = ${member.campusId} AND hidden_at IS NULL`,
      ),
    );
    throw there ? new ApiError(403, LF.notYours) : new ApiError(404, LF.noPost);
  }
  await removePhotos(env, photosOf(row.photos));
}
