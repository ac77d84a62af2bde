import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error whose message is safe and useful to show to the person who caused it. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}
