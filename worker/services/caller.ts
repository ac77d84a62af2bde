import type { Later } from "#server/services/mail.ts";

/**
 * The request a use-case serves, as its door reads it (decision 0103): where it came from, on which
 * device, and the request's waitUntil. Limits keyed by the client, a new session's device label and
 * mail sent after the answer need it; the acting student is a parameter of its own. Each door makes
 * it once: `callerOf` in worker/api/caller.ts and app/lib/caller.server.ts.
 */
export interface Caller {
  /** The client's rate-limit key (worker/lib/client-address.ts: an IPv6 client is its /64). */
  clientAddress: string;
  /** The User-Agent, which names the device of a new session ("Chrome on Android"). */
  userAgent: string | null;
  /** The request's waitUntil: mail goes out after the answer. */
  later?: Later;
  /** The request's id, for a warning line of what the use-case did. */
  reqId?: string;
}
