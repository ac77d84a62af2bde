// A small fake of the parts of Google that Campus uses: the OAuth authorize page, the token endpoint
// (authorization code with PKCE, refresh), the ID-token keys, and the Classroom endpoints for
// courses, teachers, course work and the student's own submissions. One fetch handler serves the
// Worker tests (outbound fetches are routed to it) and, through scripts/fake-google.ts, local
// development and the browser tests. Nothing here talks to the real Google.
//
// Written as erasable TypeScript (no enums, no parameter properties) so that Node runs it directly.
import { Hono } from "hono";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

export interface FakeAccount {
  key: string;
  sub: string;
  email: string;
  name?: string;
  picture?: boolean;
  /** The Google Workspace domain of a managed account: the ID token's `hd` claim. */
  hd?: string;
}

export const FAKE_ACCOUNTS: FakeAccount[] = [
  { key: "aarav", sub: "104000000000000000001", email: "aarav.gupta@example.com", name: "Aarav Gupta", picture: true },
  { key: "noname", sub: "104000000000000000002", email: "student.two@example.com" },
];

export interface FakeGoogleOptions {
  clientId: string;
  clientSecret: string;
  /** The clock the canned due dates are laid out from (default: the real clock). */
  now?: () => number;
  /** Access tokens live this long (short, so that refresh is exercised). */
  accessTokenTtlSeconds?: number;
}

/** Knobs a test may turn. */
export interface FakeGoogleSettings {
  /** Issue ID tokens for this audience instead of the client id (to test the audience check). */
  idTokenAudience: string | null;
  /** More accounts to choose from (a college student's Workspace account, say), after FAKE_ACCOUNTS. */
  extraAccounts: FakeAccount[];
}

interface IssuedCode {
  account: FakeAccount;
  clientId: string;
  redirectUri: string;
  challenge: string;
  expiresAt: number;
}

interface AccessGrant {
  account: FakeAccount;
  expiresAt: number;
}

const DAY = 86_400_000;
const IST_OFFSET = 5.5 * 3_600_000;

/** Midnight (India time) of the day `t` falls on, `days` days later, plus hours:minutes India time. */
function istAt(t: number, days: number, hours: number, minutes: number): number {
  const istMidnight = Math.floor((t + IST_OFFSET) / DAY) * DAY - IST_OFFSET;
  return istMidnight + days * DAY + (hours * 60 + minutes) * 60_000;
}

/** Classroom's shape for a due moment: a UTC date and a UTC time of day. */
function googleDue(t: number) {
  const d = new Date(t);
  return {
    dueDate: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
    dueTime: { hours: d.getUTCHours(), minutes: d.getUTCMinutes() },
  };
}

interface CannedWork {
  id: string;
  title: string;
  description?: string;
  due?: [days: number, hours: number, minutes: number];
  maxPoints?: number;
  state: "NEW" | "CREATED" | "TURNED_IN" | "RETURNED" | "RECLAIMED_BY_STUDENT";
}

interface CannedCourse {
  id: string;
  name: string;
  section?: string;
  courseState: "ACTIVE" | "ARCHIVED";
  teachers: string[];
  apiNotEnabled?: boolean;
  work: CannedWork[];
}

const LONG_DESCRIPTION =
  "Read chapter 2 of the textbook on asymptotic notation and work through every example on your own before the next class. " +
  "Write a one-page summary comparing Big-O, Big-Omega and Big-Theta with an example of each, and bring questions about anything that is unclear.";

const COURSES: Record<string, CannedCourse[]> = {
  aarav: [
    {
      id: "c-ds",
      name: "Data Structures",
      section: "CSE-A",
      courseState: "ACTIVE",
      teachers: ["Dr. Neha Kapoor"],
      work: [
        {
          id: "cw-overdue",
          title: "Linked list lab report",
          description: "Submit the lab report for experiment 4.",
          due: [-1, 17, 0],
          maxPoints: 20,
          state: "CREATED",
        },
        {
          id: "cw-today",
          title: "Stack and queue worksheet",
          description: "Problems 1 to 10.",
          due: [0, 23, 59],
          maxPoints: 10,
          state: "CREATED",
        },
        { id: "cw-tomorrow", title: "Binary tree quiz", due: [1, 10, 0], maxPoints: 15, state: "NEW" },
        {
          id: "cw-2days",
          title: "Graph traversal assignment",
          description: "BFS and DFS on the given graphs.",
          due: [2, 18, 0],
          maxPoints: 25,
          state: "CREATED",
        },
        { id: "cw-5days", title: "Hashing mini project", due: [5, 12, 0], maxPoints: 50, state: "CREATED" },
        { id: "cw-10days", title: "Sorting algorithms essay", due: [10, 17, 30], maxPoints: 30, state: "CREATED" },
        { id: "cw-nodate", title: "Reading: asymptotic notation", description: LONG_DESCRIPTION, state: "CREATED" },
      ],
    },
    {
      id: "c-os",
      name: "Operating Systems",
      section: "CSE-B",
      courseState: "ACTIVE",
      teachers: ["Prof. Rajiv Menon", "Dr. Sana Iqbal"],
      work: [
        {
          id: "cw-turnedin",
          title: "Process scheduling problem set",
          due: [1, 9, 0],
          maxPoints: 20,
          state: "TURNED_IN",
        },
        { id: "cw-returned", title: "Deadlock case study", due: [-3, 17, 0], maxPoints: 10, state: "RETURNED" },
        // Turned in, then taken back by the student: to do again (Campus shows it as assigned).
        {
          id: "cw-6days",
          title: "Memory management quiz",
          due: [6, 11, 0],
          maxPoints: 10,
          state: "RECLAIMED_BY_STUDENT",
        },
      ],
    },
    {
      id: "c-old",
      name: "Engineering Graphics 2025",
      courseState: "ARCHIVED",
      teachers: ["Mr. Arun Das"],
      work: [{ id: "cw-archived", title: "Isometric drawing sheet", due: [0, 20, 0], state: "CREATED" }],
    },
  ],
  noname: [
    {
      id: "c-web",
      name: "Web Technology",
      section: "CSE-C",
      courseState: "ACTIVE",
      teachers: ["Ms. Priya Raman"],
      work: [{ id: "cw-web", title: "Build a portfolio page", due: [3, 17, 0], maxPoints: 20, state: "CREATED" }],
    },
    {
      id: "c-phy",
      name: "Physics Lab",
      courseState: "ACTIVE",
      teachers: ["Dr. Vikram Rao"],
      apiNotEnabled: true,
      work: [],
    },
  ],
};

export const API_NOT_ENABLED_MESSAGE =
  "Google Classroom API has not been used in project 1234567890 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/classroom.googleapis.com/overview?project=1234567890 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.";

function randomId(bytes = 24): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(raw, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function googleError(code: number, status: string, message: string, reason?: string) {
  return {
    error: {
      code,
      message,
      status,
      ...(reason ? { details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason }] } : {}),
    },
  };
}

export interface FakeGoogle {
  fetch: (request: Request) => Promise<Response>;
  settings: FakeGoogleSettings;
  /** Makes every access token issued so far expire now (to exercise refresh). */
  expireAccessTokens: () => void;
  /** How many refresh_token grants the token endpoint has answered. */
  refreshCount: () => number;
}

export function createFakeGoogle(options: FakeGoogleOptions): FakeGoogle {
  const now = options.now ?? (() => Date.now());
  const ttl = options.accessTokenTtlSeconds ?? 300;
  const settings: FakeGoogleSettings = { idTokenAudience: null, extraAccounts: [] };
  const accounts = () => [...FAKE_ACCOUNTS, ...settings.extraAccounts];
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, AccessGrant>();
  const refreshTokens = new Map<string, FakeAccount>();
  let refreshes = 0;
  let keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | null = null;

  function signingKey() {
    keys ??= (async () => {
      const pair = await generateKeyPair("RS256", { extractable: true });
      const jwk = await exportJWK(pair.publicKey);
      return { privateKey: pair.privateKey, jwk: { ...jwk, kid: "fake-google-1", alg: "RS256", use: "sig" } };
    })();
    return keys;
  }

  function issueAccessToken(account: FakeAccount): string {
    const token = `ya29.fake-${randomId()}`;
    accessTokens.set(token, { account, expiresAt: Date.now() + ttl * 1000 });
    return token;
  }

  const app = new Hono();

  app.get("/o/oauth2/v2/auth", (c) => {
    const q = c.req.query();
    const problems: string[] = [];
    if (q.client_id !== options.clientId) problems.push("unknown client_id");
    if (q.response_type !== "code") problems.push("response_type must be code");
    if (!q.redirect_uri) problems.push("redirect_uri is missing");
    if (!q.state) problems.push("state is missing");
    if (!q.code_challenge || q.code_challenge_method !== "S256") problems.push("PKCE with S256 is required");
    if (problems.length)
      return c.html(
        `<!doctype html><title>Error 400</title><h1>Error 400: invalid_request</h1><p>${escapeHtml(problems.join("; "))}</p>`,
        400,
      );
    const hidden = ["client_id", "redirect_uri", "state", "code_challenge", "scope"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? "")}">`)
      .join("");
    const buttons = accounts()
      .map(
        (a) =>
          `<button name="account" value="${a.key}"><strong>${escapeHtml(a.name ?? "(no name on this account)")}</strong><br><small>${escapeHtml(a.email)}</small></button>`,
      )
      .join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Fake Google</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#202124}button{display:block;width:100%;text-align:left;padding:.8rem 1rem;margin:.5rem 0;border:1px solid #dadce0;border-radius:.5rem;background:#fff;font:inherit;cursor:pointer}button:hover{background:#f1f3f4}.cancel{text-align:center}</style></head>
<body><h1>Fake Google</h1><p>Choose an account to continue to Campus. This is the test stand-in for Google sign-in; no real account is used.</p>
<p><small>Requested scopes: ${escapeHtml(q.scope ?? "")}</small></p>
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}${buttons}<button class="cancel" name="account" value="">Cancel</button></form></body></html>`);
  });

  app.post("/o/oauth2/v2/auth/approve", async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const redirect = new URL(field("redirect_uri"));
    redirect.searchParams.set("state", field("state"));
    const account = accounts().find((a) => a.key === field("account"));
    if (!account || field("client_id") !== options.clientId) {
      redirect.searchParams.set("error", "access_denied");
      return c.redirect(redirect.toString(), 302);
    }
    const code = `4/fake-${randomId()}`;
    codes.set(code, {
      account,
      clientId: field("client_id"),
      redirectUri: field("redirect_uri"),
      challenge: field("code_challenge"),
      expiresAt: Date.now() + 60_000,
    });
    redirect.searchParams.set("code", code);
    return c.redirect(redirect.toString(), 302);
  });

  app.post("/token", async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    let clientId = field("client_id");
    let clientSecret = field("client_secret");
    const basic = c.req.header("Authorization");
    if (basic?.startsWith("Basic ")) {
      const [id, secret] = atob(basic.slice(6)).split(":");
      clientId = decodeURIComponent(id ?? "");
      clientSecret = decodeURIComponent(secret ?? "");
    }
    if (clientId !== options.clientId || clientSecret !== options.clientSecret) {
      return c.json({ error: "invalid_client", error_description: "The OAuth client was not found." }, 401);
    }
    const grant = field("grant_type");
    if (grant === "authorization_code") {
      const issued = codes.get(field("code"));
      codes.delete(field("code"));
      if (!issued || issued.expiresAt < Date.now())
        return c.json({ error: "invalid_grant", error_description: "Malformed auth code." }, 400);
      if (issued.redirectUri !== field("redirect_uri"))
        return c.json({ error: "redirect_uri_mismatch", error_description: "Bad Request" }, 400);
      if (!field("code_verifier") || (await s256(field("code_verifier"))) !== issued.challenge) {
        return c.json({ error: "invalid_grant", error_description: "Invalid code verifier." }, 400);
      }
      const account = issued.account;
      const refreshToken = `1//fake-${randomId()}`;
      refreshTokens.set(refreshToken, account);
      const origin = new URL(c.req.url).origin;
      const { privateKey } = await signingKey();
      const iat = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        email: account.email,
        email_verified: true,
        ...(account.hd ? { hd: account.hd } : {}),
        ...(account.name ? { name: account.name, given_name: account.name.split(" ")[0] } : {}),
        ...(account.picture ? { picture: `${origin}/avatar/${account.key}.png` } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid: "fake-google-1", typ: "JWT" })
        .setIssuer(origin)
        .setAudience(settings.idTokenAudience ?? clientId)
        .setSubject(account.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(privateKey);
      return c.json({
        access_token: issueAccessToken(account),
        expires_in: ttl,
        refresh_token: refreshToken,
        id_token: idToken,
        scope:
          "openid email profile https://www.googleapis.com/auth/classroom.courses.readonly https://www.googleapis.com/auth/classroom.coursework.me.readonly",
        token_type: "Bearer",
      });
    }
    if (grant === "refresh_token") {
      const account = refreshTokens.get(field("refresh_token"));
      if (!account)
        return c.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      refreshes += 1;
      return c.json({
        access_token: issueAccessToken(account),
        expires_in: ttl,
        scope: "openid email profile",
        token_type: "Bearer",
      });
    }
    return c.json({ error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grant}` }, 400);
  });

  app.get("/oauth2/v3/certs", async (c) => {
    const { jwk } = await signingKey();
    return c.json({ keys: [jwk] });
  });

  // The Classroom API: every call needs a live access token.
  const classroom = new Hono<{ Variables: { account: FakeAccount } }>();
  classroom.use(async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const grant = accessTokens.get(header.replace(/^Bearer /, ""));
    if (!grant || grant.expiresAt <= Date.now()) {
      return c.json(
        googleError(
          401,
          "UNAUTHENTICATED",
          "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        ),
        401,
      );
    }
    c.set("account", grant.account);
    await next();
  });

  const coursesOf = (account: FakeAccount) => COURSES[account.key] ?? [];
  const courseOf = (account: FakeAccount, id: string) => coursesOf(account).find((course) => course.id === id);
  const notFound = () => googleError(404, "NOT_FOUND", "Requested entity was not found.");
  const apiOff = () => googleError(403, "PERMISSION_DENIED", API_NOT_ENABLED_MESSAGE, "SERVICE_DISABLED");

  classroom.get("/courses", (c) => {
    const states = c.req.queries("courseStates");
    const courses = coursesOf(c.var.account)
      .filter((course) => !states?.length || states.includes(course.courseState))
      .map((course) => ({
        id: course.id,
        name: course.name,
        ...(course.section ? { section: course.section } : {}),
        courseState: course.courseState,
        alternateLink: `https://classroom.google.com/c/${course.id}`,
        ownerId: "teacher-1",
      }));
    return c.json(courses.length ? { courses } : {});
  });

  classroom.get("/courses/:id/teachers", (c) => {
    const course = courseOf(c.var.account, c.req.param("id"));
    if (!course) return c.json(notFound(), 404);
    return c.json({
      teachers: course.teachers.map((fullName, i) => ({
        courseId: course.id,
        userId: `t${i}`,
        profile: { name: { fullName } },
      })),
    });
  });

  classroom.get("/courses/:id/courseWork", (c) => {
    const course = courseOf(c.var.account, c.req.param("id"));
    if (!course) return c.json(notFound(), 404);
    if (course.apiNotEnabled) return c.json(apiOff(), 403);
    const at = now();
    const courseWork = course.work.map((w) => ({
      courseId: course.id,
      id: w.id,
      title: w.title,
      ...(w.description ? { description: w.description } : {}),
      state: "PUBLISHED",
      workType: "ASSIGNMENT",
      alternateLink: `https://classroom.google.com/c/${course.id}/a/${w.id}/details`,
      ...(w.maxPoints !== undefined ? { maxPoints: w.maxPoints } : {}),
      ...(w.due ? googleDue(istAt(at, ...w.due)) : {}),
    }));
    return c.json(courseWork.length ? { courseWork } : {});
  });

  classroom.get("/courses/:id/courseWork/:workId/studentSubmissions", (c) => {
    const course = courseOf(c.var.account, c.req.param("id"));
    if (!course) return c.json(notFound(), 404);
    if (course.apiNotEnabled) return c.json(apiOff(), 403);
    if (c.req.query("userId") !== "me")
      return c.json(googleError(403, "PERMISSION_DENIED", "The caller does not have permission"), 403);
    const workId = c.req.param("workId");
    const studentSubmissions = course.work
      .filter((w) => workId === "-" || w.id === workId)
      .map((w) => ({
        courseId: course.id,
        courseWorkId: w.id,
        id: `sub-${w.id}`,
        userId: c.var.account.sub,
        state: w.state,
      }));
    return c.json({ studentSubmissions });
  });

  app.route("/v1", classroom);

  app.get("/avatar/:file", () => new Response(null, { status: 404 }));
  // Browsers ask for it on the consent page; a 404 would be a console error in the browser tests.
  app.get("/favicon.ico", () => new Response(null, { status: 204 }));
  app.notFound((c) => c.json(googleError(404, "NOT_FOUND", `Fake Google has no ${c.req.method} ${c.req.path}`), 404));

  return {
    fetch: async (request) => app.fetch(request),
    settings,
    expireAccessTokens: () => {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    refreshCount: () => refreshes,
  };
}
