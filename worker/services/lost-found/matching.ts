import { addDays } from "#common/india-time.ts";
import type { LfCategory, LfSide } from "#common/lost-found.ts";
import { LF } from "#common/lost-found.ts";
import { insertWhere, type Sql, sql } from "#server/db/sql.ts";
import { lostFoundMatches } from "#server/db/tables.generated.ts";

// How a new post is compared with the other side's open posts of its college, and who is told
// (docs/decisions/0128-lost-found-matching.md). The score is computed here, in JavaScript, over the
// few candidates one indexed read gives; the matches and their notices are written in the post's own
// batch, each notice with an id made of the pair and the poster, so each poster is told once.

/** Candidates are posts of the same category at most this many days apart. */
export const MATCH_DAYS = 7;
/** How many candidates one post is compared with (the newest). */
export const MATCH_CANDIDATES = 50;
/** A pair scoring this much or more is a likely match. */
export const MATCH_AT = 3;
/** Words a post matches on. */
const MAX_TERMS = 12;
/** Words too common to say anything about an item. */
const STOP = new Set([
  "the",
  "a",
  "an",
  "and",
  "or",
  "of",
  "in",
  "on",
  "at",
  "near",
  "with",
  "my",
  "is",
  "it",
  "to",
  "for",
  "lost",
  "found",
]);

/** The words of a title and description as the matcher reads them: lower-cased, 3 letters or more, each once. */
export function termsOf(text: string): string[] {
  const words = text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !STOP.has(word));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

export interface Comparable {
  category: LfCategory;
  placeId: string | null;
  placeText: string | null;
  happenedOn: string;
  terms: readonly string[];
}

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/**
 * The score of a lost post and a found post, or null when they are not a likely match: the same
 * category always (a phone is never a wallet); then the same place 3 (the same typed place 2), a day
 * or less apart 2 (three days 1), and each shared word 1 (at most 3).
 */
export function scorePair(a: Comparable, b: Comparable): number | null {
  if (a.category !== b.category) return null;
  const days = daysApart(a.happenedOn, b.happenedOn);
  if (days > MATCH_DAYS) return null;
  let score = 0;
  if (a.placeId && a.placeId === b.placeId) score += 3;
  else if (a.placeText && b.placeText && a.placeText.trim().toLowerCase() === b.placeText.trim().toLowerCase())
    score += 2;
  if (days <= 1) score += 2;
  else if (days <= 3) score += 1;
  const theirs = new Set(b.terms);
  score += Math.min(3, a.terms.filter((term) => theirs.has(term)).length);
  return score >= MATCH_AT ? score : null;
}

/** The India dates a candidate's day may fall between. */
export function matchWindow(happenedOn: string): { from: string; to: string } {
  return { from: addDays(happenedOn, -MATCH_DAYS), to: addDays(happenedOn, MATCH_DAYS) };
}

export interface Candidate extends Comparable {
  id: string;
  userId: string;
}

/**
 * The statements that record a new post's matches and tell both posters, to run in the post's
 * batch right after its INSERT (each guarded by the post being there, so a refused insert writes
 * nothing). Notice ids are the pair and the side: a pair is told to each poster once, whatever runs again.
 */
export function matchStatements(
  post: { id: string; userId: string; side: LfSide },
  matches: readonly { candidate: Candidate; score: number }[],
  now: number,
): Sql[] {
  const there = sql`EXISTS (SELECT 1 FROM lost_found_posts WHERE id = ${post.id})`;
  return matches.flatMap(({ candidate, score }) => {
    const lostId = post.side === "lost" ? post.id : candidate.id;
    const foundId = post.side === "found" ? post.id : candidate.id;
    const tell = (userId: string, side: LfSide, postId: string) =>
      sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
        SELECT ${`lf-match-${lostId}-${foundId}-${side}`}, ${userId}, 'lostfound.match', ${LF.matchNotice.title},
          ${LF.matchNotice.text(side)}, ${`/lost-found/${postId}`}, ${now} WHERE ${there}`;
    const otherSide: LfSide = post.side === "lost" ? "found" : "lost";
    return [
      insertWhere(
        lostFoundMatches,
        { lost_id: lostId, found_id: foundId, score, created_at: now },
        there,
        sql`ON CONFLICT DO NOTHING`,
      ),
      tell(post.userId, post.side, post.id),
      tell(candidate.userId, otherSide, candidate.id),
    ];
  });
}
