import { refused } from "#app/lib/action-result.server.ts";
import type { Intents } from "#app/lib/intents.ts";
import { ApiError } from "#server/lib/errors.ts";

// How every page action picks its branch (docs/decisions/0124-typed-actions.md): the intents the
// page declares (#app/lib/intents.ts), one handler per declared intent, and the one answer to any
// other: 400 "Unknown action.", nothing run.

/** A handler gets the intent as posted: what its answer echoes (`attempt(intent, ...)`). */
type Handler = (intent: string) => unknown;

/** Exactly one handler per declared intent: a missing one, or one for an undeclared name, fails tsc. */
export type Handlers<K extends string> = { [P in K]: Handler };
// NoInfer: the handlers' own names are inferred from the object alone (so each handler's parameter
// is typed by Handlers<K>), then any name beyond the declared ones must be `never`.
type Exactly<H, K extends string> = H & NoInfer<{ [X in Exclude<keyof H, K>]: never }>;

/** What the form posted: the form itself (its `intent` field), or an intent already read with the
 * declared name it is for (the set-up steps post "save:<id>" for `save`). */
type Posted = FormData | { intent: string; name: string };

/** A posted intent that may carry its record's id ("save:<id>", `withId`): dispatched by the name before the colon. */
export function byName(posted: FormData | string) {
  const intent = typeof posted === "string" ? posted : String(posted.get("intent") ?? "");
  const [name = "", id = ""] = intent.split(":");
  return { intent, name, id };
}

/** The answer to an intent the page does not declare, or no intent at all. */
export const unknownAction = (intent: string) => refused(intent, new ApiError(400, "Unknown action."));

export async function dispatch<K extends string, H extends Handlers<K>>(
  posted: Posted,
  declared: Intents<K>,
  handlers: Exactly<H, K>,
): Promise<Awaited<ReturnType<H[K]>> | ReturnType<typeof unknownAction>> {
  const intent = posted instanceof FormData ? String(posted.get("intent") ?? "") : posted.intent;
  const name = posted instanceof FormData ? intent : posted.name;
  if (!Object.hasOwn(declared, name) || !Object.hasOwn(handlers, name)) return unknownAction(intent);
  return (await (handlers as Record<string, Handler>)[name]!(intent)) as Awaited<ReturnType<H[K]>>;
}
