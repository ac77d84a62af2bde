import { desc, eq } from "drizzle-orm";
import { studyRequests, writers } from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Study Swap: the student's requests (open or closed, with their attachments) and writer profile.

export const STUDY_SWAP_DATA = {
  study_requests: placed({
    onDelete: "deleted",
    exports: [
      exportAt("studySwap.requests", ({ db, userId }) =>
        db
          .select({
            id: studyRequests.id,
            title: studyRequests.title,
            subject: studyRequests.subject,
            requirements: studyRequests.requirements,
            deadline: studyRequests.deadline,
            budget: studyRequests.budget,
            pages: studyRequests.pages,
            contact: studyRequests.contact,
            status: studyRequests.status,
            attachmentName: studyRequests.attachmentName,
            attachmentType: studyRequests.attachmentType,
            attachmentSize: studyRequests.attachmentSize,
            createdAt: studyRequests.createdAt,
            closedAt: studyRequests.closedAt,
          })
          .from(studyRequests)
          .where(eq(studyRequests.ownerId, userId))
          .orderBy(desc(studyRequests.createdAt)),
      ),
    ],
    erase: {
      // The attachments are deleted after the batch.
      remove: ({ statement }) => [
        statement(
          (guard) => `DELETE FROM study_requests WHERE owner_id = ?1 AND ${guard} RETURNING attachment_key AS fileKey`,
        ),
      ],
    },
  }),
  writers: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "studySwap.writerProfile",
        ({ db, userId }) =>
          db
            .select({
              name: writers.name,
              expertise: writers.expertise,
              ratePaise: writers.ratePaise,
              contact: writers.contact,
              createdAt: writers.createdAt,
              updatedAt: writers.updatedAt,
            })
            .from(writers)
            .where(eq(writers.userId, userId)),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM writers WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
};
