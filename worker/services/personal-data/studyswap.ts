import { returning, select, sql } from "#server/db/sql.ts";
import { studyRequests, writers } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Study Swap: the student's requests (open or closed, with their attachments) and writer profile.

export const STUDYSWAP_DATA = {
  study_requests: placed({
    onDelete: "deleted",
    exports: [
      exportAt("studySwap.requests", ({ userId }) =>
        select(
          {
            id: studyRequests.id,
            title: studyRequests.title,
            subject: studyRequests.subject,
            requirements: studyRequests.requirements,
            deadline: studyRequests.deadline,
            budget: studyRequests.budget,
            pages: studyRequests.pages,
            contact: studyRequests.contact,
            status: studyRequests.status,
            attachmentName: studyRequests.attachment_name,
            attachmentType: studyRequests.attachment_type,
            attachmentSize: studyRequests.attachment_size,
            createdAt: studyRequests.created_at,
            closedAt: studyRequests.closed_at,
          },
          sql`FROM ${studyRequests} WHERE ${studyRequests.owner_id} = ${userId} ORDER BY ${studyRequests.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      // The attachments are deleted after the batch.
      remove: ({ statement, userId }) => [
        statement((guard) =>
          returning(sql`DELETE FROM study_requests WHERE owner_id = ${userId} AND ${guard}`, {
            fileKey: studyRequests.attachment_key,
          }),
        ),
      ],
    },
  }),
  writers: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "studySwap.writerProfile",
        ({ userId }) =>
          select(
            {
              name: writers.name,
              expertise: writers.expertise,
              ratePaise: writers.rate_paise,
              contact: writers.contact,
              createdAt: writers.created_at,
              updatedAt: writers.updated_at,
            },
            sql`FROM ${writers} WHERE ${writers.user_id} = ${userId}`,
          ),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM writers WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
