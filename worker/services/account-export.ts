// "Download my data": everything Campus holds about the signed-in student, as one JSON document, for
// both doors (GET /api/auth/account/export and the /account/export link). Secrets are never part of
// it: no password hash, no session token, no Google token, no code or its hash. Which table lands
// where is listed in ./personal-data.ts; test/account-data.test.ts keeps the two in step.
import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import {
  notices as noticesTable,
  staffAuditLog,
  staffRoles,
  contentReports,
  tradeRatings,
  campuses,
  classroomReminders,
  emailCodes,
  googleConnections,
  googleHandoffs,
  hostelBlocks,
  hostelComplaintMeToo,
  hostelComplaints,
  hostelResidents,
  blockMoves as blockMovesTable,
  calendarFeeds,
  notificationSettings,
  pushSubscriptions,
  laundryBookings,
  loginThrottle,
  messRatings,
  products,
  reservationLog,
  roommateListings,
  saleNotifications,
  savedProducts,
  sessions,
  studyRequests,
  users,
  wantedPosts,
  writers,
} from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { imageUrl, photosOf } from "#server/services/market/product-view.ts";

export const EXPORT_FORMAT = "campus-account-export/1";
export const EXPORT_LIMITED =
  "You have downloaded your data several times in the last minute. Please wait a minute and try again.";

/** The file's name: the date of the export (India time) and nothing personal. */
export function exportFileName(now = Date.now()): string {
  const day = new Date(now + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return `campus-my-data-${day}.json`;
}

/** Headers of the download, on both doors: a file to save, never cached anywhere. */
export function exportHeaders(now = Date.now()): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
    "Cache-Control": "no-store",
  };
}

/**
 * The student's data. Rate limited per student (EXPORT_LIMITER): it reads every table, so a script
 * must not be able to loop it. All reads go in one D1 batch (one round trip).
 */
export async function exportAccountData(env: Env, userId: string, currentSessionId: string | null, now = Date.now()) {
  const { success } = await env.EXPORT_LIMITER.limit({ key: `export:${userId}` });
  if (!success) throw new ApiError(429, EXPORT_LIMITED);
  const db = getDb(env.DB);
  const [
    account,
    devices,
    selling,
    bought,
    notices,
    requests,
    writer,
    handoffs,
    connection,
    reminders,
    residence,
    blockMoves,
    complaints,
    meToos,
    ratings,
    listing,
    bookings,
    throttle,
    codes,
    staffRoleRows,
    auditRows,
    noticeRows,
    reportsMade,
    tradeRatingRows,
    savedRows,
    wantedRows,
    calendarRows,
    deviceRows,
    settingRows,
    reservationRows,
  ] = await db.batch([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
        googleLinked: sql<number>`${users.googleSub} IS NOT NULL`.mapWith(Boolean),
        campusId: users.campusId,
        // Subqueries, not a join: a batch reads rows by column name, and both tables have id and name.
        campusName: sql<string>`(SELECT ${campuses.name} FROM ${campuses} WHERE ${campuses.id} = ${users.campusId})`,
        campusShortName: sql<string>`(SELECT ${campuses.shortName} FROM ${campuses} WHERE ${campuses.id} = ${users.campusId})`,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        id: sessions.id,
        device: sessions.device,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt)),
    db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        pricePaise: products.pricePaise,
        sellerName: products.sellerName,
        whatsappNumber: products.whatsappNumber,
        imageKey: products.imageKey,
        imageType: products.imageType,
        photos: products.photos,
        category: products.category,
        condition: products.condition,
        expiresAt: products.expiresAt,
        status: products.status,
        buyerName: products.buyerName,
        soldAt: products.purchasedAt,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .where(eq(products.sellerId, userId))
      .orderBy(desc(products.createdAt)),
    db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        pricePaise: products.pricePaise,
        sellerName: products.sellerName,
        purchasedAt: products.purchasedAt,
      })
      .from(products)
      .where(eq(products.buyerId, userId))
      .orderBy(desc(products.purchasedAt)),
    db
      .select({
        id: saleNotifications.id,
        productId: saleNotifications.productId,
        productTitle: saleNotifications.productTitle,
        buyerName: saleNotifications.buyerName,
        pricePaise: saleNotifications.pricePaise,
        createdAt: saleNotifications.createdAt,
        readAt: saleNotifications.readAt,
      })
      .from(saleNotifications)
      .where(eq(saleNotifications.sellerId, userId))
      .orderBy(desc(saleNotifications.createdAt)),
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
    // One-time Google codes waiting to be redeemed (a minute at most): how many and for what, never the hash.
    db
      .select({ purpose: googleHandoffs.purpose, expiresAt: googleHandoffs.expiresAt })
      .from(googleHandoffs)
      .where(eq(googleHandoffs.userId, userId)),
    db
      .select({
        googleEmail: googleConnections.googleEmail,
        remindersEnabled: googleConnections.remindersEnabled,
        lastCheckedAt: googleConnections.lastCheckedAt,
        lastError: googleConnections.lastError,
        updatedAt: googleConnections.updatedAt,
      })
      .from(googleConnections)
      .where(eq(googleConnections.userId, userId)),
    db
      .select({
        courseName: classroomReminders.courseName,
        title: classroomReminders.title,
        kind: classroomReminders.kind,
        dueAt: classroomReminders.dueAt,
        link: classroomReminders.link,
        sentAt: classroomReminders.createdAt,
      })
      .from(classroomReminders)
      .where(eq(classroomReminders.userId, userId))
      .orderBy(desc(classroomReminders.createdAt)),
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
    // The student's requests to move to another block, and what the warden decided.
    db
      .select({
        fromBlockId: blockMovesTable.fromBlockId,
        toBlockId: blockMovesTable.toBlockId,
        room: blockMovesTable.room,
        status: blockMovesTable.status,
        requestedAt: blockMovesTable.createdAt,
        decidedAt: blockMovesTable.decidedAt,
        note: blockMovesTable.note,
      })
      .from(blockMovesTable)
      .where(eq(blockMovesTable.userId, userId))
      .orderBy(desc(blockMovesTable.createdAt)),
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
    // Failed sign-ins are counted per address, so the row is found by the account's e-mail.
    db
      .select({
        failures: loginThrottle.failures,
        windowStartedAt: loginThrottle.windowStartedAt,
        lockedUntil: loginThrottle.lockedUntil,
      })
      .from(loginThrottle)
      .where(sql`${loginThrottle.email} = (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`),
    // E-mailed codes waiting to be used: what for and until when, never the code or its hash.
    db
      .select({
        purpose: emailCodes.purpose,
        sentAt: emailCodes.sentAt,
        expiresAt: emailCodes.expiresAt,
        tries: emailCodes.tries,
      })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), gt(emailCodes.expiresAt, now))),
    // The student's staff roles, the audit lines of what they did as staff or what staff
    // did about them, and their notices.
    db
      .select({
        role: staffRoles.role,
        campusId: staffRoles.campusId,
        blockId: staffRoles.blockId,
        grantedAt: staffRoles.grantedAt,
      })
      .from(staffRoles)
      .where(eq(staffRoles.userId, userId)),
    db
      .select({
        action: staffAuditLog.action,
        subjectKind: staffAuditLog.subjectKind,
        subjectId: staffAuditLog.subjectId,
        byMe: sql<number>`${staffAuditLog.actorId} = ${userId}`.mapWith((v) => v === 1),
        aboutMe: sql<number>`${staffAuditLog.studentId} = ${userId}`.mapWith((v) => v === 1),
        note: staffAuditLog.note,
        createdAt: staffAuditLog.createdAt,
      })
      .from(staffAuditLog)
      .where(or(eq(staffAuditLog.actorId, userId), eq(staffAuditLog.studentId, userId)))
      .orderBy(desc(staffAuditLog.createdAt)),
    db
      .select({
        kind: noticesTable.kind,
        title: noticesTable.title,
        text: noticesTable.text,
        link: noticesTable.link,
        createdAt: noticesTable.createdAt,
        readAt: noticesTable.readAt,
      })
      .from(noticesTable)
      .where(eq(noticesTable.userId, userId))
      .orderBy(desc(noticesTable.createdAt)),
    // The reports the student made (what, why, and whether a moderator has looked).
    db
      .select({
        kind: contentReports.kind,
        subjectId: contentReports.subjectId,
        reason: contentReports.reason,
        note: contentReports.note,
        createdAt: contentReports.createdAt,
        resolvedAt: contentReports.resolvedAt,
      })
      .from(contentReports)
      .where(eq(contentReports.reporterId, userId))
      .orderBy(desc(contentReports.createdAt)),
    // Ratings the student gave and received after handovers.
    db
      .select({
        productId: tradeRatings.productId,
        given: sql<number>`${tradeRatings.raterId} = ${userId}`.mapWith((v) => v === 1),
        role: tradeRatings.role,
        stars: tradeRatings.stars,
        note: tradeRatings.note,
        createdAt: tradeRatings.createdAt,
      })
      .from(tradeRatings)
      .where(or(eq(tradeRatings.raterId, userId), eq(tradeRatings.rateeId, userId)))
      .orderBy(desc(tradeRatings.createdAt)),
    db
      .select({ productId: savedProducts.productId, savedAt: savedProducts.createdAt })
      .from(savedProducts)
      .where(eq(savedProducts.userId, userId))
      .orderBy(desc(savedProducts.createdAt)),
    db
      .select({
        id: wantedPosts.id,
        words: wantedPosts.words,
        category: wantedPosts.category,
        maxPricePaise: wantedPosts.maxPricePaise,
        createdAt: wantedPosts.createdAt,
        expiresAt: wantedPosts.expiresAt,
      })
      .from(wantedPosts)
      .where(eq(wantedPosts.userId, userId))
      .orderBy(desc(wantedPosts.createdAt)),
    // The feed's secret is never kept (only its hash, which is not exported): when it was made.
    db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    // A device's push service address (its keys are the browser's, not the student's words: left out).
    db
      .select({
        endpoint: pushSubscriptions.endpoint,
        createdAt: pushSubscriptions.createdAt,
        lastSentAt: pushSubscriptions.lastSentAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
    db
      .select({
        muted: notificationSettings.muted,
        quietFrom: notificationSettings.quietFrom,
        quietTo: notificationSettings.quietTo,
        digest: notificationSettings.digest,
        digestSentOn: notificationSettings.digestSentOn,
        updatedAt: notificationSettings.updatedAt,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    // Every reservation the student made (the 24-hour purchase limit counts them).
    db
      .select({ productId: reservationLog.productId, reservedAt: reservationLog.createdAt })
      .from(reservationLog)
      .where(eq(reservationLog.buyerId, userId))
      .orderBy(desc(reservationLog.createdAt)),
  ]);
  const me = account[0];
  if (!me) throw new ApiError(401, "Please sign in to continue.");
  const google = connection[0];
  return {
    format: EXPORT_FORMAT,
    exportedAt: now,
    about:
      "Everything Campus holds about you, given under your right of access in India's Digital Personal Data Protection Act, 2023. Times are UTC milliseconds since 1970; money is in paise (100 paise = 1 rupee). Passwords, sign-in tokens and codes are never included.",
    account: {
      id: me.id,
      name: me.name,
      email: me.email,
      campus: { id: me.campusId, name: me.campusName, shortName: me.campusShortName },
      verified: me.emailVerifiedAt !== null,
      verifiedAt: me.emailVerifiedAt,
      hasPassword: me.hasPassword,
      googleLinked: me.googleLinked,
      createdAt: me.createdAt,
    },
    devices: devices.map((d) => ({
      device: d.device,
      signedInAt: d.createdAt,
      lastSeenAt: d.lastSeenAt,
      expiresAt: d.expiresAt,
      current: d.id === currentSessionId,
    })),
    marketplace: {
      selling: selling.map(({ imageKey, imageType, photos, ...p }) => ({
        ...p,
        image: imageUrl(imageKey),
        images: photosOf({ imageKey, imageType, photos }).map((photo) => imageUrl(photo.key)),
      })),
      bought,
      saleNotifications: notices,
      ratings: tradeRatingRows,
      saved: savedRows,
      wanted: wantedRows,
      reservationsMade: reservationRows,
    },
    studySwap: { requests, writerProfile: writer[0] ?? null },
    hostel: {
      residence: residence[0] ?? null,
      blockMoves,
      complaints,
      meToos,
      messRatings: ratings,
      roommateListing: listing[0] ?? null,
      laundryBookings: bookings,
    },
    classroom: {
      connected: google !== undefined,
      ...(google ?? {}),
      remindersSent: reminders,
      pendingGoogleCodes: handoffs,
    },
    calendarFeed: calendarRows[0] ? { since: calendarRows[0].createdAt } : null,
    signInThrottle: throttle[0] ?? null,
    codes,
    staff: { roles: staffRoleRows, auditLog: auditRows },
    notices: noticeRows,
    notifications: { devices: deviceRows, settings: settingRows[0] ?? null },
    reportsMade,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;
