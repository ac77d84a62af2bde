import { redirect, type RouterContextProvider } from "react-router";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { callerOf } from "#app/lib/caller.server.ts";
import { envOf } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { deleteAccount, deleteAccountSchema, sendDeletionCode } from "#server/services/account/deletion.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { SEND_CODE_INTENT } from "#app/components/account/YourData.tsx";

// The /account action's "Your data" intents (app/components/account/YourData.tsx), through the same
// use-cases as DELETE /api/auth/account and POST /api/auth/account/deletion-code.

export async function yourDataAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  session: { user: SessionUser; sessionId: string },
  intent: string,
  form: FormData,
) {
  const env = envOf(context);
  const caller = callerOf(context, request);
  try {
    if (intent === SEND_CODE_INTENT) return succeeded(intent, await sendDeletionCode(env, caller, session.user));
    await deleteAccount(
      env,
      caller,
      { userId: session.user.id, sessionId: session.sessionId },
      parseWith(deleteAccountSchema, formInput(form)),
    );
  } catch (error) {
    if (error instanceof ApiError) return refused(intent, error);
    throw error;
  }
  // Signed out here too (the session row is gone already), onto the page that says so.
  throw redirect("/account/deleted", { headers: { "Set-Cookie": clearedSessionCookie() } });
}
