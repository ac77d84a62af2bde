import { data } from "react-router";
import { ApiError } from "../../worker/lib/errors";

export interface ActionResult {
  ok: boolean;
  intent: string;
  message: string;
  field?: string;
}

/**
 * Runs a route action's service call and turns a refusal (ApiError: bad input, not yours, full slot)
 * into an answer the form shows next to the field; anything else stays an error.
 */
export async function attempt(intent: string, success: string, run: () => Promise<unknown>) {
  try {
    await run();
    return data<ActionResult>({ ok: true, intent, message: success });
  } catch (error) {
    if (error instanceof ApiError) {
      const field = typeof error.extra.field === "string" ? error.extra.field : undefined;
      return data<ActionResult>({ ok: false, intent, message: error.message, ...(field ? { field } : {}) }, { status: error.status });
    }
    throw error;
  }
}
