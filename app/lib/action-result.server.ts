import { data } from "react-router";
import { ApiError } from "../../worker/lib/errors";

/**
 * What every screen's action answers, whatever the write: `ok`, the `intent` it was for, and the
 * message the screen shows. A refusal adds the field at fault, its HTTP status (the one the API
 * answers for the same refusal: 404 gone, 409 conflict, 429 limit) and the API's other details
 * (a changed price); a success may add what the screen needs from the service's answer.
 */
export interface ActionResult {
  ok: boolean;
  intent: string;
  message: string;
  field?: string;
  status?: number;
  details?: Record<string, unknown>;
}

export function succeeded<Extra extends object = Record<never, never>>(intent: string, message: string, extra?: Extra) {
  return data({ ...(extra as Extra), ok: true as const, intent, message });
}

/** A refusal (ApiError) as the answer; the response carries the same status the API would. */
export function refused(intent: string, error: ApiError) {
  const { field, ...details } = error.extra;
  return data(
    {
      ok: false as const,
      intent,
      message: error.message,
      status: error.status as number,
      ...(typeof field === "string" ? { field } : {}),
      ...(Object.keys(details).length > 0 ? { details } : {}),
    },
    { status: error.status },
  );
}

/**
 * Runs a route action's service call and turns a refusal (ApiError: bad input, not yours, sold,
 * full slot) into an answer the form shows; anything else stays an error.
 */
export async function attempt(intent: string, success: string, run: () => Promise<unknown>) {
  try {
    await run();
    return succeeded(intent, success);
  } catch (error) {
    if (error instanceof ApiError) return refused(intent, error);
    throw error;
  }
}
