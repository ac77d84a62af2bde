// `npm run bench:chat` (build first): conversations at size (docs/decisions/0113-conversations.md).
// Serves the built Worker on fresh local state, makes CHAT_CONVERSATIONS (default 200) conversations
// (20 sellers with listings, one buyer each), opens both members' WebSockets on every one (the
// conversation's Durable Object), then each buyer sends CHAT_MESSAGES (default 5) messages through
// the API, CHAT_CONCURRENCY (default 20) at a time. Measured: messages per second through the API,
// and the delivery time from the send to the seller's socket (p50, p99), every message delivered
// once and in order. Then what the Durable Objects would cost per 1,000 conversations on
// Cloudflare's published prices, from the requests this run made.
import { writeFileSync } from "node:fs";
import { serveBuiltWorker } from "./built-worker.mjs";
import { signedInCookie } from "./lighthouse.mjs";

const CONVERSATIONS = Number(process.env.CHAT_CONVERSATIONS ?? 200);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 5);
const CONCURRENCY = Number(process.env.CHAT_CONCURRENCY ?? 20);
const SELLERS = Math.max(1, Math.ceil(CONVERSATIONS / 10));
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

/** Cloudflare Durable Objects prices (Workers Paid, as published): beyond the monthly included amounts. */
const PRICE = {
  perMillionRequests: 0.15,
  perMillionGbSeconds: 12.5,
  /** Incoming WebSocket messages bill 20 to one request; outgoing ones are free. */
  wsMessagesPerRequest: 20,
  /** A Durable Object is billed at 128 MB while it runs. */
  gb: 0.128,
};

/** Starts the V8 profiler of the served Worker through its inspector; `stop()` returns the profile. */
async function startProfile(port) {
  // wrangler's inspector proxy takes a local page's connection (an Origin on 127.0.0.1), not a bare one.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", () => reject(new Error("the inspector did not answer")));
  });
  let next = 0;
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const reply = JSON.parse(String(event.data));
    waiting.get(reply.id)?.(reply.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  await send("Profiler.start");
  return {
    stop: async () => {
      const { profile } = await send("Profiler.stop");
      socket.close();
      return profile;
    },
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ip = (i) => `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`;

async function inBatches(items, size, work) {
  const results = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

// BENCH_METRICS=1: each answer says what it asked of D1 and how long it waited for it (X-Bench-D1).
const server = await serveBuiltWorker({
  name: "bench-chat",
  vars: { BENCH_METRICS: "1" },
  logs: !!process.env.CHAT_LOGS,
});
let failed = false;
const sockets = [];
try {
  const { baseURL } = server;
  const origin = new URL(baseURL).origin;
  const started = Date.now();
  const sellers = await inBatches([...Array(SELLERS).keys()], 5, (i) =>
    signedInCookie(baseURL, { name: `Bench Seller ${i + 1}`, ip: ip(i) }),
  );
  const buyers = await inBatches([...Array(CONVERSATIONS).keys()], 5, (i) =>
    signedInCookie(baseURL, { name: `Bench Buyer ${i + 1}`, ip: ip(SELLERS + i) }),
  );
  // Ten listings per seller, one buyer per listing.
  const listings = await inBatches([...Array(CONVERSATIONS).keys()], 10, async (i) => {
    const seller = sellers[Math.floor(i / 10)];
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: `Bench item ${i + 1}`,
      description: "An item of the chat bench.",
      price: "100",
      sellerName: seller.user.name,
      whatsappNumber: "9876543210",
    }))
      form.set(k, v);
    form.set("image", new Blob([PNG], { type: "image/png" }), "i.png");
    const res = await fetch(`${baseURL}/api/product/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${seller.token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return { id: (await res.json()).product._id, seller };
  });
  const pairs = listings.map((listing, i) => ({ ...listing, buyer: buyers[i] }));
  const conversations = await inBatches(pairs, CONCURRENCY, async ({ id, seller, buyer }) => {
    const res = await fetch(`${baseURL}/api/product/${id}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ text: "Is this still available?" }),
    });
    if (res.status !== 201) throw new Error(`start: ${res.status} ${await res.text()}`);
    return { id: (await res.json()).data.conversationId, buyer, seller, received: [] };
  });
  console.log(
    `set-up: ${SELLERS} sellers, ${CONVERSATIONS} buyers and conversations in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  // Both members' sockets on every conversation.
  const wsURL = baseURL.replace(/^http/, "ws");
  const open = (conversation, member, onMessage) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`${wsURL}/api/messages/${conversation.id}/socket`, {
        headers: { Cookie: member.cookie, Origin: origin },
      });
      socket.addEventListener("open", () => resolve(socket));
      socket.addEventListener("error", () => reject(new Error(`socket of ${conversation.id} failed`)));
      socket.addEventListener("message", (event) => onMessage?.(JSON.parse(String(event.data))));
      sockets.push(socket);
    });
  const sentAt = new Map();
  const latencies = [];
  const openedAt = Date.now();
  await inBatches(conversations, 25, async (conversation) => {
    await open(conversation, conversation.buyer);
    await open(conversation, conversation.seller, (event) => {
      if (event.type !== "message") return;
      conversation.received.push(event.message.seq);
      const at = sentAt.get(`${conversation.id}:${event.message.body}`);
      if (at !== undefined) latencies.push(performance.now() - at);
    });
  });
  console.log(`sockets: ${sockets.length} open (2 per conversation) in ${Date.now() - openedAt} ms`);

  // Each buyer sends MESSAGES messages; CONCURRENCY sends are in flight at once.
  const sends = conversations.flatMap((conversation) =>
    Array.from({ length: MESSAGES }, (_, n) => ({ conversation, body: `bench ${n + 1}` })),
  );
  // Round-robin over conversations, so each conversation's messages go one after another.
  sends.sort((a, b) => a.body.localeCompare(b.body));
  // CHAT_PROFILE=<file>: a CPU profile of the Worker (and its Durable Objects, the same isolate under
  // `wrangler dev`) over the sends, through the server's inspector, for DevTools or a summary.
  const profiler = process.env.CHAT_PROFILE ? await startProfile(server.inspectorPort) : null;
  const sendStart = performance.now();
  let refused = 0;
  // The sender's answer: the request's whole path (the token, the limit, the one D1 batch that checks
  // the session, writes the message and reads it back, the broadcast through the room) plus its wait
  // behind the others in flight.
  const answers = [];
  const d1Waits = [];
  await inBatches(sends, CONCURRENCY, async ({ conversation, body }) => {
    sentAt.set(`${conversation.id}:${body}`, performance.now());
    const res = await fetch(`${baseURL}/api/messages/${conversation.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${conversation.buyer.token}` },
      body: JSON.stringify({ text: body }),
    });
    if (res.status !== 201) refused += 1;
    const d1 = /\bms=(\d+)/.exec(res.headers.get("X-Bench-D1") ?? "");
    if (d1) d1Waits.push(Number(d1[1]));
    await res.arrayBuffer();
    answers.push(performance.now() - sentAt.get(`${conversation.id}:${body}`));
  });
  const sendSeconds = (performance.now() - sendStart) / 1000;
  if (profiler) {
    writeFileSync(process.env.CHAT_PROFILE, JSON.stringify(await profiler.stop()));
    console.log(`profile: ${process.env.CHAT_PROFILE}`);
  }
  // The last deliveries.
  const deadline = Date.now() + 10_000;
  while (latencies.length < sends.length - refused && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));

  const sorted = [...latencies].sort((a, b) => a - b);
  const duplicates = conversations.filter((c) => new Set(c.received).size !== c.received.length).length;
  const outOfOrder = conversations.filter((c) => c.received.some((seq, i) => i > 0 && seq < c.received[i - 1])).length;
  const missing = sends.length - refused - latencies.length;
  console.log(
    `messages: ${sends.length} sent (${refused} refused) in ${sendSeconds.toFixed(1)} s: ${(sends.length / sendSeconds).toFixed(0)} per second at ${CONCURRENCY} in flight`,
  );
  const answered = [...answers].sort((a, b) => a - b);
  console.log(
    `the sender's answer: p50 ${quantile(answered, 0.5)?.toFixed(0)} ms, p99 ${quantile(answered, 0.99)?.toFixed(0)} ms`,
  );
  const waited = [...d1Waits].sort((a, b) => a - b);
  if (waited.length > 0)
    console.log(
      `of which waiting on D1 (one batch that checks the session, writes the message and reads it back: decision 0143): p50 ${quantile(waited, 0.5)} ms, p99 ${quantile(waited, 0.99)} ms`,
    );
  console.log(
    `delivery to the other member's socket: p50 ${quantile(sorted, 0.5)?.toFixed(0)} ms, p99 ${quantile(sorted, 0.99)?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; missing ${missing}, duplicated in ${duplicates} conversations, out of order in ${outOfOrder}`,
  );

  // The cost of the Durable Objects per 1,000 conversations like these: each socket's opening is a
  // request, each message one broadcast (an RPC request), each seen mark another; the object runs
  // for a few milliseconds per request and hibernates between them.
  const perConversation = { sockets: 2, broadcasts: MESSAGES + 1, seen: MESSAGES };
  const requests = 1000 * (perConversation.sockets + perConversation.broadcasts + perConversation.seen);
  const activeSeconds = requests * 0.005;
  const cost =
    (requests / 1e6) * PRICE.perMillionRequests + ((activeSeconds * PRICE.gb) / 1e6) * PRICE.perMillionGbSeconds;
  console.log(
    `Durable Objects per 1,000 such conversations: ${requests.toLocaleString("en")} requests, ~${activeSeconds.toFixed(0)} s active (5 ms each, hibernating between): $${cost.toFixed(4)} beyond the plan's included 1 million requests and 400,000 GB-s a month; storage: none (messages are in D1)`,
  );
  if (missing > 0 || duplicates > 0 || outOfOrder > 0 || refused > 0) failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  for (const socket of sockets) socket.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
