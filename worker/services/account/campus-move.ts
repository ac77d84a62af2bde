// What a move to another campus does to a student's place at the old one
// (docs/decisions/0123-changing-the-address.md). A change of e-mail address moves the account when the
// new address is another college's (or no college's: the Open community). What the student offered
// to the old campus's members leaves it; what is a record (trades, ratings, complaints, library
// uploads, attendance, messages, reports, notices) stays with the account; and what another person is
// waiting on (a reservation before its handover) or what the college gave (a staff role) must be
// ended first. The statements run in the batch of the change, under its condition.
import { int, returning, select, type Sql, sql } from "#server/db/sql.ts";
import { products } from "#server/db/tables.generated.ts";
import { EMAIL_CHANGE_MESSAGES } from "#common/account-messages.ts";
import { ApiError } from "#server/lib/errors.ts";

/** What stops a move: a staff role at the old campus, a reservation waiting for its handover (as seller or buyer). */
export interface MoveBlockers {
  staff: boolean;
  reserved: boolean;
}

/** The SQL condition "nothing stops `userId` leaving `campusId`", for the change's own statement. */
export function mayLeave(userId: string, campusId: string): Sql {
  return sql`NOT EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${userId} AND campus_id = ${campusId})
    AND NOT EXISTS (SELECT 1 FROM products WHERE seller_id = ${userId} AND status = 'sold' AND handed_over_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM products WHERE buyer_id = ${userId} AND status = 'sold' AND handed_over_at IS NULL)`;
}

/** The read of MoveBlockers (one row), for a batch of reads. */
export function moveBlockersRead(userId: string, campusId: string) {
  return select(
    {
      staff: int(sql`EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${userId} AND campus_id = ${campusId})`),
      reserved:
        int(sql`(EXISTS (SELECT 1 FROM products WHERE seller_id = ${userId} AND status = 'sold' AND handed_over_at IS NULL)
      OR EXISTS (SELECT 1 FROM products WHERE buyer_id = ${userId} AND status = 'sold' AND handed_over_at IS NULL))`),
    },
    sql``,
  );
}

/** MoveBlockers from the rows of moveBlockersRead. */
export function moveBlockersOf(rows: { staff: number; reserved: number }[]): MoveBlockers {
  const [row] = rows;
  return { staff: row?.staff === 1, reserved: row?.reserved === 1 };
}

/** Refuses a move that something stops (409, saying what to end first). */
export function refuseBlockedMove(blockers: MoveBlockers, campusName: string): void {
  if (blockers.staff) throw new ApiError(409, EMAIL_CHANGE_MESSAGES.staffMove(campusName), { code: "staff_role" });
  if (blockers.reserved)
    throw new ApiError(409, EMAIL_CHANGE_MESSAGES.reservationMove(campusName), { code: "open_reservation" });
}

/**
 * Leaving `from`: the statements that take the student's offers and places at the old campus away,
 * each under `when` (the change happened, in this batch). The first statement's rows are the
 * listings withdrawn. Listings on sale are withdrawn the way a listing ends at 60 days (they leave
 * Browse, take no purchase, offer or new conversation, and stay on My Sells; renewing needs the
 * seller's own campus: worker/services/market/expiry.ts), so their conversations, reports and photos
 * stay as they were.
 */
export function leaveCampus(userId: string, from: string, now: number, when: Sql) {
  return [
    returning(
      sql`UPDATE products SET expires_at = ${now}, updated_at = ${now}
      WHERE seller_id = ${userId} AND campus_id = ${from} AND status = 'available' AND expires_at > ${now} AND ${when}`,
      { id: products.id },
    ),
    // Offers waiting on those listings, and the student's own waiting offers as a buyer, lapse.
    sql`UPDATE offers SET status = 'lapsed', decided_at = ${now}
      WHERE status = 'waiting' AND product_id IN (SELECT id FROM products WHERE seller_id = ${userId} AND campus_id = ${from}) AND ${when}`,
    sql`UPDATE offers SET status = 'lapsed', decided_at = ${now}
      WHERE status = 'waiting' AND buyer_id = ${userId} AND ${when}`,
    sql`UPDATE wanted_posts SET expires_at = ${now}
      WHERE user_id = ${userId} AND campus_id = ${from} AND expires_at > ${now} AND ${when}`,
    sql`UPDATE study_requests SET status = 'closed', closed_at = ${now}
      WHERE owner_id = ${userId} AND campus_id = ${from} AND status = 'open' AND ${when}`,
    sql`DELETE FROM writers WHERE user_id = ${userId} AND campus_id = ${from} AND ${when}`,
    sql`DELETE FROM roommate_listings WHERE user_id = ${userId} AND campus_id = ${from} AND ${when}`,
    sql`DELETE FROM hostel_residents
      WHERE user_id = ${userId} AND block_id IN (SELECT id FROM hostel_blocks WHERE campus_id = ${from}) AND ${when}`,
    sql`UPDATE block_moves SET status = 'cancelled', decided_at = ${now}
      WHERE user_id = ${userId} AND campus_id = ${from} AND status = 'pending' AND ${when}`,
    // Bookings the laundry has not picked up yet; clothes already with the laundry are collected as booked.
    sql`UPDATE laundry_bookings SET status = 'cancelled', cancelled_at = ${now}
      WHERE user_id = ${userId} AND status = 'booked' AND slot_id IN (SELECT id FROM laundry_slots WHERE campus_id = ${from}) AND ${when}`,
    sql`DELETE FROM timetable_choices
      WHERE user_id = ${userId} AND class_id IN (SELECT id FROM timetable_classes WHERE campus_id = ${from}) AND ${when}`,
    sql`DELETE FROM timetable_reps
      WHERE user_id = ${userId} AND class_id IN (SELECT id FROM timetable_classes WHERE campus_id = ${from}) AND ${when}`,
    sql`DELETE FROM exam_subjects
      WHERE user_id = ${userId} AND subject_id IN (SELECT id FROM academic_subjects WHERE campus_id = ${from}) AND ${when}`,
    sql`DELETE FROM saved_products
      WHERE user_id = ${userId} AND EXISTS (SELECT 1 FROM products p WHERE p.id = saved_products.product_id AND p.campus_id = ${from}) AND ${when}`,
    // Open lost & found posts close as at their 30 days (renewing needs the poster's own campus);
    // claims made and their handovers stay for the other side to read (docs/decisions/0129).
    sql`UPDATE lost_found_posts SET status = 'expired', expires_at = ${now}, updated_at = ${now}
      WHERE user_id = ${userId} AND campus_id = ${from} AND status = 'open' AND ${when}`,
  ] as const;
}
