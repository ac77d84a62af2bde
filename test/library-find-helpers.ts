import { env } from "cloudflare:workers";
import type { LibraryItemKind } from "#common/library-find.ts";
import { unique } from "#test/helpers.ts";

// Library rows written straight into D1 (the contributors' side writes them through its upload and
// moderation; these tests are about finding them).

/** The demo college's (CIT) B.Tech CSE semester 1, from scripts/seed/demo-academics.sql. */
export const PHYSICS = "cit-btech-cse-s1-cse-101";
export const physicsUnit = (n: 1 | 2 | 3 | 4) => `${PHYSICS}-u${n}`;
export const MATHS = "cit-btech-cse-s1-cse-102";

export interface ItemSpec {
  campus?: string;
  subject?: string;
  units?: string[];
  kind?: LibraryItemKind;
  title?: string;
  body?: string;
  status?: "pending" | "approved" | "rejected";
  hidden?: boolean;
  public?: boolean;
  helpful?: number;
  year?: number;
  createdAt?: number;
}

/** One item, its units and its search row; returns its id. */
export async function insertItem(spec: ItemSpec = {}): Promise<string> {
  const id = unique("item");
  const kind = spec.kind ?? "lecture_notes";
  const campus = spec.campus ?? "cit";
  const subject = spec.subject ?? PHYSICS;
  const title = spec.title ?? `Notes ${id}`;
  const hasFile = kind !== "book" && kind !== "video";
  const paper = kind === "past_paper";
  const now = spec.createdAt ?? Date.now();
  const statements = [
    env.DB.prepare(
      `INSERT INTO library_items (id, campus_id, subject_id, kind, title, year, exam, file_key, file_bytes, file_pages,
         file_source, file_sha256, author, url, public, status, hidden_at, helpful_count, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?19)`,
    ).bind(
      id,
      campus,
      subject,
      kind,
      title,
      paper ? (spec.year ?? 2024) : null,
      paper ? "end_semester" : null,
      hasFile ? `library/${id}` : null,
      hasFile ? 250_000 : null,
      hasFile ? 6 : null,
      hasFile ? "pdf" : null,
      hasFile ? id : null,
      kind === "book" ? "H. C. Verma" : null,
      kind === "video" ? "https://www.youtube.com/watch?v=abc" : null,
      spec.public ? 1 : 0,
      spec.status ?? "approved",
      spec.hidden ? now : null,
      spec.helpful ?? 0,
      now,
    ),
    ...(spec.units ?? []).map((unit) =>
      env.DB.prepare("INSERT INTO library_item_units (item_id, unit_id) VALUES (?1, ?2)").bind(id, unit),
    ),
    env.DB.prepare(
      `INSERT INTO library_search (item_id, campus_id, title, subject, body)
       VALUES (?1, ?2, ?3, (SELECT name FROM academic_subjects WHERE id = ?4), ?5)`,
    ).bind(id, campus, title, subject, spec.body ?? ""),
  ];
  await env.DB.batch(statements);
  return id;
}

/**
 * A college of its own (so no other test's items are counted) with one subject of one unit, and its
 * e-mail domain for members.
 */
export async function freshCollege(): Promise<{ id: string; subject: string; unit: string; domain: string }> {
  const id = unique("col");
  const subject = `${id}-subject`;
  const domain = `${id}.test`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'FRS', ?3)").bind(
      id,
      `College ${id}`,
      Date.now(),
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(domain, id),
    env.DB.prepare(
      "INSERT INTO academic_programmes (id, campus_id, slug, name) VALUES (?1, ?2, 'btech', 'B.Tech')",
    ).bind(`${id}-p`, id),
    env.DB.prepare(
      "INSERT INTO academic_branches (id, campus_id, programme_id, slug, name) VALUES (?1, ?2, ?3, 'cse', 'CSE')",
    ).bind(`${id}-b`, id, `${id}-p`),
    env.DB.prepare("INSERT INTO academic_semesters (id, campus_id, branch_id, number) VALUES (?1, ?2, ?3, 1)").bind(
      `${id}-s1`,
      id,
      `${id}-b`,
    ),
    env.DB.prepare(
      "INSERT INTO academic_subjects (id, campus_id, semester_id, code, name) VALUES (?1, ?2, ?3, 'FR-1', 'Fresh Physics')",
    ).bind(subject, id, `${id}-s1`),
    env.DB.prepare(
      "INSERT INTO academic_units (id, campus_id, subject_id, number, title, topics) VALUES (?1, ?2, ?3, 1, 'Optics', 'lenses')",
    ).bind(`${subject}-u1`, id, subject),
  ]);
  return { id, subject, unit: `${subject}-u1`, domain };
}
