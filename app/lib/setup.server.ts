import { data } from "react-router";
import { SETUP_MESSAGES } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";

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
