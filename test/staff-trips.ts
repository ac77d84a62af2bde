import { env } from "cloudflare:workers";
import { loaderContext } from "#test/loader-context.ts";
import { loader as staffLoader } from "#app/routes/staff.tsx";
import { loader as notificationsLoader } from "#app/routes/notifications.tsx";
import { loader as adminLoader } from "#app/routes/admin.tsx";
import { ORIGIN } from "#test/helpers.ts";
import { countingDb } from "#test/hostel-helpers.ts";

const loaders = { staff: staffLoader, notifications: notificationsLoader, admin: adminLoader };

/** D1 round trips of a page's loader (a batch is one), as test/hostel-queries.test.ts counts them. */
export async function tripsOf(page: keyof typeof loaders, path: string, cookie: string): Promise<number> {
  const { db, count } = countingDb(env.DB);
  const request = new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
  await (loaders[page] as (args: unknown) => Promise<unknown>)({
    context: loaderContext(request, db),
    request,
    params: {},
  });
  return count();
}
