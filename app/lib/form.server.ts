import { data } from "react-router";

export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/**
 * The posted form of a route action. A body that is not a form (malformed multipart, a truncated
 * upload, the wrong content type) is the client's fault: a 400 with a message the error boundary
 * shows, never a 500. A body over the route's byte limit fails here too; the Worker entry then
 * answers 413 for it (worker/lib/body-limit.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400, statusText: "Bad Request" });
  }
}
