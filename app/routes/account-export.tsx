import { envOf, requireSession } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { exportAccountData, exportHeaders } from "#server/services/account/export.ts";
import type { Route } from "./+types/account-export";

// "Download my data" on /account: a plain link to this resource route, which answers the file with
// the session cookie (works without JavaScript). The same service answers GET /api/auth/account/export.
export async function loader({ context }: Route.LoaderArgs) {
  const { user, sessionId } = await requireSession(context);
  try {
    const data = await exportAccountData(envOf(context), user.id, sessionId);
    return new Response(JSON.stringify(data, null, 2), { headers: exportHeaders() });
  } catch (error) {
    // Too many downloads in a minute: a short page that says so, not an error screen.
    if (error instanceof ApiError)
      return new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    throw error;
  }
}
