import { Hono } from "hono";
import { type AppEnv, requireAuth, userOf, validateQuery } from "#server/api/context.ts";
import { findLibraryItems, libraryFindSchema } from "#server/services/library/find.ts";
import { myUploads } from "#server/services/library/mine.ts";
import {
  readSemesterSyllabus,
  readSubjectItems,
  semesterSyllabusSchema,
  subjectItemsSchema,
} from "#server/services/library/semester.ts";

// Finding things in the library (docs/decisions/0107-library-finding.md): the list and the search
// are one endpoint. The items themselves, their files, uploads and votes are the contributors'
// side's routes, mounted beside this one under /api/library.
const libraryFind = new Hono<AppEnv>();

libraryFind.get("/items", validateQuery(libraryFindSchema), async (c) => {
  const result = await findLibraryItems(c.env, await userOf(c), c.req.valid("query"));
  // Members see private items: nothing of this answer may be kept by a shared cache.
  c.header("Cache-Control", "private, no-store");
  return c.json({ success: true, data: result });
});

// One subject's lists for a semester page: its HTML carries the open subject's only (decision 0139).
libraryFind.get("/semester-items", validateQuery(subjectItemsSchema), async (c) => {
  const result = await readSubjectItems(c.env, await userOf(c), c.req.valid("query"));
  c.header("Cache-Control", "private, no-store");
  return c.json({ success: true, data: result });
});

// Every unit's topics of a semester page: its HTML carries the open subject's only (decision 0142).
// The academics tree, which any visitor may read; kept a few minutes, and by the service worker for
// reading offline.
libraryFind.get("/semester-syllabus", validateQuery(semesterSyllabusSchema), async (c) => {
  const result = await readSemesterSyllabus(c.env, await userOf(c), c.req.valid("query"));
  c.header("Cache-Control", "private, max-age=300");
  return c.json({ success: true, data: result });
});

// The signed-in contributor's own uploads, each with its review and its reading for search.
libraryFind.get("/mine", requireAuth, async (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json({ success: true, data: await myUploads(c.env, c.get("user")) });
});

export default libraryFind;
