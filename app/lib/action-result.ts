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
  /** Every invalid field with its problem, when the input failed its schema (decision 0103). */
  fields?: Record<string, string>;
  status?: number;
  details?: Record<string, unknown>;
}

/**
 * What a form shows under field `name` after this answer: its own problem, or the refusal's message
 * when the refusal is about that field; null otherwise (a success, another field, no answer yet).
 */
export function fieldError(result: ActionResult | null | undefined, name: string): string | null {
  if (!result || result.ok) return null;
  return result.fields?.[name] ?? (result.field === name ? result.message : null);
}
