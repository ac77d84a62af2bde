import { data } from "react-router";
import { ApiError } from "#server/lib/errors.ts";

// The helpers that build every action's answer (the shape: ./action-result.ts).
export type { ActionResult } from "#app/lib/action-result.ts";

/** A success; `extra` is what the screen needs besides the message, `init` a header to set. */
export function succeeded<Extra extends object = Record<never, never>>(
  intent: string,
  message: string,
  extra?: Extra,
  init?: ResponseInit,
) {
  return data({ ...(extra as Extra), ok: true as const, intent, message }, init);
}

/**
 * A refusal (ApiError) as the answer; the response carries the same status the API would.
 * `more.details` adds to the API's details (what was typed), `more.headers` sets headers (Retry-After).
 */
export function refused(
  intent: string,
  error: ApiError,
  more: { details?: Record<string, unknown>; headers?: HeadersInit } = {},
) {
  const { field, fields, ...apiDetails } = error.extra;
  const details = { ...apiDetails, ...more.details };
  return data(
    {
      ok: false as const,
      intent,
      message: error.message,
      status: error.status as number,
      ...(typeof field === "string" ? { field } : {}),
      ...(fields && typeof fields === "object" ? { fields: fields as Record<string, string> } : {}),
      ...(Object.keys(details).length > 0 ? { details } : {}),
    },
    { status: error.status, headers: more.headers },
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

/**
 * As `attempt`, for a service that answers what to say: its `message`, and `details` the screen
 * needs (that a calendar link was reset, say).
 */
export async function attemptTold(
  intent: string,
  run: () => Promise<{ message: string; details?: Record<string, unknown> }>,
) {
  try {
    const { message, details } = await run();
    return succeeded(intent, message, details ? { details } : undefined);
  } catch (error) {
    if (error instanceof ApiError) return refused(intent, error);
    throw error;
  }
}
