import { z } from "zod";
import {
  CATEGORY_IDS,
  MAX_OPEN_WANTED,
  parsePricePaise,
  WANTED,
  WANTED_DAYS,
  type WantedView,
} from "#common/market.ts";

export { MAX_OPEN_WANTED, WANTED, WANTED_DAYS, type WantedView };
import { all, first, insertWhere, returning, run, select, type Sql, sql } from "#server/db/sql.ts";
import { users, wantedPosts } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";

// "Wanted" posts (docs/decisions/0088-saved-and-wanted.md): a student says what they look
// for on their campus's marketplace; when a listing that matches is posted they get a notice, in the
// listing's own write (wantedMatch). Sellers see what is wanted on /wanted.

export const WANTED_MS = WANTED_DAYS * 24 * 60 * 60 * 1000;
/** Words a post matches on (the rest of what was typed is kept, not matched). */
const MAX_TERMS = 8;

/** The words of a post as the matcher reads them: lower-cased, at least 2 characters, each once. */
export function termsOf(words: string): string[] {
  const terms = matchText(words)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * Text as the matcher compares it: NFC, lower-cased by JavaScript. D1's lower() folds only A-Z, so a
 * post's "ÉCOLE" (stored as "école") would never be found in a listing's "École" lower-cased there;
 * the listing's text is lower-cased here too and bound to the match (wantedMatch).
 */
export function matchText(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

const maxPrice = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === "") return null;
  const paise = parsePricePaise(typeof value === "number" ? String(value) : value);
  if (paise === null) {
    ctx.addIssue({ code: "custom", message: "The highest price must be a number of rupees above 0, for example 500." });
    return z.NEVER;
  }
  return paise;
});

export const wantedSchema = z.object(
  {
    words: userText({
      name: "What you want",
      max: 100,
      missing: "Say what you are looking for, for example: Casio calculator.",
    }).refine(
      (words) => termsOf(words).length > 0,
      "Say what you are looking for in at least one word of 2 letters or more.",
    ),
    category: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(CATEGORY_IDS, { error: `Choose a category: ${CATEGORY_IDS.join(", ")}, or none.` }).optional(),
    ),
    maxPrice: maxPrice.optional(),
  },
  { error: 'Send the post as a JSON object, for example { "words": "Casio calculator", "maxPrice": 600 }.' },
);

export type WantedInput = z.output<typeof wantedSchema>;

type Member = Pick<SessionUser, "id" | "campusId">;

/** The wanted board (`GET /api/wanted`, /wanted): the campus's open posts, newest first (the member's own marked), in one query. */
export async function listWanted(env: Env, member: Member, now = Date.now()): Promise<WantedView[]> {
  const w = wantedPosts.as("w");
  const u = users.as("u");
  const rows = await all(
    env,
    select(
      {
        id: w.id,
        words: w.words,
        category: w.category,
        maxPricePaise: w.max_price_paise,
        createdAt: w.created_at,
        expiresAt: w.expires_at,
        userId: w.user_id,
        name: u.name,
      },
      sql`FROM ${w} JOIN ${u} ON ${u.id} = ${w.user_id}
       WHERE ${w.campus_id} = ${member.campusId} AND ${w.expires_at} > ${now}
       ORDER BY ${w.created_at} DESC LIMIT ${200}`,
    ),
  );
  return rows.map(({ userId, category, ...row }) => ({
    ...row,
    // The column has no CHECK: a post's category is one the schema above took.
    category: CATEGORY_IDS.find((id) => id === category) ?? null,
    mine: userId === member.id,
  }));
}

/**
 * Post what one wants (`POST /api/wanted`, the /wanted form): a verified member's post, at most
 * MAX_OPEN_WANTED open (checked inside the INSERT, so simultaneous posts cannot pass it together),
 * rate limited as every post.
 */
export async function postWanted(
  env: Env,
  member: SessionUser,
  { words, category, maxPrice }: WantedInput,
  now = Date.now(),
): Promise<WantedView> {
  requireMayAct(member, WANTED);
  const maxPricePaise = maxPrice ?? null;
  await limitPosting(env, member.id);
  const id = crypto.randomUUID();
  const result = await run(
    env,
    insertWhere(
      wantedPosts,
      {
        id,
        user_id: member.id,
        campus_id: member.campusId,
        words,
        terms: JSON.stringify(termsOf(words)),
        category: category ?? null,
        max_price_paise: maxPricePaise,
        created_at: now,
        expires_at: now + WANTED_MS,
      },
      sql`(SELECT COUNT(*) FROM wanted_posts WHERE user_id = ${member.id} AND expires_at > ${now}) < ${MAX_OPEN_WANTED}`,
    ),
  );
  if (result.changes !== 1)
    throw new ApiError(
      409,
      `You have ${MAX_OPEN_WANTED} open wanted posts. Delete one you no longer need before posting another.`,
    );
  return {
    id,
    words,
    category: category ?? null,
    maxPricePaise,
    createdAt: now,
    expiresAt: now + WANTED_MS,
    mine: true,
    name: member.name,
  };
}

/** Delete one's wanted post (`DELETE /api/wanted/:id`): the member's own; another's (or another campus's) is a 404. */
export async function deleteWanted(env: Env, member: Member, id: string): Promise<void> {
  const row = await first(
    env,
    returning(sql`DELETE FROM ${wantedPosts} WHERE id = ${id} AND user_id = ${member.id}`, { id: wantedPosts.id }),
  );
  if (!row) throw new ApiError(404, "That wanted post does not exist, or is not yours.");
}

/**
 * The notices of a new listing's matches, to run in the same D1 batch right after the listing's
 * INSERT: every open post of the listing's campus, not the seller's own, whose words all appear in the
 * title or description (lower-cased, as the search), whose category (when set) is the listing's and
 * whose highest price (when set) is not below its price. The notice's id is made of the post and the
 * listing, so a pair is told once whatever runs twice. When the INSERT wrote nothing (a repeated
 * submission) the listing id is not there and nothing matches. `text` is the listing's title and
 * description as written (compared lower-cased by matchText, so letters beyond A-Z match in any case);
 * without it the row's text is lower-cased by D1, which folds only A-Z.
 */
export function wantedMatch(productId: string, now: number, text?: string): Sql {
  return sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
     SELECT 'wanted-' || w.id || '-' || p.id, w.user_id, 'market.wanted', 'Wanted: ' || w.words || ': a match is on sale',
       p.title || ' was just listed on your campus. Open it to see the price and photos.', '/product/' || p.id, ${now}
     FROM products p JOIN wanted_posts w ON w.campus_id = p.campus_id
     WHERE p.id = ${productId} AND p.status = 'available' AND p.hidden_at IS NULL AND w.user_id <> p.seller_id AND w.expires_at > ${now}
       AND (w.category IS NULL OR w.category = p.category)
       AND (w.max_price_paise IS NULL OR p.price_paise <= w.max_price_paise)
       AND NOT EXISTS (SELECT 1 FROM json_each(w.terms) t WHERE instr(coalesce(${text === undefined ? null : matchText(text)}, lower(p.title || ' ' || p.description)), t.value) = 0)`;
}

export const wantedIdSchema = z.uuid("That is not a valid wanted post id.");
