import type { SearchRow } from "#app/content/notes/search-index.ts";

export interface SearchHit {
  semester: number;
  subject: string;
  /** Whether every search word is in the subject name itself. */
  subjectMatch: boolean;
  /** Units whose title or topics contain every search word, with a short excerpt. */
  units: { unit: string; excerpt: string }[];
}

/** Search words: lowercase, at least two characters long in total, split on whitespace. */
export function searchTerms(query: string): string[] {
  const trimmed = query.trim().toLowerCase();
  if (trimmed.length < 2) return [];
  return trimmed.split(/\s+/).filter(Boolean);
}

const EXCERPT_LENGTH = 110;

/** About EXCERPT_LENGTH characters of `text` around the first occurrence of `term`, on word boundaries. */
export function excerpt(text: string, term: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const at = Math.max(0, text.toLowerCase().indexOf(term));
  let start = Math.max(0, at - 30);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).replace(/[,;:]$/, "")}${end < text.length ? "…" : ""}`;
}

/**
 * Subjects whose name, or one of whose units, contains every search word (case-insensitive).
 * Subjects matched by name come first, then those with the most matching units; semester order
 * breaks ties.
 */
export function searchNotes(rows: readonly SearchRow[], query: string, limit = 12): SearchHit[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const hits = new Map<string, SearchHit>();
  for (const row of rows) {
    const key = `${row.semester}:${row.subject}`;
    const name = row.subject.toLowerCase();
    const subjectMatch = terms.every((term) => name.includes(term));
    const unitText = `${row.unit} ${row.desc}`.toLowerCase();
    const unitMatch =
      row.unit !== "" &&
      terms.every((term) => unitText.includes(term) || name.includes(term)) &&
      terms.some((term) => unitText.includes(term));
    if (!subjectMatch && !unitMatch) continue;
    let hit = hits.get(key);
    if (!hit) {
      hit = { semester: row.semester, subject: row.subject, subjectMatch, units: [] };
      hits.set(key, hit);
    }
    if (unitMatch) {
      const firstInDesc = terms.find((term) => row.desc.toLowerCase().includes(term)) ?? terms[0] ?? "";
      hit.units.push({ unit: row.unit, excerpt: excerpt(row.desc, firstInDesc) });
    }
  }
  return [...hits.values()]
    .sort(
      (a, b) =>
        Number(b.subjectMatch) - Number(a.subjectMatch) || b.units.length - a.units.length || a.semester - b.semester,
    )
    .slice(0, limit);
}
