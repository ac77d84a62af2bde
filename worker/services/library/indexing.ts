import { LIBRARY_FILE_SOURCES, LIBRARY_MAX_SEARCH_TEXT } from "#common/library-contribute.ts";
import { batch, first, int, oneOf, returning, run, select, sql, text, update } from "#server/db/sql.ts";
import { libraryItems } from "#server/db/tables.generated.ts";
import { GAVE_UP, INDEX_MAX_ATTEMPTS, partKey } from "#server/services/library/index-queue.ts";
import { photosToPdf, readPdf, type UnreadablePdf } from "#server/services/library/pdf.ts";

// The library indexer's work on one item (docs/decisions/0117), run by backoffice/index.ts, the queue's
// consumer, never by the page-serving Worker (which must not import this module: it brings pdf.js
// and pdf-lib). The upload already checked the caps (worker/lib/pdf-limits.ts), so what is read here
// is bounded: at most 600 pages and 32 MB unpacked, or PNG photos of at most 16 MB each.

export type IndexOutcome =
  /** Read: its pages and text are in, and it shows in the library once approved. */
  | { state: "ready"; pages: number; textChars: number }
  /** Could not be read: the uploader and the reviewers see why; no further delivery tries again. */
  | { state: "failed"; reason: string }
  /** Nothing to do: the item is gone (deleted), or another delivery already finished it. */
  | { state: "done" };

/** Words a student can act on, for what pdf.js said. */
function reasonFor(unreadable: UnreadablePdf): string {
  switch (unreadable) {
    case "password":
      return "it is protected with a password. Save a copy without the password and upload that.";
    case "damaged":
      return "the file is damaged or is not really a PDF. Save it again (Print → Save as PDF) and upload that.";
    case "no-pages":
      return "it has no pages.";
  }
}

async function fail(env: Env, itemId: string, reason: string): Promise<IndexOutcome> {
  await run(
    env,
    update(
      libraryItems,
      { index_state: "failed", index_error: reason },
      sql`WHERE id = ${itemId} AND index_state = 'pending'`,
    ),
  );
  return { state: "failed", reason };
}

/**
 * Reads one item's file: the photos put together into one PDF (stored at the item's key, the parts
 * removed), its pages counted and its text put into search, in one conditional write. A delivery
 * counts before the work starts; the one past INDEX_MAX_ATTEMPTS marks the item unreadable. Storage
 * errors throw: the queue delivers the message again.
 */
export async function indexItem(env: Env, itemId: string): Promise<IndexOutcome> {
  const i = libraryItems;
  const claimed = await first(
    env,
    returning(
      update(i, { index_attempts: sql`index_attempts + 1` }, sql`WHERE id = ${itemId} AND index_state = 'pending'`),
      {
        campusId: i.campus_id,
        // A pending item has its file: an item without one is ready from the start (contribute.ts).
        fileKey: text(sql`file_key`),
        fileSource: oneOf(LIBRARY_FILE_SOURCES, sql`file_source`),
        fileParts: i.file_parts,
        attempts: i.index_attempts,
      },
    ),
  );
  if (!claimed) return { state: "done" };
  if (claimed.attempts > INDEX_MAX_ATTEMPTS) return fail(env, itemId, GAVE_UP);

  let pdf: Uint8Array;
  const parts = claimed.fileSource === "photos" ? Array.from({ length: claimed.fileParts ?? 0 }, (_, i) => i) : [];
  if (claimed.fileSource === "photos") {
    const photos: { type: "image/jpeg" | "image/png"; bytes: Uint8Array }[] = [];
    for (const i of parts) {
      const object = await env.FILES.get(partKey(claimed.fileKey, i));
      // Another delivery finished first and removed the parts.
      if (!object) return { state: "done" };
      const bytes = new Uint8Array(await object.arrayBuffer());
      // The upload stored only JPEG and PNG, checked by their bytes: the first byte tells which.
      photos.push({ type: bytes[0] === 0xff ? "image/jpeg" : "image/png", bytes });
    }
    const made = await photosToPdf(photos).catch(() => null);
    if (!made) return fail(env, itemId, reasonFor("damaged"));
    pdf = made;
  } else {
    const object = await env.FILES.get(claimed.fileKey);
    if (!object) return { state: "done" };
    pdf = new Uint8Array(await object.arrayBuffer());
  }

  const read = await readPdf(pdf);
  if (!read.ok) return fail(env, itemId, reasonFor(read.unreadable));
  if (claimed.fileSource === "photos")
    await env.FILES.put(claimed.fileKey, pdf, { httpMetadata: { contentType: "application/pdf" } });
  const searchText = read.text.slice(0, LIBRARY_MAX_SEARCH_TEXT);
  const [updated] = await batch(env, [
    update(
      libraryItems,
      { index_state: "ready", index_error: null, file_pages: read.pages, file_bytes: pdf.byteLength, file_parts: null },
      sql`WHERE id = ${itemId} AND index_state = 'pending'`,
    ),
    // The description stays searchable beside the file's words.
    sql`UPDATE library_search SET body = trim((SELECT description FROM library_items WHERE id = ${itemId}) || ' ' || ${searchText})
      WHERE item_id = ${itemId} AND EXISTS (SELECT 1 FROM library_items WHERE id = ${itemId} AND index_state = 'ready')`,
  ]);
  if (updated.changes === 0) {
    // Deleted while it was read: what was just written for it goes too.
    const kept = await first(env, select({ kept: int(sql`1`) }, sql`FROM ${libraryItems} WHERE id = ${itemId}`));
    if (!kept) await env.FILES.delete([claimed.fileKey, ...parts.map((i) => partKey(claimed.fileKey, i))]);
    return { state: "done" };
  }
  if (parts.length > 0) await env.FILES.delete(parts.map((i) => partKey(claimed.fileKey, i)));
  return { state: "ready", pages: read.pages, textChars: searchText.length };
}
