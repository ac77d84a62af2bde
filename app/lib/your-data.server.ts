import { redirect, type RouterContextProvider } from "react-router";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { codeScope, envOf } from "#app/lib/session.server.ts";
import { cloudflareContext } from "#server/lib/router-context.ts";
import { rateLimitAddress } from "#server/lib/client-address.ts";
import { ApiError } from "#server/lib/errors.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import { parseWith } from "#server/lib/validate.ts";
import { deleteAccount, deleteAccountSchema, sendDeletionCode } from "#server/services/account-deletion.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { assertCodeAllowed } from "#server/services/email-codes.ts";
import { SEND_CODE_INTENT } from "#app/components/account/YourData.tsx";

// The /account action's "Your data" intents (app/components/account/YourData.tsx), through the same
// services as DELETE /api/auth/account and POST /api/auth/account/deletion-code.

const text = (value: FormDataEntryValue | null) =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

export async function yourDataAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  session: { user: SessionUser; sessionId: string },
  intent: string,
  form: FormData,
) {
  const env = envOf(context);
  const scope = codeScope(context);
  const clientAddress = rateLimitAddress(request.headers.get("CF-Connecting-IP"));
  try {
    if (intent === SEND_CODE_INTENT) {
      await assertCodeAllowed(env, clientAddress);
      return succeeded(intent, await sendDeletionCode(env, scope, session.user));
    }
    const input = parseWith(deleteAccountSchema, {
      password: text(form.get("password")),
      code: text(form.get("code")),
    });
    if (input.code !== undefined) await assertCodeAllowed(env, clientAddress);
    await deleteAccount(
      env,
      { ...scope, reqId: context.get(cloudflareContext).state.reqId },
      { userId: session.user.id, sessionId: session.sessionId },
      input,
    );
  } catch (error) {
    if (error instanceof ApiError) return refused(intent, error);
    throw error;
  }
  // Signed out here too (the session row is gone already), onto the page that says so.
  throw redirect("/account/deleted", { headers: { "Set-Cookie": clearedSessionCookie() } });
}
