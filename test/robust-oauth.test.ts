// Tampering with Google sign-in and the Classroom connection (docs/reliability.md, OWASP ASVS 5.0 level 2: OAuth
// and OIDC, tokens, redirects). Every forged or replayed step must end in a 4xx or a redirect to the
// screen with a message, with no session cookie, no user created or linked, and nothing secret in the
// address bar or the logs. The ID tokens here are signed by a test key that a fetch spy publishes as
// Google's key set, so each case can change exactly one thing about a token that is otherwise valid.
import { env } from "cloudflare:workers";
import {
  base64url,
  decodeJwt,
  EncryptJWT,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
} from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readRedirectCookie, REDIRECT_COOKIE, safeRedirectPath } from "#app/lib/redirect.ts";
import { type FakeGoogle } from "#fake-google/app.ts";
import { CLIENT_ID, cookiesFrom, FAKE_ORIGIN, installFakeGoogle } from "#test/fake-google.ts";
import { bearer, call, createUser, ORIGIN, postJson, unique, uniqueIp } from "#test/helpers.ts";
import { count } from "#test/robust-helpers.ts";

type Source = "auth" | "classroom";
const SOURCES: Source[] = ["auth", "classroom"];
const HOME: Record<Source, string> = { auth: "/auth", classroom: "/google/callback" };
const STATE_COOKIE = "__Host-campus_google_state";
const VERIFIER_COOKIE = "__Host-campus_google_verifier";
const HANDOFF_COOKIE = "__Host-campus_google_handoff";
const SESSION_COOKIE = "__Host-campus_session";

const MESSAGES = {
  expired: "Your Google sign-in took too long or was started in another tab. Please try again.",
  failed: "Failed to authenticate with Google. Please try again.",
  codeUsed: "This sign-in link has expired or was already used. Please sign in again.",
  unverified: /e-mail address of this account is not verified/,
  taken: "An account with this e-mail already exists. Sign in with your password.",
};

let signer: CryptoKey;
let stranger: CryptoKey;
let publishedKey: Record<string, unknown>;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  signer = pair.privateKey;
  publishedKey = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  stranger = (await generateKeyPair("RS256")).privateKey;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------------
// A Google whose ID tokens the test writes.

/** A Google identity no other test uses, so "no user created or linked" can be counted. */
function newIdentity() {
  return { sub: `test-${unique("sub")}`, email: `${unique("g")}@gmail.test` };
}

interface ForgeInput {
  /** The claims the fake Google issued (issuer, audience, expiry, e-mail ...). */
  claims: JWTPayload;
  sign: (claims: JWTPayload, key?: CryptoKey) => Promise<string>;
}

/** What the token endpoint's JSON becomes; return the body to send. */
type Forge = (
  body: Record<string, unknown>,
  input: ForgeInput,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

function sign(claims: JWTPayload, key: CryptoKey = signer): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "JWT" }).sign(key);
}

/** The fake Google, but its key set is the test key and every token response passes through `forge`. */
function forgingGoogle(identity: { sub: string; email: string }, forge: Forge = (body) => body): FakeGoogle {
  const fake = installFakeGoogle();
  vi.mocked(globalThis.fetch).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${FAKE_ORIGIN}/`)) throw new Error(`test tried to reach ${request.url}`);
    if (request.url === `${FAKE_ORIGIN}/oauth2/v3/certs`) return Response.json({ keys: [publishedKey] });
    const res = await fake.fetch(request);
    if (request.url !== `${FAKE_ORIGIN}/token` || !res.ok) return res;
    const body = (await res.json()) as Record<string, unknown>;
    if (typeof body.id_token !== "string") return Response.json(body);
    const claims = { ...decodeJwt(body.id_token), sub: identity.sub, email: identity.email };
    const honest = { ...body, id_token: await sign(claims) };
    return Response.json(await forge(honest, { claims, sign }));
  });
  return fake;
}

/** A token endpoint answer whose ID token has these claims changed (undefined removes one). */
function withClaims(changes: Record<string, unknown>): Forge {
  return async (body, { claims, sign: signWith }) => {
    const next: Record<string, unknown> = { ...claims, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === undefined) delete next[key];
    return { ...body, id_token: await signWith(next as JWTPayload) };
  };
}

// ---------------------------------------------------------------------------------------------------
// The redirect dance, one step at a time.

interface Flow {
  source: Source;
  /** The flow cookies, as a Cookie header. */
  cookie: string;
  state: string;
  verifier: string;
  /** The authorization code Google put on the redirect back. */
  code: string;
}

function cookieValue(cookie: string, name: string): string {
  const pair = cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return pair ? pair.slice(name.length + 1) : "";
}

function withoutCookie(cookie: string, name: string): string {
  return cookie
    .split("; ")
    .filter((c) => c && !c.startsWith(`${name}=`))
    .join("; ");
}

function replaceCookie(cookie: string, name: string, value: string): string {
  return [withoutCookie(cookie, name), `${name}=${value}`].filter(Boolean).join("; ");
}

/** Starts a flow at /api/google/auth and approves it on the fake consent page; stops before the callback. */
async function startFlow(fake: FakeGoogle, source: Source, account = "aarav"): Promise<Flow> {
  const start = await call(`/api/google/auth?source=${source}`, { redirect: "manual" });
  expect(start.status).toBe(302);
  const cookie = cookiesFrom(start);
  const authorize = new URL(start.headers.get("Location") ?? "");
  const form = new URLSearchParams({ account });
  for (const name of ["client_id", "redirect_uri", "state", "code_challenge", "scope"])
    form.set(name, authorize.searchParams.get(name) ?? "");
  const approved = await fake.fetch(
    new Request(`${FAKE_ORIGIN}/o/oauth2/v2/auth/approve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    }),
  );
  const back = new URL(approved.headers.get("Location") ?? "");
  return {
    source,
    cookie,
    state: back.searchParams.get("state") ?? "",
    verifier: cookieValue(cookie, VERIFIER_COOKIE),
    code: back.searchParams.get("code") ?? "",
  };
}

interface Landing {
  res: Response;
  location: URL;
  /** Every console line the callback wrote. */
  logs: string[];
}

/** The browser's arrival at /api/google/callback with this query and these cookies. */
async function callback(query: Record<string, string>, cookie: string): Promise<Landing> {
  const logs: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logs.push(
        args
          .map((a) => (typeof a === "string" ? a : a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a)))
          .join(" "),
      );
    }),
  );
  const res = await call(`/api/google/callback?${new URLSearchParams(query).toString()}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  }).finally(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return { res, location: new URL(res.headers.get("Location") ?? "", ORIGIN), logs };
}

/** The normal way back: Google's state and code with the flow's own cookies. */
function arrive(flow: Flow): Promise<Landing> {
  return callback({ state: flow.state, code: flow.code }, flow.cookie);
}

/**
 * A refused callback: back to the screen the flow started from (on this site) with a message, no
 * one-time code, no session or handoff cookie, the flow cookies cleared, and none of the secrets of
 * the flow in the address or in any log line.
 */
function expectRefused(landing: Landing, source: Source, message: string | RegExp, secrets: string[] = []): void {
  const { res, location, logs } = landing;
  expect(res.status).toBe(302);
  expect(location.origin).toBe(ORIGIN);
  expect(res.headers.get("Location")?.startsWith(`${HOME[source]}?`)).toBe(true);
  expect(location.pathname).toBe(HOME[source]);
  if (typeof message === "string") expect(location.searchParams.get("error")).toBe(message);
  else expect(location.searchParams.get("error")).toMatch(message);
  expect(location.searchParams.has("code")).toBe(false);
  expect(location.searchParams.has("token")).toBe(false);
  const setCookies = res.headers.getSetCookie();
  for (const line of setCookies) {
    expect(line).not.toMatch(new RegExp(`^(${SESSION_COOKIE}|${HANDOFF_COOKIE})=`));
    expect(line).toMatch(/Max-Age=0/);
  }
  expect(setCookies.map((line) => line.split("=")[0]).sort()).toEqual([STATE_COOKIE, VERIFIER_COOKIE]);
  expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const url = res.headers.get("Location") ?? "";
  const everything = [url, ...logs].join("\n");
  for (const secret of [
    ...secrets.filter((s) => s.length >= 8),
    "ya29.",
    "1//fake-",
    "eyJ",
    env.GOOGLE_CLIENT_SECRET,
    env.SESSION_SECRET,
  ]) {
    expect(everything).not.toContain(secret);
  }
}

async function usersWith(identity: { sub: string; email: string }): Promise<number> {
  return count("SELECT COUNT(*) AS n FROM users WHERE email = ? OR google_sub = ?", identity.email, identity.sub);
}

// ---------------------------------------------------------------------------------------------------

describe("the callback refuses a forged or replayed return from Google", () => {
  for (const source of SOURCES) {
    describe(source, () => {
      it("without state in the query", async () => {
        const identity = newIdentity();
        const flow = await startFlow(forgingGoogle(identity), source);
        expectRefused(await callback({ code: flow.code }, flow.cookie), source, MESSAGES.expired, [
          flow.code,
          flow.verifier,
        ]);
        expect(await usersWith(identity)).toBe(0);
      });

      it("with a state that does not match the cookie (another flow's, or made up)", async () => {
        const identity = newIdentity();
        const fake = forgingGoogle(identity);
        const mine = await startFlow(fake, source);
        const theirs = await startFlow(fake, source);
        for (const state of [
          theirs.state,
          "forged-state",
          `${mine.state}x`,
          mine.state.slice(0, -1),
          `${source}.${mine.state}`,
          "",
        ]) {
          expectRefused(await callback({ state, code: mine.code }, mine.cookie), source, MESSAGES.expired, [
            mine.code,
            mine.verifier,
          ]);
        }
        expect(await usersWith(identity)).toBe(0);
      });

      it("without the state cookie, or with a state cookie that carries no state", async () => {
        const identity = newIdentity();
        const flow = await startFlow(forgingGoogle(identity), source);
        const noState = withoutCookie(flow.cookie, STATE_COOKIE);
        // Without the cookie the flow's origin is unknown: the sign-in screen is the safe default.
        expectRefused(await callback({ state: flow.state, code: flow.code }, noState), "auth", MESSAGES.expired, [
          flow.code,
        ]);
        expectRefused(
          await callback({ state: "", code: flow.code }, replaceCookie(noState, STATE_COOKIE, `${source}.`)),
          source,
          MESSAGES.expired,
          [flow.code],
        );
        expectRefused(
          await callback({ state: source, code: flow.code }, replaceCookie(noState, STATE_COOKIE, source)),
          "auth",
          MESSAGES.expired,
          [flow.code],
        );
        expect(await usersWith(identity)).toBe(0);
      });

      it("a state that was already used (the callback replayed after a sign-in)", async () => {
        const identity = newIdentity();
        const flow = await startFlow(forgingGoogle(identity), source);
        const first = await arrive(flow);
        expect(first.location.pathname).toBe(HOME[source]);
        expect(first.location.searchParams.get("code")).toBeTruthy();
        const before = await usersWith(identity);
        // The browser dropped the flow cookies; a replay with the cookies it now has is refused ...
        const spent = cookiesFrom(first.res, flow.cookie);
        expect(cookieValue(spent, STATE_COOKIE)).toBe("");
        expectRefused(await callback({ state: flow.state, code: flow.code }, spent), "auth", MESSAGES.expired, [
          flow.code,
        ]);
        // ... and so is one with the old cookies (copied before they were cleared): Google spent the code.
        expectRefused(await arrive(flow), source, MESSAGES.failed, [flow.code, flow.verifier]);
        expect(await usersWith(identity)).toBe(before);
      });

      it("without the PKCE verifier cookie, or with an empty one", async () => {
        const identity = newIdentity();
        const flow = await startFlow(forgingGoogle(identity), source);
        expectRefused(
          await callback({ state: flow.state, code: flow.code }, withoutCookie(flow.cookie, VERIFIER_COOKIE)),
          source,
          MESSAGES.expired,
          [flow.code],
        );
        expectRefused(
          await callback({ state: flow.state, code: flow.code }, replaceCookie(flow.cookie, VERIFIER_COOKIE, "")),
          source,
          MESSAGES.expired,
          [flow.code],
        );
        expect(await usersWith(identity)).toBe(0);
      });

      it("with the wrong PKCE verifier (another flow's, or made up): Google refuses the code", async () => {
        const identity = newIdentity();
        const fake = forgingGoogle(identity);
        const other = await startFlow(fake, source);
        for (const verifier of [other.verifier, "x".repeat(43), other.verifier.slice(0, -1)]) {
          const flow = await startFlow(fake, source);
          expectRefused(
            await callback(
              { state: flow.state, code: flow.code },
              replaceCookie(flow.cookie, VERIFIER_COOKIE, verifier),
            ),
            source,
            MESSAGES.failed,
            [flow.code, verifier],
          );
        }
        expect(await usersWith(identity)).toBe(0);
      });

      it("an authorization code that Google's token endpoint refuses (made up, another client's, oversized)", async () => {
        const identity = newIdentity();
        const fake = forgingGoogle(identity);
        for (const code of ["4/made-up-code-0123456789", "4/fake-0000000000000000000000000000000000000000000000"]) {
          const flow = await startFlow(fake, source);
          expectRefused(await callback({ state: flow.state, code }, flow.cookie), source, MESSAGES.failed, [
            flow.verifier,
          ]);
        }
        const flow = await startFlow(fake, source);
        expectRefused(
          await callback({ state: flow.state, code: "4".repeat(2049) }, flow.cookie),
          source,
          MESSAGES.expired,
          [flow.verifier],
        );
        expectRefused(await callback({ state: flow.state }, flow.cookie), source, MESSAGES.expired, [flow.verifier]);
        expect(await usersWith(identity)).toBe(0);
      });

      it("Google's error answers, including one that skips the state check", async () => {
        const identity = newIdentity();
        const fake = forgingGoogle(identity);
        let flow = await startFlow(fake, source);
        expectRefused(await callback({ error: "access_denied" }, flow.cookie), source, MESSAGES.expired);
        flow = await startFlow(fake, source);
        expectRefused(
          await callback({ state: flow.state, error: "server_error", code: flow.code }, flow.cookie),
          source,
          MESSAGES.failed,
          [flow.code],
        );
        flow = await startFlow(fake, source);
        expectRefused(
          await callback({ state: flow.state, error: "<script>alert(1)</script>" }, flow.cookie),
          source,
          MESSAGES.failed,
        );
      });

      it("when Google's token endpoint is down or answers garbage", async () => {
        const identity = newIdentity();
        const fake = forgingGoogle(identity);
        const cases: [string, () => Response][] = [
          [
            "a 500 page",
            () => new Response("<html>Server Error</html>", { status: 500, headers: { "Content-Type": "text/html" } }),
          ],
          ["not JSON", () => new Response("not json", { status: 200 })],
          ["no id_token", () => Response.json({ access_token: "ya29.fake-x", expires_in: 300, token_type: "Bearer" })],
          [
            "no access_token",
            () => Response.json({ id_token: "eyJhbGciOiJub25lIn0.e30.", expires_in: 300, token_type: "Bearer" }),
          ],
          [
            "no expires_in",
            () =>
              Response.json({
                access_token: "ya29.fake-x",
                id_token: "eyJhbGciOiJub25lIn0.e30.",
                token_type: "Bearer",
              }),
          ],
        ];
        for (const [name, answer] of cases) {
          const flow = await startFlow(fake, source);
          const spy = vi.mocked(globalThis.fetch);
          const previous = spy.getMockImplementation();
          spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
            if (new Request(input, init).url === `${FAKE_ORIGIN}/token`) return answer();
            return previous!(input, init);
          });
          const landing = await arrive(flow);
          expect(landing.res.status, name).toBe(302);
          expectRefused(landing, source, MESSAGES.failed, [flow.code, flow.verifier]);
          spy.mockImplementation(previous!);
        }
        const flow = await startFlow(fake, source);
        vi.mocked(globalThis.fetch).mockRejectedValue(new TypeError("Network connection lost."));
        expectRefused(await arrive(flow), source, MESSAGES.failed, [flow.code, flow.verifier]);
        expect(await usersWith(identity)).toBe(0);
      });
    });
  }
});

describe("the callback refuses an ID token that is not Google's word for this client", () => {
  const hour = 3600;
  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, Forge][] = [
    ["issued for another client (aud)", withClaims({ aud: "someone-else.apps.googleusercontent.com" })],
    ["with no audience", withClaims({ aud: undefined })],
    ["from another issuer (iss)", withClaims({ iss: "https://evil.example" })],
    ["from Google's issuer when another one is configured", withClaims({ iss: "https://accounts.google.com" })],
    ["with no issuer", withClaims({ iss: undefined })],
    ["expired an hour ago", withClaims({ iat: now() - 2 * hour, exp: now() - hour })],
    ["without an expiry", withClaims({ exp: undefined })],
    ["not valid yet (nbf)", withClaims({ nbf: now() + hour })],
    ["without a subject", withClaims({ sub: undefined })],
    ["without an e-mail", withClaims({ email: undefined })],
    ["unsigned (alg: none)", (body, { claims }) => ({ ...body, id_token: new UnsecuredJWT(claims).encode() })],
    [
      "with its signature stripped",
      (body) => {
        const [header, payload] = String(body.id_token).split(".");
        return { ...body, id_token: `${header}.${payload}.` };
      },
    ],
    [
      "signed by a key that is not in Google's key set (same kid)",
      async (body, { claims }) => ({ ...body, id_token: await sign(claims, stranger) }),
    ],
    [
      "signed with HS256 using the public key as the secret (algorithm confusion)",
      async (body, { claims }) => ({
        ...body,
        id_token: await new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256", kid: "test-key" })
          .sign(new TextEncoder().encode(JSON.stringify(publishedKey))),
      }),
    ],
    [
      "with a tampered payload (another e-mail, signature kept)",
      (body, { claims }) => {
        const [header, , signature] = String(body.id_token).split(".");
        const payload = base64url.encode(
          JSON.stringify({ ...claims, email: "victim@gmail.test", email_verified: true }),
        );
        return { ...body, id_token: `${header}.${payload}.${signature}` };
      },
    ],
    ["that is not a JWT at all", (body) => ({ ...body, id_token: "not-a-jwt" })],
  ];

  for (const source of SOURCES) {
    for (const [name, forge] of cases) {
      it(`${source}: ${name}`, async () => {
        const identity = newIdentity();
        const flow = await startFlow(forgingGoogle(identity, forge), source);
        expectRefused(await arrive(flow), source, MESSAGES.failed, [flow.code, flow.verifier]);
        expect(await usersWith(identity)).toBe(0);
        expect(await count("SELECT COUNT(*) AS n FROM users WHERE email = 'victim@gmail.test'")).toBe(0);
      });
    }
  }

  it("the honest token of the same forging Google does sign in (the cases above fail for their one change)", async () => {
    const identity = newIdentity();
    const flow = await startFlow(forgingGoogle(identity), "auth");
    const { location, res } = await arrive(flow);
    expect(location.pathname).toBe("/auth");
    const code = location.searchParams.get("code") ?? "";
    const session = await postJson("/api/google/session", { code }, { Cookie: cookiesFrom(res) });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { data: { email: string } }).data.email).toBe(identity.email);
    expect(await usersWith(identity)).toBe(1);
  });
});

describe("an e-mail address Google has not verified", () => {
  for (const [name, changes] of [
    ["email_verified false", { email_verified: false }],
    ["email_verified missing", { email_verified: undefined }],
    ["email_verified as the string 'false'", { email_verified: "false" }],
  ] as const) {
    it(`${name}: creates no account`, async () => {
      const identity = newIdentity();
      const flow = await startFlow(forgingGoogle(identity, withClaims(changes)), "auth");
      expectRefused(await arrive(flow), "auth", MESSAGES.unverified, [flow.code, flow.verifier]);
      expect(await usersWith(identity)).toBe(0);
    });

    it(`${name}: does not sign in to or link the existing account with that e-mail`, async () => {
      const identity = newIdentity();
      const existing = await createUser({ email: identity.email });
      const flow = await startFlow(forgingGoogle(identity, withClaims(changes)), "auth");
      expectRefused(await arrive(flow), "auth", MESSAGES.unverified, [flow.code, flow.verifier]);
      const row = await env.DB.prepare("SELECT google_sub FROM users WHERE id = ?")
        .bind(existing.userId)
        .first<{ google_sub: string | null }>();
      expect(row?.google_sub).toBeNull();
      expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", existing.userId)).toBe(1);
      expect(await count("SELECT COUNT(*) AS n FROM google_handoffs WHERE user_id = ?", existing.userId)).toBe(0);
    });
  }

  it("a verified e-mail does not take over an account already linked to another Google account", async () => {
    const owner = newIdentity();
    const ownerFlow = await startFlow(forgingGoogle(owner), "auth");
    expect((await arrive(ownerFlow)).location.searchParams.get("code")).toBeTruthy();
    vi.restoreAllMocks();
    const intruder = { sub: `test-${unique("sub")}`, email: owner.email };
    const flow = await startFlow(forgingGoogle(intruder), "auth");
    expectRefused(await arrive(flow), "auth", MESSAGES.taken, [flow.code, flow.verifier]);
    const rows = await env.DB.prepare("SELECT google_sub FROM users WHERE email = ?")
      .bind(owner.email)
      .all<{ google_sub: string }>();
    expect(rows.results).toEqual([{ google_sub: owner.sub }]);
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE google_sub = ?", intruder.sub)).toBe(0);
  });
});

describe("the one-time code that carries a sign-in or a Classroom token back to the app", () => {
  async function landedCode(
    source: Source,
    identity = newIdentity(),
  ): Promise<{ code: string; cookie: string; identity: typeof identity }> {
    const flow = await startFlow(forgingGoogle(identity), source);
    const { location, res } = await arrive(flow);
    const code = location.searchParams.get("code") ?? "";
    expect(code.length).toBeGreaterThan(30);
    return { code, cookie: cookiesFrom(res), identity };
  }

  const redeem = (source: Source, code: string, cookie = "") =>
    postJson(
      source === "auth" ? "/api/google/session" : "/api/google/exchange",
      { code },
      cookie ? { Cookie: cookie } : {},
    );

  async function expectCodeRefused(res: Response): Promise<void> {
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.codeUsed);
    for (const line of res.headers.getSetCookie()) expect(line).not.toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]`));
  }

  for (const source of SOURCES) {
    describe(source, () => {
      it("is bound to the browser that finished the flow: another browser cannot redeem it", async () => {
        const { code, cookie, identity } = await landedCode(source);
        expect(cookieValue(cookie, HANDOFF_COOKIE).length).toBeGreaterThan(30);
        // A link with the code, opened in a victim's browser (login CSRF), or a code read from a log.
        await expectCodeRefused(await redeem(source, code));
        const attacker = await landedCode(source);
        await expectCodeRefused(await redeem(source, code, attacker.cookie));
        await expectCodeRefused(
          await redeem(source, code, `${HANDOFF_COOKIE}=${cookieValue(cookie, HANDOFF_COOKIE)}x`),
        );
        // The refusals did not spend it for its own browser.
        const ok = await redeem(source, code, cookie);
        expect(ok.status).toBe(200);
        if (source === "auth")
          expect(((await ok.json()) as { data: { email: string } }).data.email).toBe(identity.email);
      });

      it("works once", async () => {
        const { code, cookie } = await landedCode(source);
        const first = await redeem(source, code, cookie);
        expect(first.status).toBe(200);
        await expectCodeRefused(await redeem(source, code, cookie));
        // And a concurrent double use succeeds at most once.
        const again = await landedCode(source);
        const statuses = (
          await Promise.all([redeem(source, again.code, again.cookie), redeem(source, again.code, again.cookie)])
        )
          .map((r) => r.status)
          .sort();
        expect(statuses).toEqual([200, 400]);
      });

      it("expires after 60 seconds", async () => {
        const { code, cookie } = await landedCode(source);
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(Date.now() + 61_000);
        await expectCodeRefused(await redeem(source, code, cookie));
      });

      it("is only good for the purpose it was made for", async () => {
        const { code, cookie } = await landedCode(source);
        await expectCodeRefused(await redeem(source === "auth" ? "classroom" : "auth", code, cookie));
        expect((await redeem(source, code, cookie)).status).toBe(200);
      });

      it("guessed or altered codes are refused", async () => {
        const { code, cookie } = await landedCode(source);
        for (const guess of [
          `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`,
          code.toUpperCase(),
          `${code} `,
          "A".repeat(43),
        ]) {
          const res = await redeem(source, guess, cookie);
          expect(res.status, guess).toBe(400);
        }
        expect((await redeem(source, code, cookie)).status).toBe(200);
      });
    });
  }

  it("a refused sign-in code issues no session and leaves the sessions table alone", async () => {
    const { code, identity } = await landedCode("auth");
    const [user] = (
      await env.DB.prepare("SELECT id FROM users WHERE google_sub = ?").bind(identity.sub).all<{ id: string }>()
    ).results;
    await expectCodeRefused(await redeem("auth", code));
    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", user?.id)).toBe(0);
  });
});

describe("the encrypted Google token", () => {
  async function googleToken(): Promise<string> {
    const flow = await startFlow(forgingGoogle(newIdentity()), "classroom");
    const { location, res } = await arrive(flow);
    const exchanged = await postJson(
      "/api/google/exchange",
      { code: location.searchParams.get("code") },
      { Cookie: cookiesFrom(res) },
    );
    expect(exchanged.status).toBe(200);
    return ((await exchanged.json()) as { token: string }).token;
  }

  /** Every way one part of a compact JWE can be changed. */
  function tamperings(token: string): [string, string][] {
    const parts = token.split(".");
    const flip = (s: string) => `${s.slice(0, -2)}${s.endsWith("AA") ? "BB" : "AA"}`;
    const names = ["protected header", "encrypted key", "iv", "ciphertext", "tag"];
    const out: [string, string][] = [];
    for (let i = 0; i < 5; i += 1) {
      const changed = [...parts];
      changed[i] = i === 1 ? "AAAA" : flip(parts[i] ?? "");
      out.push([`${names[i]} changed`, changed.join(".")]);
      if (i !== 1) {
        const dropped = [...parts];
        dropped[i] = "";
        out.push([`${names[i]} removed`, dropped.join(".")]);
      }
    }
    out.push([
      "header says alg none",
      [base64url.encode(JSON.stringify({ alg: "none", enc: "A256GCM" })), ...parts.slice(1)].join("."),
    ]);
    out.push([
      "header says A128GCM",
      [base64url.encode(JSON.stringify({ alg: "dir", enc: "A128GCM" })), ...parts.slice(1)].join("."),
    ]);
    out.push(["truncated", token.slice(0, token.length / 2)]);
    out.push(["two tokens glued", `${token}.${token}`]);
    return out;
  }

  async function expectRejectedEverywhere(token: string, name: string): Promise<void> {
    const verify = await postJson("/api/google/verify-token", { token });
    expect(verify.status, name).toBe(200);
    expect(await verify.json(), name).toEqual({ success: true, valid: false, user: null });
    for (const path of ["/api/google/courses", "/api/google/courses/c-ds/assignments"]) {
      const res = await call(path, { headers: bearer(token) });
      expect(res.status, `${name} ${path}`).toBe(401);
      expect(res.headers.get("X-New-Token"), name).toBeNull();
    }
  }

  it("is refused with any part tampered with", async () => {
    const token = await googleToken();
    for (const [name, tampered] of tamperings(token)) await expectRejectedEverywhere(tampered, name);
    // The original still works: each refusal was for its change.
    expect(((await (await postJson("/api/google/verify-token", { token })).json()) as { valid: boolean }).valid).toBe(
      true,
    );
  });

  it("is refused when made with another secret, as a signed (readable) JWT, or with another key-management algorithm", async () => {
    const token = await googleToken();
    const g = {
      accessToken: "ya29.fake-forged",
      refreshToken: null,
      expiresAt: Date.now() + 3_600_000,
      sub: "x",
      email: "forger@gmail.test",
      name: null,
      picture: null,
    };
    const base = (jwt: EncryptJWT) =>
      jwt.setIssuer("campus").setAudience("campus-google-browser").setIssuedAt().setExpirationTime("1h");
    const guessedKey = new Uint8Array(32);
    const asIs = await base(new EncryptJWT({ g }).setProtectedHeader({ alg: "dir", enc: "A256GCM" })).encrypt(
      guessedKey,
    );
    const secretKey = new TextEncoder().encode(env.SESSION_SECRET).slice(0, 32);
    const rawSecret = await base(new EncryptJWT({ g }).setProtectedHeader({ alg: "dir", enc: "A256GCM" })).encrypt(
      secretKey,
    );
    const wrapped = await base(new EncryptJWT({ g }).setProtectedHeader({ alg: "A256KW", enc: "A256GCM" })).encrypt(
      guessedKey,
    );
    const signed = await new SignJWT({ g })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("campus")
      .setAudience("campus-google-browser")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(env.SESSION_SECRET));
    for (const [name, forged] of [
      ["zero key", asIs],
      ["raw SESSION_SECRET as the key", rawSecret],
      ["A256KW", wrapped],
      ["a JWS", signed],
    ] as const) {
      await expectRejectedEverywhere(forged, name);
    }
    expect(token.split(".")).toHaveLength(5);
  });

  it("is refused once its 90 days are over", async () => {
    const token = await googleToken();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 91 * 86_400_000);
    await expectRejectedEverywhere(token, "expired");
  });

  it("a tampered token cannot turn on reminders", async () => {
    const token = await googleToken();
    const user = await createUser();
    for (const [name, tampered] of tamperings(token).slice(0, 4)) {
      const res = await postJson(
        "/api/google/notifications/enable",
        { userId: user.email, token: tampered },
        { Cookie: user.cookie },
      );
      expect(res.status, name).toBe(400);
    }
    expect(await count("SELECT COUNT(*) AS n FROM google_connections WHERE user_id = ?", user.userId)).toBe(0);
  });
});

describe("redirects never leave the site", () => {
  const HOSTILE = [
    "//evil.example",
    "https://evil.example",
    "http://evil.example/purchases",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "///evil.example",
    "javascript:alert(document.domain)",
    "data:text/html,<script>alert(1)</script>",
    "https:evil.example",
    "/%2F/evil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "%252F%252Fevil.example",
    "//evil.example@localhost",
    "/purchases@evil.example",
    "//localhost@evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "//%09/evil.example",
  ];

  /** Where a browser goes with this Location (the WHATWG parser, as in browsers: tabs and newlines dropped). */
  function staysOnSite(target: string | null): boolean {
    if (target === null) return true;
    const resolved = new URL(target, "https://campus.test/auth");
    return resolved.origin === "https://campus.test";
  }

  it("safeRedirectPath never returns a path that leaves the site", () => {
    for (const value of HOSTILE) expect(staysOnSite(safeRedirectPath(value)), JSON.stringify(value)).toBe(true);
    for (const value of HOSTILE)
      expect(
        staysOnSite(readRedirectCookie(`${REDIRECT_COOKIE}=${encodeURIComponent(value)}`)),
        JSON.stringify(value),
      ).toBe(true);
    for (const value of HOSTILE)
      expect(staysOnSite(readRedirectCookie(`${REDIRECT_COOKIE}=${value}`)), JSON.stringify(value)).toBe(true);
    // Ordinary paths still work.
    expect(safeRedirectPath("/purchases")).toBe("/purchases");
    expect(safeRedirectPath("/all-products?q=lamp&page=2")).toBe("/all-products?q=lamp&page=2");
    expect(readRedirectCookie(`${REDIRECT_COOKIE}=${encodeURIComponent("/googleclassroom")}`)).toBe("/googleclassroom");
  });

  it("the sign-in form never redirects off the site, whatever the redirect-after-login cookie says", async () => {
    const user = await createUser();
    for (const value of HOSTILE) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ intent: "signin", email: user.email, password: user.password }))
        form.set(k, v);
      const res = await call("/login", {
        method: "POST",
        body: form,
        redirect: "manual",
        headers: { Cookie: `${REDIRECT_COOKIE}=${encodeURIComponent(value)}`, "CF-Connecting-IP": uniqueIp() },
      });
      expect(res.status, JSON.stringify(value)).toBe(302);
      const location = res.headers.get("Location");
      expect(staysOnSite(location), `${JSON.stringify(value)} -> ${location}`).toBe(true);
    }
    // 26 password sign-ins (PBKDF2 each): seconds on a busy machine.
  }, 60_000);

  it("a signed-out visit to a guarded page remembers only a path on this site", async () => {
    for (const path of [
      "/purchases?next=//evil.example",
      "/purchases?next=https%3A%2F%2Fevil.example",
      "/upload/..%2F%2Fevil.example",
    ]) {
      const res = await call(path, { redirect: "manual" });
      const remembered = res.headers.getSetCookie().find((line) => line.startsWith(`${REDIRECT_COOKIE}=`));
      if (!remembered) continue;
      const value = readRedirectCookie(remembered.split(";")[0] ?? "");
      expect(staysOnSite(value), path).toBe(true);
    }
  });

  it("Google's return address is ours whatever the query asks for", async () => {
    installFakeGoogle();
    for (const query of [
      "redirect_uri=https://evil.example/cb",
      "next=//evil.example",
      "return_to=https://evil.example",
      "redirect=%2F%2Fevil.example",
      "source=auth&source=classroom",
    ]) {
      const res = await call(`/api/google/auth?source=auth&${query}`, { redirect: "manual" });
      expect(res.status, query).toBe(302);
      const to = new URL(res.headers.get("Location") ?? "");
      expect(to.origin, query).toBe(FAKE_ORIGIN);
      expect(to.searchParams.get("redirect_uri"), query).toBe(`${ORIGIN}/api/google/callback`);
      expect(to.searchParams.get("client_id"), query).toBe(CLIENT_ID);
    }
  });

  it("the callback goes back to its own screen, ignoring any return address in the query", async () => {
    for (const source of SOURCES) {
      const identity = newIdentity();
      const flow = await startFlow(forgingGoogle(identity), source);
      const landing = await callback(
        {
          state: flow.state,
          code: flow.code,
          next: "//evil.example",
          redirect_uri: "https://evil.example",
          return_to: "https://evil.example",
        },
        flow.cookie,
      );
      expect(landing.location.origin).toBe(ORIGIN);
      expect(landing.location.pathname).toBe(HOME[source]);
      expect([...landing.location.searchParams.keys()]).toEqual(["code"]);
      vi.restoreAllMocks();
    }
  });
});
