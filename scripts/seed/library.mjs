// The library's demo content at Campus Institute of Technology (docs/decisions/0108-library-demo-content.md):
// short notes for every unit, model past papers, book references and video links, approved, most of
// them public, their PDFs in local R2 under library/<item id>.pdf (the key shape of an upload), each
// tagged to its units and in the search index with the PDF's text.
import { createHash } from "node:crypto";
import { libraryItems } from "../library-content.mjs";
import { plainText, renderPdf } from "../library-pdf.mjs";

const DAY = 86_400_000;

/** A stable number in [0, n) from an item id: the demo's counts and ages do not change per run. */
function pick(id, salt, n) {
  return createHash("sha256").update(`${salt}:${id}`).digest().readUInt32BE(0) % n;
}

export async function seed({ users, sql, now, r2Put }) {
  const uploaders = users.filter((u) => u.email === "asha@campus.test" || u.email === "rohan@campus.test");
  const moderator = users.find((u) => u.email === "moderator@campus.test");
  const members = users.filter((u) => u.campusId === "cit");
  const statements = [];
  const items = libraryItems();
  for (const [i, item] of items.entries()) {
    const uploader = uploaders[i % uploaders.length];
    const createdAt = now - (3 + pick(item.id, "age", 90)) * DAY - pick(item.id, "minute", 1440) * 60_000;
    const reviewedAt = createdAt + (1 + pick(item.id, "review", 20)) * 3_600_000;
    // "Helpful" votes by the college's demo members; the count is the votes' number, as the
    // library recounts it from library_votes on every vote.
    const voters = members.filter(
      (_, m) => pick(item.id, `vote-${m}`, item.kind === "past_paper" ? 4 : 3) !== 0 || m === 0,
    );
    const helpful = pick(item.id, "any-votes", 5) === 0 ? 0 : voters.length;
    // A few notes are for the college's members only, as an uploader may choose.
    const isPublic = item.kind === "short_notes" && pick(item.id, "public", 6) === 0 ? 0 : 1;
    let file = { key: null, bytes: null, pages: null, source: null, sha256: null };
    let body = [item.title, item.description, item.author, item.edition, item.shelf].filter(Boolean).join("\n");
    if (item.doc) {
      const { bytes, pages } = await renderPdf(item.doc);
      const key = `library/${item.id}.pdf`;
      r2Put(key, bytes, "application/pdf");
      file = {
        key,
        bytes: bytes.length,
        pages,
        source: "pdf",
        sha256: createHash("sha256").update(bytes).digest("hex"),
      };
      body = plainText(item.doc);
    }
    const row = {
      id: item.id,
      campus_id: item.subject.campusId,
      uploader_id: uploader.id,
      subject_id: item.subject.id,
      kind: item.kind,
      title: item.title,
      description: item.description,
      year: item.year ?? null,
      exam: item.exam ?? null,
      file_key: file.key,
      file_bytes: file.bytes,
      file_pages: file.pages,
      file_source: file.source,
      file_sha256: file.sha256,
      author: item.author ?? null,
      edition: item.edition ?? null,
      isbn: item.isbn ?? null,
      shelf: item.shelf ?? null,
      url: item.url ?? null,
      public: isPublic,
      status: "approved",
      reviewed_by: moderator?.id ?? null,
      reviewed_at: reviewedAt,
      helpful_count: helpful,
      created_at: createdAt,
      updated_at: reviewedAt,
    };
    statements.push(
      `INSERT INTO library_items (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(sql).join(", ")});`,
    );
    for (const voter of helpful > 0 ? voters : [])
      statements.push(
        `INSERT INTO library_votes (item_id, user_id, created_at) VALUES (${sql(item.id)}, ${sql(voter.id)}, ${sql(reviewedAt + DAY)});`,
      );
    for (const unit of item.units)
      statements.push(`INSERT INTO library_item_units (item_id, unit_id) VALUES (${sql(item.id)}, ${sql(unit.id)});`);
    statements.push(
      `INSERT INTO library_search (item_id, campus_id, title, subject, body) VALUES (${[item.id, item.subject.campusId, item.title, item.subject.name, body].map(sql).join(", ")});`,
    );
  }
  return statements;
}
