// D1 round trips per hostel page (at most 3 a page; scoping by campus must not add more
// than one: decision 0073). Each loader runs against a binding that counts round trips (a batch is one).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loaderContext } from "#test/loader-context.ts";
import { loader as complaintsLoader } from "#app/routes/hostel-complaints.tsx";
import { loader as messLoader } from "#app/routes/mess-menu.tsx";
import { loader as laundryLoader } from "#app/routes/laundry-service.tsx";
import { loader as roommatesLoader } from "#app/routes/roommate-finder.tsx";
import { createUser, ORIGIN } from "#test/helpers.ts";
import { countingDb, sendJson } from "#test/hostel-helpers.ts";

type AnyLoader = (args: never) => Promise<unknown>;

async function tripsOf(loader: AnyLoader, path: string, cookie?: string): Promise<number> {
  const { db, count } = countingDb(env.DB);
  const request = new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  await (loader as (args: unknown) => Promise<unknown>)({ context: loaderContext(request, db), request, params: {} });
  return count();
}

describe("D1 round trips per hostel page", () => {
  it("each hostel page reads with at most 3", async () => {
    const student = await createUser();
    await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "101" }, student.token);
    const pages: [string, AnyLoader, string, string | undefined][] = [
      ["complaints (block view)", complaintsLoader as AnyLoader, "/hostel-complaints", student.cookie],
      ["complaints (mine)", complaintsLoader as AnyLoader, "/hostel-complaints?view=mine", student.cookie],
      ["mess menu (signed in)", messLoader as AnyLoader, "/mess-menu", student.cookie],
      ["mess menu (visitor)", messLoader as AnyLoader, "/mess-menu", undefined],
      ["laundry", laundryLoader as AnyLoader, "/laundry-service", student.cookie],
      ["roommate finder", roommatesLoader as AnyLoader, "/roommate-finder", student.cookie],
    ];
    const counts: Record<string, number> = {};
    for (const [name, loader, path, cookie] of pages) counts[name] = await tripsOf(loader, path, cookie);
    console.log(`D1 round trips per page: ${JSON.stringify(counts)}`);
    for (const [name, n] of Object.entries(counts)) expect(n, name).toBeLessThanOrEqual(3);
  });
});
