import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * Validates input for the API, route actions and services alike: the first problem becomes a 400
 * whose message a person can act on, with the field it concerns.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".");
    throw new ApiError(400, issue?.message ?? "The request is not valid.", field ? { field } : {});
  }
  return result.data;
}
