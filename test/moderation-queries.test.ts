// D1 round trips of /staff for a moderator and an admin: the session, the staff view and
// the moderation queue, at most 3; and /all-products with the hidden condition stays at its count.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loaderContext } from "#test/loader-context.ts";
import { loader as staffLoader } from "#app/routes/staff.tsx";
import { loader as productsLoader } from "#app/routes/all-products.tsx";
import { createUser, ORIGIN } from "#test/helpers.ts";
import { countingDb } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

type AnyLoader = (args: never) => Promise<unknown>;

async function tripsOf(loader: AnyLoader, path: string, cookie: string): Promise<number> {
  const { db, count } = countingDb(env.DB);
  const request = new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
  await (loader as (args: unknown) => Promise<unknown>)({ context: loaderContext(request, db), request, params: {} });
  return count();
}

describe("D1 round trips with moderation", () => {
  it("/staff for a moderator and an admin, and /all-products for a student, read with at most 3", async () => {
    const [moderator, admin, student] = await Promise.all([createUser(), createUser(), createUser()]);
    await Promise.all([grant(moderator!, "moderator"), grant(admin!, "admin")]);
    expect(await tripsOf(staffLoader, "/staff", moderator!.cookie)).toBeLessThanOrEqual(3);
    expect(await tripsOf(staffLoader, "/staff", admin!.cookie)).toBeLessThanOrEqual(3);
    expect(await tripsOf(productsLoader, "/all-products", student!.cookie)).toBeLessThanOrEqual(3);
  });
});
