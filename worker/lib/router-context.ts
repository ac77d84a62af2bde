import { createContext } from "react-router";
import type { RequestState } from "#server/lib/request-state.ts";

/** What every loader and action gets from the Worker: bindings, execution context, request state. */
export interface CloudflareContext {
  env: Env;
  /** The request's waitUntil: work the runtime finishes after the answer. */
  ctx: Pick<ExecutionContext, "waitUntil">;
  state: RequestState;
}

export const cloudflareContext = createContext<CloudflareContext>();
