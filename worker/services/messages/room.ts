import { DurableObject } from "cloudflare:workers";
import { CONVERSATION_MESSAGES as M, SOCKET_SIGNED_OUT, type SocketEvent } from "#common/messages.ts";
import { all, type Expr, select, sql, textOrNull } from "#server/db/sql.ts";
import { sessions } from "#server/db/tables.generated.ts";

// One Durable Object per conversation (docs/decisions/0113-conversations.md): it holds the two
// members' open WebSockets through the Hibernation API and passes each event to them. It stores
// nothing: the messages are in D1, written by the request that sent them, which then calls
// `broadcast`. While nobody sends anything the object is evicted from memory and its sockets stay
// open, so an idle conversation costs no duration.
//
// A socket lives only as long as the session that opened it: every delivery first closes the
// sockets whose session has ended (signed out, signed out everywhere, signed out from another
// device, a password change or reset, expiry, a deleted account), so no path that ends a session has
// to find the conversations its sockets are in. A message's or seen mark's sender reads the members'
// live sessions in the query it runs anyway (`liveSessionsOf`); typing, which no request carries, is
// checked here against D1.

/** What a socket carries through hibernation: whose it is, and the session that opened it. */
interface Attachment {
  userId: string;
  /** Absent on a socket opened before sessions were recorded: it is asked to reconnect. */
  sessionId?: string;
}

/**
 * A column of a select list: a JSON array of the ids of the sessions that still stand at `now` of
 * the two members of the conversation `conversationId` (a column of the query): the only sessions
 * whose sockets may hear it.
 */
export function liveSessionsOf(conversationId: Expr<string>, now: number) {
  return textOrNull(sql`(SELECT json_group_array(s.id) FROM sessions s
    WHERE s.user_id IN (SELECT buyer_id FROM conversations WHERE id = ${conversationId} UNION ALL SELECT seller_id FROM conversations WHERE id = ${conversationId})
      AND s.expires_at > ${now})`);
}

/** The live sessions a query read with liveSessionsOf, for `broadcast`. */
export function liveSessions(json: string | null | undefined): string[] {
  const ids = JSON.parse(json ?? "[]") as unknown;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

/** A socket may say it is typing at most this often (a script cannot make the object busy). */
const TYPING_EVERY_MS = 2000;
/** Open sockets of one member in one conversation (tabs, phone and laptop); the oldest is closed beyond it. */
const SOCKETS_PER_MEMBER = 4;

export class ConversationRoom extends DurableObject<Env> {
  private lastTyping = new Map<string, number>();

  /**
   * The WebSocket upgrade, already authorised by the Worker (worker/api/messages.ts): it passes the
   * member's id in a header only it can set, since the object is not reachable from outside.
   */
  override async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get("X-Campus-Member");
    const sessionId = request.headers.get("X-Campus-Session");
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId || !sessionId)
      return new Response("Expected a WebSocket upgrade.", { status: 426 });
    const mine = this.ctx.getWebSockets(userId);
    for (const old of mine.slice(0, Math.max(0, mine.length - SOCKETS_PER_MEMBER + 1)))
      old.close(4000, "Opened in another tab.");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, sessionId } satisfies Attachment);
    // Pings are answered without waking the object.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A new message or a seen mark, to every open socket of the conversation whose session is among
   * `live` (the members' sessions that still stand, read by the caller); the others are closed first.
   * Called over RPC.
   */
  async broadcast(event: SocketEvent, live: string[]): Promise<number> {
    const text = JSON.stringify(event);
    let sent = 0;
    for (const socket of this.keepLive(this.ctx.getWebSockets(), new Set(live))) {
      try {
        socket.send(text);
        sent += 1;
      } catch {
        // A socket closing as we send: its member reads the message when they reconnect.
      }
    }
    return sent;
  }

  /** Open sockets, for tests and the bench. */
  async openSockets(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** The only thing a client sends: "typing", passed to the other member's sockets. */
  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== "string" || message.length > 64) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if ((parsed as { type?: unknown } | null)?.type !== "typing") return;
    const { userId } = socket.deserializeAttachment() as Attachment;
    const now = Date.now();
    if (now - (this.lastTyping.get(userId) ?? 0) < TYPING_EVERY_MS) return;
    this.lastTyping.set(userId, now);
    let live: Set<string>;
    try {
      live = await this.liveAmong(this.ctx.getWebSockets(), now);
    } catch {
      // D1 unreachable: "typing" is not worth delivering unchecked; the next one tries again.
      return;
    }
    const open = this.keepLive(this.ctx.getWebSockets(), live);
    // A typist signed out meanwhile: their socket is closed and says nothing more.
    if (!open.includes(socket)) return;
    const text = JSON.stringify({ type: "typing", userId } satisfies SocketEvent);
    for (const other of open) {
      if ((other.deserializeAttachment() as Attachment).userId !== userId) other.send(text);
    }
  }

  /** Of `sockets`, the sessions that still stand (read from D1: no request brought them). */
  private async liveAmong(sockets: WebSocket[], now: number): Promise<Set<string>> {
    const ids = [...new Set(sockets.flatMap((s) => (s.deserializeAttachment() as Attachment).sessionId ?? []))];
    if (ids.length === 0) return new Set();
    const rows = await all(
      this.env,
      select(
        { id: sessions.id },
        sql`FROM ${sessions} WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND expires_at > ${now}`,
      ),
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Closes the sockets whose session is not in `live` (signed out: the page does not reconnect); answers the others. */
  private keepLive(sockets: WebSocket[], live: Set<string>): WebSocket[] {
    return sockets.filter((socket) => {
      const { sessionId } = socket.deserializeAttachment() as Attachment;
      if (sessionId && live.has(sessionId)) return true;
      try {
        // A socket from before sessions were recorded reconnects and is checked like a new one.
        if (sessionId) socket.close(SOCKET_SIGNED_OUT, M.socketSignedOut);
        else socket.close(4002, "Reconnect.");
      } catch {
        // Closing already.
      }
      return false;
    });
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    // 1005/1006 are not codes one may send; the socket is closed either way.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  }
}

/** The room of a conversation. */
export function roomOf(env: Env, conversationId: string): DurableObjectStub<ConversationRoom> {
  return env.CONVERSATION_ROOMS.get(env.CONVERSATION_ROOMS.idFromName(conversationId));
}

/**
 * Tell the conversation's open sockets of the sessions in `live` (liveSessionsOf). A failure is
 * logged, never the sender's error: the message is in D1 already, and a reader who missed it gets it
 * on reconnecting (the client asks for what came after the last message it has).
 */
export async function announce(env: Env, conversationId: string, event: SocketEvent, live: string[]): Promise<void> {
  try {
    await roomOf(env, conversationId).broadcast(event, live);
  } catch (error) {
    console.log(
      JSON.stringify({
        ts: new Date().toISOString(),
        level: "warn",
        msg: "conversation broadcast failed",
        conversationId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
