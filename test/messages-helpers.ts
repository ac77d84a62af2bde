import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { bearer, call, createUser, postJson, unique, type TestUser } from "#test/helpers.ts";
import { listingForm } from "#test/hostel-helpers.ts";

// Conversations' tests share these: a listing of a seller, and the API's calls by a member.

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; message?: string; data: T };
}

export async function answer<T>(res: Response): Promise<Answer<T>> {
  return { status: res.status, body: (await res.json()) as Answer<T>["body"] };
}

export async function listProduct(seller: TestUser, title = unique("Calculator "), price = "500"): Promise<string> {
  const res = await call("/api/product/upload", {
    method: "POST",
    headers: bearer(seller.token),
    body: listingForm(seller.name, title, price),
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

/** A seller with one listing and a buyer of the same college. */
export async function sellerAndBuyer(price = "500"): Promise<{ seller: TestUser; buyer: TestUser; productId: string }> {
  const [seller, buyer] = await Promise.all([createUser({ name: "Sita Seller" }), createUser({ name: "Bala Buyer" })]);
  return { seller, buyer, productId: await listProduct(seller, undefined, price) };
}

export function send(path: string, user: TestUser, body: unknown, method = "POST"): Promise<Response> {
  if (method === "POST") return postJson(path, body, bearer(user.token));
  return call(path, {
    method,
    headers: { "Content-Type": "application/json", ...bearer(user.token) },
    body: JSON.stringify(body),
  });
}

export interface Started {
  conversationId: string;
  message: { id: string; seq: number; body: string };
}

export async function start(buyer: TestUser, productId: string, text = "Is this still available?"): Promise<Started> {
  const res = await answer<Started>(await send(`/api/product/${productId}/messages`, buyer, { text }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export async function thread<T = { messages: { seq: number; body: string; kind: string; mine: boolean }[] }>(
  user: TestUser,
  conversationId: string,
  query = "",
): Promise<Answer<T>> {
  return answer<T>(await call(`/api/messages/${conversationId}${query}`, { headers: bearer(user.token) }));
}

/** Rows in a table that match, counted after a race. */
export async function rows(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM (${sql})`)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** An open test socket: its events as they came, and how the server closed it. */
export interface TestSocket {
  status: number;
  events: unknown[];
  socket: WebSocket | null;
  next: (n: number) => Promise<unknown[]>;
  /** Resolves when the server closes the socket, with its code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

/** A WebSocket to the conversation, as a signed-in browser opens it; its events are collected. */
export async function openSocket(
  user: Pick<TestUser, "cookie">,
  conversationId: string,
  origin = "http://localhost",
): Promise<TestSocket> {
  const res = await exports.default.fetch(
    new Request(`http://localhost/api/messages/${conversationId}/socket`, {
      headers: { Upgrade: "websocket", Cookie: user.cookie, Origin: origin },
    }),
  );
  const socket = res.webSocket;
  const events: unknown[] = [];
  if (!socket)
    return { status: res.status, events, socket: null, next: async () => events, closed: new Promise(() => {}) };
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
  socket.accept();
  const waiting: { n: number; resolve: (events: unknown[]) => void }[] = [];
  socket.addEventListener("message", (event) => {
    events.push(JSON.parse(String(event.data)));
    for (const w of [...waiting]) if (events.length >= w.n) w.resolve(events);
  });
  return {
    status: res.status,
    events,
    socket,
    closed,
    next: (n) =>
      new Promise((resolve, reject) => {
        if (events.length >= n) return resolve(events);
        const timer = setTimeout(
          () => reject(new Error(`waited for ${n} events, got ${JSON.stringify(events)}`)),
          5000,
        );
        waiting.push({
          n,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      }),
  };
}
