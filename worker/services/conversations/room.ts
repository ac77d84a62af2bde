import { DurableObject } from "cloudflare:workers";
import type { SocketEvent } from "#common/conversations.ts";

// One Durable Object per conversation (docs/decisions/0113-conversations.md): it holds the two
// members' open WebSockets through the Hibernation API and passes each event to them. It stores
// nothing: the messages are in D1, written by the request that sent them, which then calls
// `broadcast`. While nobody sends anything the object is evicted from memory and its sockets stay
// open, so an idle conversation costs no duration.

/** What a socket carries through hibernation: whose it is. */
interface Attachment {
  userId: string;
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
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId)
      return new Response("Expected a WebSocket upgrade.", { status: 426 });
    const mine = this.ctx.getWebSockets(userId);
    for (const old of mine.slice(0, Math.max(0, mine.length - SOCKETS_PER_MEMBER + 1)))
      old.close(4000, "Opened in another tab.");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId } satisfies Attachment);
    // Pings are answered without waking the object.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A new message or a seen mark, to every open socket of the conversation. Called over RPC. */
  async broadcast(event: SocketEvent): Promise<number> {
    const text = JSON.stringify(event);
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
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
    const text = JSON.stringify({ type: "typing", userId } satisfies SocketEvent);
    for (const other of this.ctx.getWebSockets()) {
      if ((other.deserializeAttachment() as Attachment).userId !== userId) other.send(text);
    }
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
 * Tell the conversation's open sockets. A failure is logged, never the sender's error: the message
 * is in D1 already, and a reader who missed it gets it on reconnecting (the client asks for what came
 * after the last message it has).
 */
export async function announce(env: Env, conversationId: string, event: SocketEvent): Promise<void> {
  try {
    await roomOf(env, conversationId).broadcast(event);
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
