// Server-only entry to the Study Swap services for loaders and actions (never bundled for the browser).
export * from "../../worker/services/studyswap";
export { ApiError } from "../../worker/lib/errors";

import { data } from "react-router";
import { ApiError as ServiceError } from "../../worker/lib/errors";

/** An action's answer for a refused form: the service's message (and field), with its status. */
export function formFailure(error: unknown, intent: string) {
  if (error instanceof ServiceError) {
    const field = typeof error.extra.field === "string" ? error.extra.field : null;
    return data({ intent, ok: false as const, message: error.message, field }, { status: error.status });
  }
  throw error;
}
