import { asc, desc, eq, sql } from "drizzle-orm";
import {
  blockMoves,
  hostelBlocks,
  hostelComplaintMeToo,
  hostelComplaints,
  hostelResidents,
  laundryBookings,
  messRatings,
  roommateListings,
} from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The hostel: residence and moves between blocks, complaints and "me too"s, mess ratings, the
// roommate listing and laundry bookings. A complaint someone else stands behind stays.

export const HOSTEL_DATA = {
  hostel_residents: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "hostel.residence",
        ({ db, userId }) =>
          db
            .select({
              blockId: hostelResidents.blockId,
              blockName: hostelBlocks.name,
              room: hostelResidents.room,
              joinedAt: hostelResidents.joinedAt,
              updatedAt: hostelResidents.updatedAt,
            })
            .from(hostelResidents)
            .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelResidents.blockId))
            .where(eq(hostelResidents.userId, userId)),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM hostel_residents WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  block_moves: placed({
    onDelete: "deleted",
    why: "The student's own requests to move block go with the account; a move they decided as a warden stays the other student's, with decided_by emptied (the decision stays in the audit log by id).",
    exports: [
      // The student's requests to move to another block, and what the warden decided.
      exportAt("hostel.blockMoves", ({ db, userId }) =>
        db
          .select({
            fromBlockId: blockMoves.fromBlockId,
            toBlockId: blockMoves.toBlockId,
            room: blockMoves.room,
            status: blockMoves.status,
            requestedAt: blockMoves.createdAt,
            decidedAt: blockMoves.decidedAt,
            note: blockMoves.note,
          })
          .from(blockMoves)
          .where(eq(blockMoves.userId, userId))
          .orderBy(desc(blockMoves.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM block_moves WHERE user_id = ?1 AND ${guard}`),
        statement((guard) => `UPDATE block_moves SET decided_by = NULL WHERE decided_by = ?1 AND ${guard}`),
      ],
    },
  }),
  hostel_complaints: placed({
    onDelete: "kept-anonymised",
    why: "A complaint another student said 'me too' to is theirs too and stays, signed 'Deleted'; every other complaint of the student is deleted with its photo.",
    exports: [
      exportAt("hostel.complaints", ({ db, userId }) =>
        db
          .select({
            id: hostelComplaints.id,
            blockId: hostelComplaints.blockId,
            room: hostelComplaints.room,
            category: hostelComplaints.category,
            description: hostelComplaints.description,
            hasPhoto: sql<number>`${hostelComplaints.photoKey} IS NOT NULL`.mapWith(Boolean),
            status: hostelComplaints.status,
            meTooCount:
              sql<number>`(SELECT COUNT(*) FROM hostel_complaint_me_too m WHERE m.complaint_id = ${hostelComplaints.id})`.mapWith(
                Number,
              ),
            createdAt: hostelComplaints.createdAt,
            updatedAt: hostelComplaints.updatedAt,
            resolvedAt: hostelComplaints.resolvedAt,
          })
          .from(hostelComplaints)
          .where(eq(hostelComplaints.userId, userId))
          .orderBy(desc(hostelComplaints.createdAt)),
      ),
    ],
    erase: {
      // A complaint only the student stands behind goes (its own "me too"s with it, by the foreign
      // key), its photo after the batch.
      remove: ({ statement }) => [
        statement(
          (guard) =>
            `DELETE FROM hostel_complaints WHERE user_id = ?1 AND ${guard}
         AND NOT EXISTS (SELECT 1 FROM hostel_complaint_me_too m WHERE m.complaint_id = hostel_complaints.id AND m.user_id <> ?1)
       RETURNING photo_key AS fileKey`,
        ),
      ],
    },
  }),
  hostel_complaint_me_too: placed({
    onDelete: "kept-anonymised",
    why: "A 'me too' on another student's complaint counts towards it; the count stays, the person is anonymised.",
    exports: [
      exportAt("hostel.meToos", ({ db, userId }) =>
        db
          .select({
            complaintId: hostelComplaintMeToo.complaintId,
            category: hostelComplaints.category,
            createdAt: hostelComplaintMeToo.createdAt,
          })
          .from(hostelComplaintMeToo)
          .innerJoin(hostelComplaints, eq(hostelComplaints.id, hostelComplaintMeToo.complaintId))
          .where(eq(hostelComplaintMeToo.userId, userId))
          .orderBy(desc(hostelComplaintMeToo.createdAt)),
      ),
    ],
    erase: {},
  }),
  mess_ratings: placed({
    onDelete: "deleted",
    exports: [
      exportAt("hostel.messRatings", ({ db, userId }) =>
        db
          .select({
            date: messRatings.date,
            meal: messRatings.mealId,
            stars: messRatings.stars,
            createdAt: messRatings.createdAt,
            updatedAt: messRatings.updatedAt,
          })
          .from(messRatings)
          .where(eq(messRatings.userId, userId))
          .orderBy(desc(messRatings.date), asc(messRatings.mealId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM mess_ratings WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  roommate_listings: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "hostel.roommateListing",
        ({ db, userId }) =>
          db
            .select({
              about: roommateListings.about,
              preferredBlock: roommateListings.preferredBlock,
              roomType: roommateListings.roomType,
              budgetPaise: roommateListings.budgetPaise,
              sleepSchedule: roommateListings.sleepSchedule,
              studyHabits: roommateListings.studyHabits,
              cleanliness: roommateListings.cleanliness,
              whatsapp: roommateListings.whatsapp,
              email: roommateListings.email,
              createdAt: roommateListings.createdAt,
              updatedAt: roommateListings.updatedAt,
            })
            .from(roommateListings)
            .where(eq(roommateListings.userId, userId)),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM roommate_listings WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
  laundry_bookings: placed({
    onDelete: "deleted",
    exports: [
      exportAt("hostel.laundryBookings", ({ db, userId }) =>
        db
          .select({
            id: laundryBookings.id,
            date: laundryBookings.date,
            slotId: laundryBookings.slotId,
            startsAt: laundryBookings.startsAt,
            clothes: laundryBookings.clothes,
            service: laundryBookings.service,
            status: laundryBookings.status,
            createdAt: laundryBookings.createdAt,
            cancelledAt: laundryBookings.cancelledAt,
          })
          .from(laundryBookings)
          .where(eq(laundryBookings.userId, userId))
          .orderBy(desc(laundryBookings.startsAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM laundry_bookings WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
};
