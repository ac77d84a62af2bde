import { env } from "cloudflare:workers";
import type { StaffRole } from "#server/services/staff.ts";
import { createUser, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";

/** Grants a role directly (as `npm run admin -- grant` does). */
export async function grant(
  user: TestUser,
  role: StaffRole,
  blockId: string | null = null,
  campusId = "cit",
): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
  )
    .bind(crypto.randomUUID(), user.userId, campusId, role, blockId, Date.now())
    .run();
}

export type Who =
  | "owner"
  | "student"
  | "wardenOfBlock"
  | "wardenOfOtherBlock"
  | "staffOfOtherCampus"
  | "adminOfOtherCampus"
  | "moderator"
  | "admin";

export type Cast = Record<Who, TestUser>;

/** One person per role: the complaint's owner and a neighbour in block B of CIT, wardens of B and A, staff of RCE, a moderator and the CIT admin. */
export async function cast(): Promise<Cast> {
  const [owner, student, wardenOfBlock, wardenOfOtherBlock, staffOfOtherCampus, adminOfOtherCampus, moderator, admin] =
    await Promise.all([
      createUser({ name: "Owner Student" }),
      createUser({ name: "Neighbour Student" }),
      createUser({ name: "Warden Bee" }),
      createUser({ name: "Warden Ay" }),
      createUser({ name: "Rce Warden", email: `w-${crypto.randomUUID()}@riverside.test` }),
      createUser({ name: "Rce Admin", email: `a-${crypto.randomUUID()}@riverside.test` }),
      createUser({ name: "Moderator Cit" }),
      createUser({ name: "Admin Cit" }),
    ]);
  await Promise.all([
    grant(wardenOfBlock!, "warden", "B"),
    grant(wardenOfOtherBlock!, "warden", "A"),
    grant(staffOfOtherCampus!, "warden", "rce-1", "rce"),
    grant(adminOfOtherCampus!, "admin", null, "rce"),
    grant(moderator!, "moderator"),
    grant(admin!, "admin"),
  ]);
  return {
    owner: owner!,
    student: student!,
    wardenOfBlock: wardenOfBlock!,
    wardenOfOtherBlock: wardenOfOtherBlock!,
    staffOfOtherCampus: staffOfOtherCampus!,
    adminOfOtherCampus: adminOfOtherCampus!,
    moderator: moderator!,
    admin: admin!,
  };
}

/** A complaint in block B filed by `owner`; `neighbour` lives in B too. */
export async function complaintInB(
  owner: TestUser,
  neighbour?: TestUser,
  description = "The corridor tube light is out.",
  blockId = "B",
): Promise<string> {
  if (neighbour) await sendJson("PUT", "/api/hostel/residence", { blockId, room: "102" }, neighbour.token);
  const res = await sendJson(
    "POST",
    "/api/hostel/complaints",
    { category: "electrical", blockId, room: "101", description },
    owner.token,
  );
  if (res.status !== 201) throw new Error(`complaint: ${res.status}`);
  return (await read<{ id: string }>(res)).data.id;
}

export function setStatus(id: string, body: unknown, token?: string): Promise<Response> {
  return sendJson("PATCH", `/api/hostel/complaints/${id}/status`, body, token);
}
