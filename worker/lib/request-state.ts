/**
 * What the Worker knows about one request, shared by the API (Hono's `c.var.state`), the loaders and
 * actions (`cloudflareContext`) and the request log: made by the entry's first middleware.
 */
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
