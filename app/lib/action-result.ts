/**
 * What every screen's action answers, whatever the write: `ok`, the `intent` it was for, and the
 * message the screen shows. A refusal adds the field at fault, its HTTP status (the one the API
 * answers for the same refusal: 404 gone, 409 conflict, 429 limit; 0 when Campus could not be
 * reached) and the API's other details (a changed price, what was typed); a success may add what the
 * screen needs from the service's answer. Client-safe: components type their fetchers with it; the
 * helpers that build it live in ./action-result.server.ts.
 */
export interface ActionResult {
  ok: boolean;
  intent: string;
  message: string;
  field?: string;
  status?: number;
  details?: Record<string, unknown>;
}
