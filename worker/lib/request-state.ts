/** What the Worker knows about one request, shared by the API, the loaders and the request log. */
export interface RequestState {
  reqId: string;
  nonce: string;
  startedAt: number;
  userId?: string;
  /**
   * The tag of the session this request carried (common/device-session.ts), or null when it carried
   * none the server accepts; absent when nothing looked at the session.
   */
  sessionTag?: string | null;
  /** Set when the request body passed its byte limit while being read (worker/lib/body-limit.ts). */
  bodyTooLarge?: boolean;
}

// Hono receives the raw Request, so the entry hands the state over keyed by that object.
const states = new WeakMap<Request, RequestState>();

export function attachState(request: Request, state: RequestState): void {
  states.set(request, state);
}

export function stateOf(request: Request): RequestState {
  const state = states.get(request);
  if (state) return state;
  const created: RequestState = { reqId: crypto.randomUUID(), nonce: "", startedAt: Date.now() };
  states.set(request, created);
  return created;
}
