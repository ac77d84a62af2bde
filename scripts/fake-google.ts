// Serves the fake Google (fake-google/app.ts) over HTTP for local development and the browser tests:
// a minimal node:http adapter around its fetch handler, no dependency.
// Usage: node scripts/fake-google.ts --port 9123 [--client-id ID] [--client-secret SECRET] [--ttl SECONDS]
import { createServer } from "node:http";
import { createFakeGoogle } from "#fake-google/app.ts";
import { shiftDates } from "#server/lib/test-clock.ts";

export const FAKE_CLIENT_ID = "campus-local.apps.googleusercontent.com";
export const FAKE_CLIENT_SECRET = "campus-local-secret";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

// A browser-test run at another moment (CAMPUS_CLOCK, scripts/e2e.mjs): course work falls due
// around the same "now" as the app's.
const clockOffset = Number(process.env.CAMPUS_CLOCK_OFFSET_MS) || 0;
if (clockOffset) shiftDates(() => clockOffset);

const port = Number(arg("port", "9123"));
const fake = createFakeGoogle({
  clientId: arg("client-id", FAKE_CLIENT_ID),
  clientSecret: arg("client-secret", FAKE_CLIENT_SECRET),
  accessTokenTtlSeconds: Number(arg("ttl", "300")),
});

const server = createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host ?? `127.0.0.1:${port}`}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
    const response = await fake.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error("fake-google:", error);
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("fake Google failed");
  }
});

server.listen(port, "127.0.0.1", () => {
  console.log(`fake-google: listening on http://127.0.0.1:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
