import { data } from "react-router";
import { readForm } from "#app/lib/form.server.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { envOf, type LoaderContext, requireUser } from "#app/lib/session.server.ts";
import { SETUP_MESSAGES } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput } from "#server/lib/validate.ts";

// The campus admin's set-up pages (docs/decisions/0104-campus-setup.md): anyone else gets a plain 403
// page saying what the pages are for, as /admin does.
export async function adminPageRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      throw data(SETUP_MESSAGES.adminsOnly, { status: 403, statusText: "Forbidden" });
    throw error;
  }
}

/**
 * A set-up step's form as each step's action reads it: who posts, the intent ("add", "save:<id>",
 * "remove:<id>" ...) with its verb and id apart (the step dispatches by the verb:
 * #app/lib/actions.server.ts), and the fields.
 */
export async function readSetupForm(context: LoaderContext, request: Request) {
  const user = await requireUser(context);
  requirePageRoles(user, ["admin"], SETUP_MESSAGES.adminsOnly);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const [verb = "", id = ""] = intent.split(":");
  return { user, env: envOf(context), intent, verb, id, input: formInput(form) };
}
