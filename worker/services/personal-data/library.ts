import { returning, select, sql } from "#server/db/sql.ts";
import { campuses, libraryItems, libraryVotes } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The library (docs/decisions/0106-library.md): what the student uploaded, and their helpful votes.

export const LIBRARY_DATA = {
  library_items: placed({
    onDelete: "kept-anonymised",
    why: "An approved upload belongs to the college's library now (others vote on it, find it, rely on it before an exam): it stays, with no uploader (uploader_id NULL, so no name is shown). Pending and rejected uploads were never the library's: they are deleted with their files. An item the student reviewed as staff keeps its decision without the reviewer (reviewed_by NULL).",
    exports: [
      exportAt(
        "library.uploads",
        ({ userId }) =>
          select(
            {
              id: libraryItems.id,
              kind: libraryItems.kind,
              title: libraryItems.title,
              description: libraryItems.description,
              subjectId: libraryItems.subject_id,
              year: libraryItems.year,
              exam: libraryItems.exam,
              fileBytes: libraryItems.file_bytes,
              filePages: libraryItems.file_pages,
              author: libraryItems.author,
              edition: libraryItems.edition,
              isbn: libraryItems.isbn,
              shelf: libraryItems.shelf,
              url: libraryItems.url,
              public: libraryItems.public,
              status: libraryItems.status,
              reviewNote: libraryItems.review_note,
              helpfulCount: libraryItems.helpful_count,
              createdAt: libraryItems.created_at,
            },
            sql`FROM ${libraryItems} WHERE ${libraryItems.uploader_id} = ${userId} ORDER BY ${libraryItems.created_at} DESC`,
          ),
        (uploads) => uploads.map((item) => ({ ...item, public: item.public === 1 })),
      ),
    ],
    erase: {
      // The files of the deleted items are removed after the batch (their keys are returned); their
      // search rows and reports go with them (the trigger library_items_gone).
      remove: ({ statement, userId }) => [
        statement((guard) =>
          returning(
            sql`DELETE FROM library_items WHERE uploader_id = ${userId} AND status != 'approved' AND ${guard}`,
            {
              fileKey: libraryItems.file_key,
              fileParts: libraryItems.file_parts,
            },
          ),
        ),
        statement(
          (guard) => sql`UPDATE library_items SET uploader_id = NULL WHERE uploader_id = ${userId} AND ${guard}`,
        ),
        statement(
          (guard) => sql`UPDATE library_items SET reviewed_by = NULL WHERE reviewed_by = ${userId} AND ${guard}`,
        ),
      ],
    },
  }),
  library_votes: placed({
    onDelete: "deleted",
    exports: [
      exportAt("library.helpfulVotes", ({ userId }) =>
        select(
          { itemId: libraryVotes.item_id, createdAt: libraryVotes.created_at },
          sql`FROM ${libraryVotes} WHERE ${libraryVotes.user_id} = ${userId} ORDER BY ${libraryVotes.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      // The items' counts lose the votes in the same statement (the trigger library_votes_gone).
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM library_votes WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  // A college's grievance officer, named in the footer: a staff member's work address, which the
  // campus admin typed. If it is this student's, it leaves the college's page with the account.
  campuses: placed({
    onDelete: "kept-anonymised",
    why: "The college stays; only its grievance officer's name and e-mail are emptied when they are the student's address, and the campus admin is asked to name another (the footer says none is named).",
    exports: [
      exportAt("library.grievanceOfficerOf", ({ userId }) =>
        select(
          { campusId: campuses.id, name: campuses.grievance_name, email: campuses.grievance_email },
          sql`FROM ${campuses} WHERE lower(${campuses.grievance_email}) = (SELECT lower(email) FROM users WHERE id = ${userId})`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement(
          (guard) =>
            sql`UPDATE campuses SET grievance_name = NULL, grievance_email = NULL WHERE lower(grievance_email) = (SELECT lower(email) FROM users WHERE id = ${userId}) AND ${guard}`,
        ),
      ],
    },
  }),
};
