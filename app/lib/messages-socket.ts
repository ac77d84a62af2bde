import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { SOCKET_SIGNED_OUT, type MessageView, type SocketEvent } from "#common/messages.ts";

// A conversation's live socket on its page (docs/decisions/0113-conversations.md). The page's loader
// gives the messages it had; the socket adds what arrives after. Every message has its number in the
// conversation (seq), so the list is kept by number: a message seen twice (the socket, then the
// page's revalidation after a send) is one, and a gap (a message missed while the socket was down)
// is filled by asking the API for everything after the last one held. Without JavaScript, or when
// the socket cannot connect, the page still works by form posts.

const RETRY_MS = [1000, 2000, 5000, 10000, 30000];
const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2500;

export type SocketState = "connecting" | "live" | "offline" | "signed-out";

export function useConversationSocket({
  conversationId,
  me,
  loaded,
  otherReadSeq,
  onArrival,
}: {
  conversationId: string;
  me: string;
  loaded: MessageView[];
  otherReadSeq: number;
  /** The other member sent something: the page reads itself again (offer, meet-up, read marks). */
  onArrival?: () => void;
}) {
  const [arrived, setArrived] = useState<Map<number, MessageView>>(() => new Map());
  const [state, setState] = useState<SocketState>("connecting");
  const [typingAt, setTypingAt] = useState(0);
  const [seen, setSeen] = useState(otherReadSeq);
  const socketRef = useRef<WebSocket | null>(null);
  const lastTypingSent = useRef(0);
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  }, [onArrival]);

  const messages = useMemo(() => {
    const all = new Map<number, MessageView>();
    for (const m of loaded) all.set(m.seq, m);
    for (const [seq, m] of arrived) if (!all.has(seq)) all.set(seq, m);
    return [...all.values()].sort((a, b) => a.seq - b.seq);
  }, [loaded, arrived]);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const lastSeqRef = useRef(lastSeq);
  useEffect(() => {
    lastSeqRef.current = lastSeq;
  }, [lastSeq]);

  const add = useCallback((list: MessageView[]) => {
    if (list.length === 0) return;
    setArrived((before) => {
      const next = new Map(before);
      for (const m of list) next.set(m.seq, m);
      return next;
    });
  }, []);

  /** Everything after the last message held: after a reconnection, or a number skipped. */
  const catchUp = useCallback(async () => {
    try {
      const response = await fetch(`/api/messages/${conversationId}?after=${lastSeqRef.current}`, {
        credentials: "same-origin",
      });
      if (!response.ok) return;
      const body = (await response.json()) as { data: { messages: MessageView[]; otherReadSeq: number } };
      add(body.data.messages);
      setSeen((s) => Math.max(s, body.data.otherReadSeq));
    } catch {
      // Offline: the next reconnection asks again.
    }
  }, [add, conversationId]);

  useEffect(() => {
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function connect() {
      const url = new URL(`/api/messages/${conversationId}/socket`, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const socket = new WebSocket(url);
      socketRef.current = socket;
      setState("connecting");
      socket.addEventListener("open", () => {
        const reconnected = attempt > 0;
        attempt = 0;
        setState("live");
        if (reconnected) void catchUp();
      });
      socket.addEventListener("message", (event) => {
        let parsed: SocketEvent;
        try {
          parsed = JSON.parse(String(event.data)) as SocketEvent;
        } catch {
          return;
        }
        if (parsed.type === "message") {
          const { senderId, ...m } = parsed.message;
          if (m.seq > lastSeqRef.current + 1) void catchUp();
          add([{ ...m, mine: senderId === me }]);
          if (senderId !== me) {
            setTypingAt(0);
            arrival.current?.();
          }
        } else if (parsed.type === "typing" && parsed.userId !== me) {
          setTypingAt(Date.now());
        } else if (parsed.type === "seen" && parsed.userId !== me) {
          setSeen((s) => Math.max(s, parsed.seq));
        }
      });
      socket.addEventListener("close", (event) => {
        if (closed) return;
        // The session ended (signed out here or elsewhere): reconnecting would be refused.
        if (event.code === SOCKET_SIGNED_OUT) return setState("signed-out");
        setState("offline");
        timer = setTimeout(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
        attempt += 1;
      });
    }
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      socketRef.current?.close(1000, "Left the conversation.");
    };
  }, [add, catchUp, conversationId, me]);

  // "Typing..." fades if nothing more comes.
  useEffect(() => {
    if (!typingAt) return;
    const timer = setTimeout(() => setTypingAt(0), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typingAt]);

  const sendTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    if (socketRef.current?.readyState === WebSocket.OPEN) socketRef.current.send('{"type":"typing"}');
  }, []);

  return { messages, state, typing: typingAt > 0, seen: Math.max(seen, otherReadSeq), sendTyping };
}
