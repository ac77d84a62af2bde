// Property-based tests of every API endpoint (docs/reliability.md): random and malformed bodies, wrong types,
// missing and extra fields, huge strings, unicode, control characters, injection strings, wrong
// content types and truncated multipart. Every answer is a 4xx with a message (or a correct 2xx),
// never a 5xx, every response carries the security headers, and after every refused request the
// database and R2 are exactly as before.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { api } from "#server/api/app.ts";
import { AUTH_GUARDS, declaredInputOf } from "#server/api/context.ts";
import { bodyLimitFor } from "#server/front-door.ts";
import { startSession } from "#server/services/auth/sign-in.ts";
import { installFakeGoogle } from "#test/fake-google.ts";
import { bearer, call, createUser, ORIGIN, uniqueIp, type TestUser } from "#test/helpers.ts";
import { PNG_BYTES, sendJson } from "#test/hostel-helpers.ts";
import { expectRefusal, expectSecurityHeaders, HOSTILE_STRINGS, snapshot } from "#test/robust-helpers.ts";

// Enough runs to meet every shape of bad input on every endpoint, few enough to keep `npm test` quick.
const RUNS = 40;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type BodyKind = "json" | "multipart" | "either" | "none";

/** How to fuzz one endpoint. Whether it needs a session is read from the route table, not written here. */
interface FuzzCase {
  body: BodyKind;
  /** The field names the endpoint knows: fuzzed objects mix these with strangers. */
  keys: string[];
  /** Query parameters the endpoint reads (strangers are always added). */
  query?: string[];
  /**
   * The endpoint can end the caller's own sessions (sign out, change the password): each run calls it
   * with a fresh session of a user of its own, so the attacker stays signed in for the others.
   */
  endsSessions?: boolean;
}

interface Endpoint extends FuzzCase {
  method: Method;
  /** As in the route table: each `:param` is replaced by a fuzzed path segment (or a real id of someone else's resource). */
  path: string;
  /** requireAuth (or requireSignedToken) is among the route's handlers. */
  auth: boolean;
}

const NONE: FuzzCase = { body: "none", keys: [] };
const ROOMMATE_KEYS = [
  "about",
  "preferredBlock",
  "roomType",
  "budget",
  "sleepSchedule",
  "studyHabits",
  "cleanliness",
  "whatsapp",
  "email",
];

/**
 * What the route table cannot say about an endpoint, keyed "METHOD path" as the Hono route table names
 * it: the fields of a body read by hand (a form, or JSON or a form on one path), that a route takes no
 * body, that it ends sessions. A route validated with `validateJson` or `validateQuery` needs no entry
 * for its fields (caseOf reads them from its schema), and a test below refuses one that repeats them.
 */
const CASES: Record<string, Partial<FuzzCase>> = {
  "POST /api/auth/logout": { ...NONE, endsSessions: true },
  "POST /api/auth/logout-all": { ...NONE, endsSessions: true },
  "DELETE /api/auth/sessions/:id": { ...NONE, endsSessions: true },
  "POST /api/auth/password": { endsSessions: true },
  "DELETE /api/auth/account": { endsSessions: true },
  "POST /api/auth/account/deletion-code": NONE,
  "POST /api/auth/verify/resend": NONE,
  // A change of address with the caller's password would end their other sessions: each run gets its own.
  "POST /api/auth/email-change": { endsSessions: true },
  "POST /api/auth/email-change/confirm": { endsSessions: true },
  "GET /api/google/callback": { ...NONE, query: ["code", "state", "error"] },
  "POST /api/google/notifications/disable": NONE,
  "POST /api/product/upload": {
    body: "multipart",
    keys: ["title", "description", "price", "sellerName", "whatsappNumber", "image", "thumb", "category", "condition"],
  },
  "PATCH /api/product/purchase/:id": { body: "json", keys: ["price"] },
  "DELETE /api/product/:id": NONE,
  "POST /api/product/:id/handover": NONE,
  "POST /api/product/:id/decline": NONE,
  "POST /api/product/:id/cancel": NONE,
  "POST /api/product/:id/renew": NONE,
  "PUT /api/product/:id/save": NONE,
  "DELETE /api/product/:id/save": NONE,
  "DELETE /api/wanted/:id": NONE,
  "POST /api/lost-found": {
    body: "multipart",
    keys: [
      "side",
      "category",
      "title",
      "description",
      "placeId",
      "placeText",
      "happenedOn",
      "timeOfDay",
      "question",
      "answer",
      "cardName",
      "image",
      "thumb",
    ],
  },
  "DELETE /api/lost-found/:id": NONE,
  "POST /api/lost-found/:id/returned": NONE,
  "DELETE /api/messages/offers/:offerId": NONE,
  "POST /api/messages/:conversationId/meetup/agree": NONE,
  "POST /api/messages/:conversationId/contact": NONE,
  "POST /api/moderation/conversations/:conversationId/resolve": NONE,
  "DELETE /api/studyswap/writers/me": NONE,
  "POST /api/studyswap/requests": {
    body: "either",
    keys: ["title", "category", "subject", "details", "requirements", "contact", "deadline", "budget", "pages", "file"],
  },
  "POST /api/studyswap/requests/:id/close": NONE,
  "POST /api/library/items": {
    body: "either",
    keys: ["kind", "title", "description", "subjectId", "unitIds", "year", "exam", "public", "files", "author", "url"],
  },
  "DELETE /api/library/items/:id": NONE,
  "PUT /api/library/items/:id/helpful": NONE,
  "DELETE /api/library/items/:id/helpful": NONE,
  "DELETE /api/studyswap/requests/:id": NONE,
  "POST /api/hostel/block-moves/mine/cancel": NONE,
  "POST /api/hostel/complaints": { body: "either", keys: ["category", "blockId", "room", "description", "photo"] },
  "POST /api/hostel/complaints/:id/me-too": NONE,
  "DELETE /api/admin/roles/:id": NONE,
  "POST /api/admin/campus/academics/import": { body: "either", keys: ["programmes", "file"] },
  "DELETE /api/admin/campus/academics/:level/:id": NONE,
  "DELETE /api/admin/campus/domains/:domain": NONE,
  "DELETE /api/admin/campus/blocks/:id": NONE,
  "DELETE /api/admin/campus/meals/:id": NONE,
  "DELETE /api/admin/campus/laundry-slots/:id": NONE,
  "DELETE /api/admin/campus/meetup-places/:id": NONE,
  "POST /api/hostel/roommates": { body: "json", keys: ROOMMATE_KEYS },
  "DELETE /api/hostel/roommates/:id": NONE,
  "POST /api/hostel/laundry/bookings/:id/cancel": NONE,
  "DELETE /api/timetable/classes/:id/reps/:userId": NONE,
  "DELETE /api/timetable/periods/:id": NONE,
  "DELETE /api/timetable/changes/:id": NONE,
  "DELETE /api/timetable/personal/:id": NONE,
  "PUT /api/timetable/hidden/:id": NONE,
  "DELETE /api/timetable/hidden/:id": NONE,
  "DELETE /api/attendance/baselines/:subjectId": NONE,
  "DELETE /api/admin/campus/holidays/:date": NONE,
  "DELETE /api/events/:id": NONE,
  "PUT /api/events/:id/going": NONE,
  "DELETE /api/events/:id/going": NONE,
  "PUT /api/clubs/:id/follow": NONE,
  "DELETE /api/clubs/:id/follow": NONE,
  "DELETE /api/clubs/:id/leads/:userId": NONE,
  "DELETE /api/exams/:id": NONE,
  "DELETE /api/exams/subjects/:subjectId": NONE,
};

/** A GET route with no case of its own: a fuzzed path, query and (ignored) body. */
const DEFAULT_GET_CASE: FuzzCase = NONE;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface Route {
  method: string;
  path: string;
  /** requireAuth (or requireSignedToken) is among the route's handlers. */
  auth: boolean;
  /** The fields its `validateJson` schema knows, or null when it reads no JSON body that way. */
  json: string[] | null;
  /** The parameters its `validateQuery` schema knows, or null. */
  query: string[] | null;
}

/**
 * The API's endpoints as the Hono route table lists them: middleware (`use`, method ALL) dropped, and
 * one entry per method and path (a route's own requireAuth and validators are entries of their own).
 */
function routeTable(): Route[] {
  const byKey = new Map<string, Route>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const entry = byKey.get(key) ?? { method: route.method, path: route.path, auth: false, json: null, query: null };
    if (AUTH_GUARDS.has(route.handler)) entry.auth = true;
    const input = declaredInputOf(route.handler);
    if (input) entry[input.from] = fieldsOf(input.schema);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

type JsonSchema = {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The field names a zod schema reads, through unions and intersections (a refinement changes none). */
function fieldsOf(schema: z.ZodType): string[] {
  const fields = new Set<string>();
  const walk = (node: JsonSchema): void => {
    for (const name of Object.keys(node.properties ?? {})) fields.add(name);
    for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(child);
  };
  walk(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
  return [...fields].sort();
}

/**
 * An endpoint's case, read off the route table where it can be: a `validateJson` route is fuzzed as
 * JSON with its schema's fields, a `validateQuery` route with its schema's parameters. CASES adds
 * what the table cannot say (a route that takes no body, or reads a form or JSON by hand, or ends
 * sessions); a GET route with neither gets DEFAULT_GET_CASE. A write route with neither has no case,
 * which the coverage test below reports.
 */
function caseOf({ method, path, json, query }: Route): FuzzCase | null {
  const own = CASES[`${method} ${path}`];
  if (!own && !json && !query) return method === "GET" ? DEFAULT_GET_CASE : null;
  const params = query ?? own?.query;
  return {
    body: json ? "json" : (own?.body ?? "none"),
    keys: json ?? own?.keys ?? [],
    ...(params && { query: params }),
    ...(own?.endsSessions && { endsSessions: true }),
  };
}

const ROUTES = routeTable();
const ENDPOINTS: Endpoint[] = ROUTES.flatMap((route) => {
  const fuzzCase = caseOf(route);
  return fuzzCase ? [{ ...fuzzCase, method: route.method as Method, path: route.path, auth: route.auth }] : [];
});

describe("the fuzzed endpoints are the API's endpoints", () => {
  it("the route table lists the API (and the fuzz covers every endpoint in it)", () => {
    console.log(`fuzzed endpoints: ${ENDPOINTS.length} of ${ROUTES.length} in the route table`);
    // Guards the reading of the table itself: if Hono's shape changed, this list would come out empty.
    expect(ROUTES.length).toBeGreaterThan(50);
    expect(ROUTES.find((r) => r.method === "POST" && r.path === "/api/product/upload")).toEqual({
      method: "POST",
      path: "/api/product/upload",
      auth: true,
      json: null,
      query: null,
    });
    // The fields come from the route's own schemas.
    expect(ROUTES.find((r) => r.method === "POST" && r.path === "/api/auth/register")?.json).toEqual([
      "email",
      "name",
      "password",
    ]);
    expect(ROUTES.find((r) => r.method === "GET" && r.path === "/api/timetable")?.query).toEqual(["date", "span"]);
    expect(ROUTES.find((r) => r.method === "POST" && r.path === "/api/auth/register")?.auth).toBe(false);
    expect(ENDPOINTS).toHaveLength(ROUTES.length);
  });

  it("every write route (POST, PUT, PATCH, DELETE) has a fuzz case: validate its body with validateJson, or add it to CASES", () => {
    const missing = ROUTES.filter((r) => WRITE_METHODS.has(r.method) && !caseOf(r)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it("a case in CASES says only what the route table cannot (no field list a schema already gives)", () => {
    const repeated = ROUTES.filter((r) => {
      const own = CASES[`${r.method} ${r.path}`];
      return own && ((r.json && (own.keys || own.body)) || (r.query && own.query));
    }).map((r) => `${r.method} ${r.path}`);
    expect(repeated).toEqual([]);
  });

  it("every fuzz case names a route that exists (a renamed route leaves no stale case behind)", () => {
    const known = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(CASES).filter((key) => !known.has(key))).toEqual([]);
  });
});

// Values: hostile strings, random unicode and binary-ish text, numbers at the edges, wrong types.
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 12 }).map((s) => s.repeat(500)),
);
const scalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -1, 1e21, Number.MAX_SAFE_INTEGER + 2),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

function fieldsFor(keys: string[]) {
  const known = keys.length ? fc.constantFrom(...keys) : fc.constant("x");
  const key = fc.oneof(
    { weight: 4, arbitrary: known },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom("__proto__", "constructor", "userId", "sellerId", "status", "id"),
      ),
    },
  );
  return fc.dictionary(key, value, { maxKeys: keys.length + 2 });
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=----campus",
  "image/png",
  "",
];

interface Fuzzed {
  body: BodyInit | null;
  contentType: string | null;
  label: string;
}

// The bytes of a multipart body for these fields (and maybe a file), written by hand so that any
// file name goes through, optionally cut short.
async function multipartBody(
  fields: Record<string, unknown>,
  file: { bytes: Uint8Array; name: string; field: string } | null,
  cut: number | null,
): Promise<Fuzzed> {
  const boundary = "----campusfuzz7MA4YWxkTrZu0gW";
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const quote = (s: string) => s.replace(/["\r\n]/g, "_");
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(k)}"\r\n\r\n${typeof v === "string" ? v : (JSON.stringify(v) ?? "")}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${quote(file.name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, encoder.encode("\r\n"));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  let bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  if (cut !== null) bytes = bytes.slice(0, Math.floor(bytes.length * cut));
  return {
    body: bytes,
    contentType: `multipart/form-data; boundary=${boundary}`,
    label: `multipart${cut !== null ? ` cut at ${cut.toFixed(2)}` : ""}${file ? ` with ${file.bytes.length}-byte ${JSON.stringify(file.name)}` : ""}`,
  };
}

function bodySize(body: BodyInit | null): number {
  if (body === null) return 0;
  if (typeof body === "string") return new TextEncoder().encode(body).length;
  return (body as Uint8Array).byteLength;
}

function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate cannot be percent-encoded: send the raw bytes of one instead.
    return "%ED%A0%80";
  }
}

function bodyFor(endpoint: Endpoint): fc.Arbitrary<Promise<Fuzzed>> {
  const fields = fieldsFor(endpoint.keys);
  const json = fc
    .tuple(fields, fc.constantFrom(...CONTENT_TYPES))
    .map(async ([f, type]) => ({ body: JSON.stringify(f), contentType: type || null, label: `json ${type}` }));
  const rawJson = fc
    .tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom("application/json", "text/plain"))
    .map(async ([v, type]) => ({ body: JSON.stringify(v) ?? "", contentType: type, label: `raw json ${type}` }));
  const truncated = fc.tuple(fields, fc.double({ min: 0, max: 0.99, noNaN: true })).map(async ([f, cut]) => {
    const text = JSON.stringify(f);
    return {
      body: text.slice(0, Math.floor(text.length * cut)),
      contentType: "application/json",
      label: "truncated json",
    };
  });
  const garbage = fc
    .tuple(fc.oneof(hostileString, fc.uint8Array({ maxLength: 300 })), fc.constantFrom(...CONTENT_TYPES))
    .map(async ([g, type]) => ({ body: g, contentType: type || null, label: `garbage ${type}` }));
  const fileField = endpoint.keys.includes("image") ? "image" : endpoint.keys.includes("photo") ? "photo" : "file";
  const fileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.constant(new Uint8Array(0)),
    fc.constant(PNG_BYTES),
    // A PNG header in front of HTML: a polyglot.
    fc.constant(
      new Uint8Array([...PNG_BYTES.slice(0, 8), ...new TextEncoder().encode("<html><script>alert(1)</script>")]),
    ),
    fc.constant(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")),
  );
  const file = fc.option(
    fc.record({
      bytes: fileBytes,
      name: fc.oneof(hostileString, fc.constantFrom("photo.png", "x.exe", "a.html", "../../x.png", "")),
      field: fc.constant(fileField),
    }),
    { nil: null },
  );
  const multipart = fc
    .tuple(fields, file, fc.option(fc.double({ min: 0.05, max: 0.98, noNaN: true }), { nil: null }))
    .map(([f, fl, cut]) => multipartBody(f, fl, cut));
  const nothing = fc.constantFrom(null, "").map(async (b) => ({ body: b, contentType: null, label: "no body" }));
  switch (endpoint.body) {
    case "json":
      return fc.oneof({ weight: 4, arbitrary: json }, rawJson, truncated, garbage, multipart, nothing);
    case "multipart":
      return fc.oneof({ weight: 4, arbitrary: multipart }, json, garbage, nothing);
    case "either":
      return fc.oneof(
        { weight: 3, arbitrary: multipart },
        { weight: 3, arbitrary: json },
        rawJson,
        truncated,
        garbage,
        nothing,
      );
    case "none":
      return fc.oneof({ weight: 3, arbitrary: nothing }, json, garbage);
  }
}

// Counted over the whole file, for docs/reliability.md.
const tally = { tried: 0, refused: 0, accepted: 0, serverErrors: 0 };

let owner: TestUser;
let attacker: TestUser;
/** Signs itself out over and over (the endpoints that end the caller's sessions). */
let leaver: TestUser;
const realIds: string[] = [];
/** The owner's session: ending it from another account must be refused. */
const realSessionIds: string[] = [];

const pathSegment = () =>
  fc.oneof(
    fc.constantFrom(...realIds, ...realSessionIds),
    fc.uuid(),
    hostileString.filter((s) => s.length > 0).map(encodeSegment),
    fc.constantFrom("%2e%2e", "..%2f..%2fauth", "0", "-1", "null", "undefined", "%00", "a".repeat(3000)),
  );

async function send(
  endpoint: Endpoint,
  segment: string,
  query: Record<string, unknown>,
  fuzzed: Fuzzed,
  token: string | null,
): Promise<{ res: Response; where: string; pathname: string }> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) search.set(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  const pathname = endpoint.path.replace(/:[a-zA-Z]+/g, segment);
  const path = pathname + (search.size ? `?${search}` : "");
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp() };
  if (fuzzed.contentType) headers["Content-Type"] = fuzzed.contentType;
  if (token) Object.assign(headers, bearer(token));
  const init: RequestInit = { method: endpoint.method, headers, redirect: "manual" };
  if (endpoint.method !== "GET" && fuzzed.body !== null) init.body = fuzzed.body;
  const where = `${endpoint.method} ${path.slice(0, 160)} [${fuzzed.label}]`;
  return { res: await call(path, init), where, pathname };
}

beforeAll(async () => {
  installFakeGoogle();
  owner = await createUser();
  attacker = await createUser();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title: "Fuzz target kit",
    description: "Something to aim at.",
    price: "100",
    sellerName: "Owner",
    whatsappNumber: "9876543210",
  }))
    form.set(k, v);
  form.set("image", new File([PNG_BYTES], "p.png", { type: "image/png" }));
  const product = await call("/api/product/upload", { method: "POST", headers: bearer(owner.token), body: form });
  expect(product.status).toBe(201);
  realIds.push(((await product.json()) as { product: { _id: string } }).product._id);
  const request = await sendJson(
    "POST",
    "/api/studyswap/requests",
    { title: "Fuzz target", category: "OS", details: "Ten pages.", contact: "o@campus.test" },
    owner.token,
  );
  expect(request.status).toBe(201);
  realIds.push(((await request.json()) as { data: { _id: string } }).data._id);
  const complaint = await sendJson(
    "POST",
    "/api/hostel/complaints",
    { category: "plumbing", blockId: "B", room: "101", description: "The tap leaks all night long." },
    owner.token,
  );
  expect(complaint.status).toBe(201);
  realIds.push(((await complaint.json()) as { data: { id: string } }).data.id);
  const listing = await sendJson(
    "POST",
    "/api/hostel/roommates",
    {
      about: "Calm second-year student looking for a roommate.",
      roomType: "double",
      budget: 6000,
      sleepSchedule: "early_bird",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp: "9876543210",
    },
    owner.token,
  );
  expect(listing.status).toBe(201);
  realIds.push(((await listing.json()) as { data: { id: string } }).data.id);
  for (const id of realIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  leaver = await createUser();
  const sessions = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
    .bind(owner.userId)
    .all<{ id: string }>();
  expect(sessions.results).toHaveLength(1);
  realSessionIds.push(sessions.results[0]!.id);
});

describe("every API endpoint under random and malformed input", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}: a 4xx with a message or a correct 2xx, never a 5xx; nothing changes when refused`, async () => {
      const queryKey = endpoint.query?.length
        ? fc.oneof(fc.constantFrom(...endpoint.query), fc.string({ maxLength: 6 }))
        : fc.string({ maxLength: 6 });
      const queryArb = fc.dictionary(queryKey, value, { maxKeys: 4 });
      const who = endpoint.auth
        ? fc.constantFrom<"attacker" | "anonymous" | "forged">(
            "attacker",
            "attacker",
            "attacker",
            "anonymous",
            "forged",
          )
        : fc.constantFrom<"attacker" | "anonymous">("anonymous", "attacker");
      // The state after the last refusal, which nothing has written to since: the next run's "before"
      // without reading every table again (half the snapshots; the runs are mostly refusals).
      let known: string | null = null;
      await fc.assert(
        fc.asyncProperty(pathSegment(), queryArb, bodyFor(endpoint), who, async (segment, query, bodyPromise, as) => {
          // "%2e%2e" in both parameters of a route two levels under its resource climbs out of the
          // API (/api/attendance/../.. is /): that request is a page's, not this endpoint's.
          fc.pre(new URL(endpoint.path.replace(/:[a-zA-Z]+/g, segment), ORIGIN).pathname.startsWith("/api/"));
          const fuzzed = await bodyPromise;
          if (endpoint.endsSessions) known = null;
          const own = endpoint.endsSessions ? (await startSession(env, leaver.userId)).token : attacker.token;
          const token = as === "attacker" ? own : as === "forged" ? `${own.slice(0, -4)}AAAA` : null;
          const before = known ?? (await snapshot());
          known = null;
          const { res, where, pathname } = await send(endpoint, segment, query, fuzzed, token);
          tally.tried += 1;
          if (res.status >= 500) tally.serverErrors += 1;
          else if (res.status >= 400) tally.refused += 1;
          else tally.accepted += 1;
          if (res.status >= 500) throw new Error(`${where}: ${res.status} ${await res.text()}`);
          expectSecurityHeaders(res, where, pathname);
          if (res.status >= 400) {
            await expectRefusal(res, where);
            const after = await snapshot();
            expect(after, `${where}: state changed after a ${res.status}`).toBe(before);
            known = after;
          } else {
            await res.body?.cancel();
          }
          // Signed out or with a forged token: 401 (or 404 when the path itself routes nowhere, or 413
          // when the body is over the route's limit, which the Worker's entry checks before anything).
          if (endpoint.auth && as !== "attacker") {
            const tooLarge = bodySize(fuzzed.body) > (await bodyLimitFor(endpoint.method, pathname)).maxBytes;
            expect(tooLarge ? [401, 404, 413] : [401, 404], where).toContain(res.status);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe("the owner's resources survive the fuzzing", () => {
  it("every fuzzed request was answered, none with a 5xx", () => {
    console.log(`fuzz tally: ${JSON.stringify(tally)}`);
    expect(tally.tried).toBeGreaterThanOrEqual(ENDPOINTS.length * RUNS);
    expect(tally.serverErrors).toBe(0);
    expect(tally.refused + tally.accepted).toBe(tally.tried);
  });

  it("the product, request and listing the attacker aimed at are still the owner's and unchanged", async () => {
    const mine = (await (await call("/api/product/mysells", { headers: bearer(owner.token) })).json()) as {
      _id: string;
      status: string;
      title: string;
    }[];
    expect(mine.map((p) => p._id)).toContain(realIds[0]);
    // Buying it is allowed (a correct 2xx); changing or deleting it is not.
    expect(mine.find((p) => p._id === realIds[0])).toMatchObject({
      title: "Fuzz target kit",
      description: "Something to aim at.",
      price: 100,
    });
    const requests = (await (await call("/api/studyswap/requests/mine", { headers: bearer(owner.token) })).json()) as {
      _id: string;
      status: string;
    }[];
    expect(requests.find((r) => r._id === realIds[1])).toMatchObject({ status: "open" });
    const listing = (await (await call("/api/hostel/roommates/mine", { headers: bearer(owner.token) })).json()) as {
      data: { id: string } | null;
    };
    expect(listing.data?.id).toBe(realIds[3]);
    // Nobody else could end the owner's session, and the attacker was never signed out by the fuzz.
    expect((await call("/api/auth/me", { headers: bearer(owner.token) })).status).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(attacker.token) })).status).toBe(200);
  });
});
