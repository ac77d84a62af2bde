import { int, returning, select, sql } from "#server/db/sql.ts";
import {
  blockMoves,
  hostelBlocks,
  hostelComplaintMeToo,
  hostelComplaints,
  hostelResidents,
  laundryBookings,
  messRatings,
  roommateListings,
} from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The hostel: residence and moves between blocks, complaints and "me too"s, mess ratings, the
// roommate listing and laundry bookings. A complaint someone else stands behind stays.

export const HOSTEL_DATA = {
  hostel_residents: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "hostel.residence",
        ({ userId }) =>
          select(
            {
              blockId: hostelResidents.block_id,
              blockName: hostelBlocks.name,
              room: hostelResidents.room,
              joinedAt: hostelResidents.joined_at,
              updatedAt: hostelResidents.updated_at,
            },
            sql`FROM ${hostelResidents} JOIN ${hostelBlocks} ON ${hostelBlocks.id} = ${hostelResidents.block_id}
              WHERE ${hostelResidents.user_id} = ${userId}`,
          ),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM hostel_residents WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  block_moves: placed({
    onDelete: "deleted",
    why: "The student's own requests to move block go with the account; a move they decided as a warden stays the other student's, with decided_by emptied (the decision stays in the audit log by id).",
    exports: [
      // The student's requests to move to another block, and what the warden decided.
      exportAt("hostel.blockMoves", ({ userId }) =>
        select(
          {
            fromBlockId: blockMoves.from_block_id,
            toBlockId: blockMoves.to_block_id,
            room: blockMoves.room,
            status: blockMoves.status,
            requestedAt: blockMoves.created_at,
            decidedAt: blockMoves.decided_at,
            note: blockMoves.note,
          },
          sql`FROM ${blockMoves} WHERE ${blockMoves.user_id} = ${userId} ORDER BY ${blockMoves.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM block_moves WHERE user_id = ${userId} AND ${guard}`),
        statement((guard) => sql`UPDATE block_moves SET decided_by = NULL WHERE decided_by = ${userId} AND ${guard}`),
      ],
    },
  }),
  hostel_complaints: placed({
    onDelete: "kept-anonymised",
    why: "A complaint another student said 'me too' to is theirs too and stays, signed 'Deleted'; every other complaint of the student is deleted with its photo.",
    exports: [
      exportAt(
        "hostel.complaints",
        ({ userId }) =>
          select(
            {
              id: hostelComplaints.id,
              blockId: hostelComplaints.block_id,
              room: hostelComplaints.room,
              category: hostelComplaints.category,
              description: hostelComplaints.description,
              hasPhoto: int(sql`${hostelComplaints.photo_key} IS NOT NULL`),
              status: hostelComplaints.status,
              meTooCount: int(
                sql`(SELECT COUNT(*) FROM hostel_complaint_me_too m WHERE m.complaint_id = ${hostelComplaints.id})`,
              ),
              createdAt: hostelComplaints.created_at,
              updatedAt: hostelComplaints.updated_at,
              resolvedAt: hostelComplaints.resolved_at,
            },
            sql`FROM ${hostelComplaints} WHERE ${hostelComplaints.user_id} = ${userId}
              ORDER BY ${hostelComplaints.created_at} DESC`,
          ),
        (complaints) => complaints.map((complaint) => ({ ...complaint, hasPhoto: complaint.hasPhoto === 1 })),
      ),
    ],
    erase: {
      // A complaint only the student stands behind goes (its own "me too"s with it, by the foreign
      // key), its photo after the batch.
      remove: ({ statement, userId }) => [
        statement((guard) =>
          returning(
            sql`DELETE FROM hostel_complaints WHERE user_id = ${userId} AND ${guard}
              AND NOT EXISTS (SELECT 1 FROM hostel_complaint_me_too m WHERE m.complaint_id = hostel_complaints.id AND m.user_id <> ${userId})`,
            { fileKey: hostelComplaints.photo_key },
          ),
        ),
      ],
    },
  }),
  hostel_complaint_me_too: placed({
    onDelete: "kept-anonymised",
    why: "A 'me too' on another student's complaint counts towards it; the count stays, the person is anonymised.",
    exports: [
      exportAt("hostel.meToos", ({ userId }) =>
        select(
          {
            complaintId: hostelComplaintMeToo.complaint_id,
            category: hostelComplaints.category,
            createdAt: hostelComplaintMeToo.created_at,
          },
          sql`FROM ${hostelComplaintMeToo} JOIN ${hostelComplaints} ON ${hostelComplaints.id} = ${hostelComplaintMeToo.complaint_id}
            WHERE ${hostelComplaintMeToo.user_id} = ${userId} ORDER BY ${hostelComplaintMeToo.created_at} DESC`,
        ),
      ),
    ],
    erase: {},
  }),
  mess_ratings: placed({
    onDelete: "deleted",
    exports: [
      exportAt("hostel.messRatings", ({ userId }) =>
        select(
          {
            date: messRatings.date,
            meal: messRatings.meal_id,
            stars: messRatings.stars,
            createdAt: messRatings.created_at,
            updatedAt: messRatings.updated_at,
          },
          sql`FROM ${messRatings} WHERE ${messRatings.user_id} = ${userId}
            ORDER BY ${messRatings.date} DESC, ${messRatings.meal_id} ASC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM mess_ratings WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  roommate_listings: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "hostel.roommateListing",
        ({ userId }) =>
          select(
            {
              about: roommateListings.about,
              preferredBlock: roommateListings.preferred_block,
              roomType: roommateListings.room_type,
              budgetPaise: roommateListings.budget_paise,
              sleepSchedule: roommateListings.sleep_schedule,
              studyHabits: roommateListings.study_habits,
              cleanliness: roommateListings.cleanliness,
              whatsapp: roommateListings.whatsapp,
              email: roommateListings.email,
              createdAt: roommateListings.created_at,
              updatedAt: roommateListings.updated_at,
            },
            sql`FROM ${roommateListings} WHERE ${roommateListings.user_id} = ${userId}`,
          ),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM roommate_listings WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  laundry_bookings: placed({
    onDelete: "deleted",
    exports: [
      exportAt("hostel.laundryBookings", ({ userId }) =>
        select(
          {
            id: laundryBookings.id,
            date: laundryBookings.date,
            slotId: laundryBookings.slot_id,
            startsAt: laundryBookings.starts_at,
            clothes: laundryBookings.clothes,
            service: laundryBookings.service,
            status: laundryBookings.status,
            createdAt: laundryBookings.created_at,
            cancelledAt: laundryBookings.cancelled_at,
          },
          sql`FROM ${laundryBookings} WHERE ${laundryBookings.user_id} = ${userId} ORDER BY ${laundryBookings.starts_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM laundry_bookings WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
