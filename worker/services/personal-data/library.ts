import { desc, eq, sql } from "drizzle-orm";
import { campuses, libraryItems, libraryVotes, users } from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The library (docs/decisions/0106-library.md): what the student uploaded, and their helpful votes.

export const LIBRARY_DATA = {
  library_items: placed({
    onDelete: "kept-anonymised",
    why: "An approved upload belongs to the college's library now (others vote on it, find it, rely on it before an exam): it stays, with no uploader (uploader_id NULL, so no name is shown). Pending and rejected uploads were never the library's: they are deleted with their files. An item the student reviewed as staff keeps its decision without the reviewer (reviewed_by NULL).",
    exports: [
      exportAt("library.uploads", ({ db, userId }) =>
        db
          .select({
            id: libraryItems.id,
            kind: libraryItems.kind,
            title: libraryItems.title,
            description: libraryItems.description,
            subjectId: libraryItems.subjectId,
            year: libraryItems.year,
            exam: libraryItems.exam,
            fileBytes: libraryItems.fileBytes,
            filePages: libraryItems.filePages,
            author: libraryItems.author,
            edition: libraryItems.edition,
            isbn: libraryItems.isbn,
            shelf: libraryItems.shelf,
            url: libraryItems.url,
            public: libraryItems.public,
            status: libraryItems.status,
            reviewNote: libraryItems.reviewNote,
            helpfulCount: libraryItems.helpfulCount,
            createdAt: libraryItems.createdAt,
          })
          .from(libraryItems)
          .where(eq(libraryItems.uploaderId, userId))
          .orderBy(desc(libraryItems.createdAt)),
      ),
    ],
    erase: {
      // The files of the deleted items are removed after the batch (their keys are returned); their
      // search rows and reports go with them (the trigger library_items_gone).
      remove: ({ statement }) => [
        statement(
          (guard) =>
            `DELETE FROM library_items WHERE uploader_id = ?1 AND status != 'approved' AND ${guard} RETURNING file_key AS fileKey, file_parts AS fileParts`,
        ),
        statement((guard) => `UPDATE library_items SET uploader_id = NULL WHERE uploader_id = ?1 AND ${guard}`),
        statement((guard) => `UPDATE library_items SET reviewed_by = NULL WHERE reviewed_by = ?1 AND ${guard}`),
      ],
    },
  }),
  library_votes: placed({
    onDelete: "deleted",
    exports: [
      exportAt("library.helpfulVotes", ({ db, userId }) =>
        db
          .select({ itemId: libraryVotes.itemId, createdAt: libraryVotes.createdAt })
          .from(libraryVotes)
          .where(eq(libraryVotes.userId, userId))
          .orderBy(desc(libraryVotes.createdAt)),
      ),
    ],
    erase: {
      // The items' counts lose the votes in the same statement (the trigger library_votes_gone).
      remove: ({ statement }) => [statement((guard) => `DELETE FROM library_votes WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  // A college's grievance officer, named in the footer: a staff member's work address, which the
  // campus admin typed. If it is this student's, it leaves the college's page with the account.
  campuses: placed({
    onDelete: "kept-anonymised",
    why: "The college stays; only its grievance officer's name and e-mail are emptied when they are the student's address, and the campus admin is asked to name another (the footer says none is named).",
    exports: [
      exportAt("library.grievanceOfficerOf", ({ db, userId }) =>
        db
          .select({ campusId: campuses.id, name: campuses.grievanceName, email: campuses.grievanceEmail })
          .from(campuses)
          .where(
            sql`lower(${campuses.grievanceEmail}) = (SELECT lower(${users.email}) FROM ${users} WHERE ${users.id} = ${userId})`,
          ),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement(
          (guard) =>
            `UPDATE campuses SET grievance_name = NULL, grievance_email = NULL WHERE lower(grievance_email) = (SELECT lower(email) FROM users WHERE id = ?1) AND ${guard}`,
        ),
      ],
    },
  }),
};
