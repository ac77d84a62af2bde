// Shared by the robustness suites (docs/reliability.md): a snapshot of everything a request could write (every
// D1 table and every R2 object), the headers every response must carry, and hostile inputs.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { isGoogleCallback, securityHeaderProblems } from "#test/security-headers.ts";

let tableNames: string[] | null = null;

async function tables(): Promise<string[]> {
  if (!tableNames) {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
    ).all<{ name: string }>();
    tableNames = results.map((r) => r.name);
  }
  return tableNames;
}

/**
 * What every request of a session may write, whatever it asked: the session's "last active" time,
 * touched at most every SESSION_TOUCH_MS (10 minutes). A suite that runs longer than that (the fuzz
 * run on a loaded machine took 12 minutes) sees a refused request touch it; that is not the request
 * changing anything it sent, so the snapshot leaves it out.
 */
const ACTIVITY_COLUMNS: Record<string, string> = { sessions: "last_seen_at" };

/** Every row of every table (but ACTIVITY_COLUMNS) and every R2 key with its etag, as one comparable string. */
export async function snapshot(): Promise<string> {
  const names = await tables();
  const results = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  const rows = names.map((name, i) => {
    const activity = ACTIVITY_COLUMNS[name];
    const found = (results[i]?.results ?? []) as Record<string, unknown>[];
    const kept = activity ? found.map(({ [activity]: _, ...rest }) => rest) : found;
    return `${name}:${JSON.stringify(kept)}`;
  });
  const objects: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, limit: 1000 });
    for (const object of page.objects) objects.push(`${object.key}@${object.etag}`);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return `${rows.join("\n")}\nR2:${objects.sort().join(",")}`;
}

/** Row counts per table, for invariants counted after a run. */
export async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * The headers design.md asks for on every response of the Worker, by the one rule set
 * (test/security-headers.ts); `path` (as requested) says whether it is the Google callback, whose
 * answers have COOP unsafe-none (worker/index.ts) and may say no-referrer (worker/api/google.ts).
 */
export function expectSecurityHeaders(res: Response, where: string, path?: string): void {
  // The pathname the Worker tests, after the URL parser's normalisation (a fuzzed %2e%2e is "..").
  const googleCallback = path !== undefined && isGoogleCallback(new URL(path, "https://campus.test").pathname);
  expect(securityHeaderProblems(res.headers, { googleCallback, allowNoReferrer: googleCallback }), where).toEqual([]);
}

/** A refusal as the API promises it: a 4xx, JSON, success false and a message a person can read. */
export async function expectRefusal(res: Response, where: string): Promise<void> {
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  const text = await res.text();
  let body: { success?: unknown; message?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${where}: ${res.status} answer is not JSON: ${text.slice(0, 200)}`);
  }
  expect(body.success, where).toBe(false);
  expect(typeof body.message, where).toBe("string");
  expect((body.message as string).length, where).toBeGreaterThan(5);
}

/** Strings that have broken web apps: injections, control characters, odd unicode, sizes. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u001f\u007f",
  "\r\n\r\nSet-Cookie: evil=1",
  "' OR '1'='1' --",
  "1; DROP TABLE users; --",
  '"; SELECT * FROM sessions; --',
  "%' ESCAPE '\\",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}${7*7}",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "\u202eevil\u202c",
  "\ud800",
  "𝕏".repeat(300),
  "é".repeat(1000),
  "a".repeat(5000),
  // One word over D1's 50-byte LIKE pattern limit, within the 200-character search limit (a search
  // for these answered 500 until the search stopped using LIKE).
  "x".repeat(60),
  "विद्युतचुंबकीयविकिरणसिद्धान्तपुस्तक",
  "%_".repeat(40),
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "__proto__",
  "constructor",
  "null",
  "[]",
  "{}",
];
