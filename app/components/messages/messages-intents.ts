import { intents } from "#app/lib/intents.ts";

/**
 * A conversation's forms (Thread, TradeTools and the offer on /messages/:id), all answered by
 * app/lib/messages.server.ts (docs/decisions/0124-typed-actions.md).
 */
export const CONVERSATION_INTENTS = intents(
  "send",
  "offer",
  "answer",
  "withdraw",
  "meetup",
  "agree",
  "contact",
  "block",
  "unblock",
  "report",
);
