// The deploy's configuration, read once at the front door (worker/lib/config.ts, decision 0102): what
// it decides, and what a deploy that still lacks something is told, in its log (once per isolate)
// and on /staff for a campus admin. A request to a host that is not this machine is a deploy.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { configProblems, readConfig } from "#server/lib/config.ts";
import { DEMO_COLLEGES_PRESENT } from "#server/services/admin/deploy-check.ts";
import { cast } from "#test/staff-helpers.ts";

const DEPLOYED = "https://campus.college.example";

function deployed(path: string, cookie?: string): Promise<Response> {
  return exports.default.fetch(new Request(`${DEPLOYED}${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
}

/**
 * The Worker as a new isolate has it: its modules evaluated afresh. Test files share an isolate
 * (vitest.config.ts), and a request to a deployed host in another file has already had this one's
 * line written.
 */
async function freshIsolate(): Promise<(path: string) => Promise<Response>> {
  vi.resetModules();
  const { default: worker } = await import("#server/index.ts");
  return async (path) => {
    const ctx = createExecutionContext();
    const incoming = new Request(`${DEPLOYED}${path}`) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(incoming, env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
}

describe("a deploy that lacks something says so", () => {
  // The line is written once per isolate, by the first request to a deployed host.
  it("in one JSON log line, once, listing every gap and the demo colleges", async () => {
    const request = await freshIsolate();
    const lines: string[] = [];
    const spy = vi.spyOn(console, "warn").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      expect((await request("/api/health")).status).toBe(200);
      expect((await request("/api/health")).status).toBe(200);
      await vi.waitFor(() => expect(lines.some((l) => l.includes('"configuration incomplete"'))).toBe(true));
    } finally {
      spy.mockRestore();
    }
    const reports = lines
      .filter((l) => l.includes('"configuration incomplete"'))
      .map((l) => JSON.parse(l) as { level: string; problems: string[] });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.level).toBe("warn");
    // The test environment: APP_URL and MAIL_FROM are wrangler.toml's placeholders, mail goes to the outbox, a
    // VAPID pair of the run's own (as every local run has one: scripts/local-vars.ts), push to local services
    // allowed, and the demo colleges are seeded.
    expect(reports[0]!.problems).toEqual([
      "APP_URL is still https://campus.example: links in the daily digest point nowhere.",
      "MAIL_FROM is still an address at campus.example: mail will not be delivered.",
      "DEV_OUTBOX is on: mail is kept in a development outbox, not sent.",
      "PUSH_ALLOW_LOCAL is on: push endpoints on this machine's addresses are accepted.",
      DEMO_COLLEGES_PRESENT,
    ]);
  });

  it("on /staff to a campus admin, not to other staff, and not in development", async () => {
    const people = await cast();
    const admin = await (await deployed("/staff", people.admin.cookie)).text();
    expect(admin).toContain("This deploy of Campus is not finished");
    expect(admin).toContain("DEV_OUTBOX is on: mail is kept in a development outbox, not sent.");
    expect(admin).toContain(DEMO_COLLEGES_PRESENT);
    const warden = await (await deployed("/staff", people.wardenOfBlock.cookie)).text();
    expect(warden).toContain("Staff console");
    expect(warden).not.toContain("This deploy of Campus is not finished");
    const local = await (
      await exports.default.fetch(new Request("http://localhost/staff", { headers: { Cookie: people.admin.cookie } }))
    ).text();
    expect(local).toContain("Staff console");
    expect(local).not.toContain("This deploy of Campus is not finished");
  });
});

describe("readConfig", () => {
  it("signs with SESSION_SECRET; without it, only on this machine (and in background jobs) with the development key", () => {
    expect(new TextDecoder().decode(readConfig(env, `${DEPLOYED}/`).sessionKey!)).toBe(env.SESSION_SECRET);
    const noSecret = { ...env, SESSION_SECRET: "" };
    expect(readConfig(noSecret, `${DEPLOYED}/`).sessionKey).toBeNull();
    expect(readConfig(noSecret, "http://localhost:5173/").sessionKey).not.toBeNull();
    expect(readConfig(noSecret, "http://127.0.0.1:8787/").development).toBe(true);
    expect(readConfig(noSecret, null).sessionKey).not.toBeNull();
    expect(configProblems(readConfig(noSecret, `${DEPLOYED}/`))[0]).toBe(
      "SESSION_SECRET is not set (wrangler secret put SESSION_SECRET): nobody can sign in.",
    );
  });

  it("names the mail provider, and what a deploy's mail lacks", () => {
    const base = { ...env, DEV_OUTBOX: "0", MAIL_FROM: "noreply@college.example" };
    expect(readConfig({ ...env, DEV_OUTBOX: "1" }, null).mail.provider).toBe("outbox");
    expect(readConfig({ ...base, MAIL_PROVIDER: "cloudflare" }, null).mail.provider).toBe("cloudflare");
    expect(readConfig({ ...base, MAIL_PROVIDER: "carrier-pigeon" }, null).mail.provider).toBe("none");
    const http = readConfig({ ...base, MAIL_PROVIDER: "http", MAIL_API_URL: "" }, `${DEPLOYED}/`);
    expect(configProblems(http)).toContain(
      "MAIL_PROVIDER is http but MAIL_API_URL or the secret MAIL_API_KEY is missing.",
    );
    const unsent = readConfig({ ...base, MAIL_PROVIDER: "none" }, `${DEPLOYED}/`);
    expect(configProblems(unsent)).toContain(
      "No mail provider (MAIL_PROVIDER and MAIL_FROM): verification and reset codes are not sent.",
    );
  });

  it("a deploy without a VAPID pair says push is off; a local run allowing local push services has no pair of its own", () => {
    const noPair = readConfig({ ...env, VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" }, `${DEPLOYED}/`);
    expect(noPair.push.vapid).toBeNull();
    expect(configProblems(noPair)).toContain(
      "No VAPID key pair (VAPID_PUBLIC_KEY and the secret VAPID_PRIVATE_KEY): push notifications are off.",
    );
    // No pair is written in the code any more: allowing local push services is not a key pair.
    expect(
      readConfig({ ...env, VAPID_PUBLIC_KEY: "", PUSH_ALLOW_LOCAL: "1" }, "http://localhost:8787/").push.vapid,
    ).toBeNull();
    expect(readConfig(env, "http://localhost:8787/").push.vapid?.publicKey).toBe(env.VAPID_PUBLIC_KEY);
  });

  it("a complete deploy lacks nothing", () => {
    const complete = readConfig(
      {
        ...env,
        APP_URL: DEPLOYED,
        DEV_OUTBOX: "0",
        PUSH_ALLOW_LOCAL: "0",
        TEST_CLOCK: "0",
        MAIL_PROVIDER: "cloudflare",
        MAIL_FROM: "noreply@college.example",
        VAPID_PUBLIC_KEY: "BExamplePublicKey",
        VAPID_PRIVATE_KEY: '{"kty":"EC"}',
      },
      `${DEPLOYED}/`,
    );
    expect(configProblems(complete)).toEqual([]);
    expect(complete.google?.clientId).toBe(env.GOOGLE_CLIENT_ID);
    expect(complete.appUrl).toBe(DEPLOYED);
  });
});

describe("the Worker's entry module", () => {
  it("exports only handlers: the runtime takes every export as one, and anything else fails the Worker's start", async () => {
    const entry = (await import("#server/index.ts")) as Record<string, unknown>;
    const named = Object.entries(entry).filter(([name]) => name !== "default");
    expect(named.filter(([, value]) => typeof value !== "function").map(([name]) => name)).toEqual([]);
    expect(typeof entry.default).toBe("object");
  });
});
