// The deploy's configuration, read once from the environment at the Worker entry into one typed
// object (decision 0102). Below the entry nothing reads env strings: services and helpers take
// `configOf(env)`, whose `CONFIG` the entry put on the request's env. It also says what a deploy
// still lacks (`configProblems`), logged once per isolate and shown to campus admins on /staff.

const encoder = new TextEncoder();

/** Signs development sessions only: a request to a deployed host never uses it (see `sessionKey`). */
const DEVELOPMENT_SECRET = "campus-development-only-secret-never-used-in-production";
/** The placeholder of wrangler.toml's APP_URL: a deploy must name its own address. */
export const PLACEHOLDER_APP_URL = "https://campus.example";

export type MailProviderName = "outbox" | "cloudflare" | "http" | "none";

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
  classroomUrl: string;
}

export interface Config {
  /**
   * Who the request was made to: its origin (Google's redirect URI, links in mail a request sends),
   * and whether that is this machine (development). Null for a cron run or a queue batch.
   */
  origin: string | null;
  development: boolean;
  /**
   * The key that signs session tokens and seals Google tokens: SESSION_SECRET, else on a loopback
   * host (and in background jobs, which can only open what such requests sealed) the
   * development-only key; null in a deploy without the secret, which then refuses to sign.
   */
  sessionKey: Uint8Array | null;
  /** This deploy's public address, for links in mail no request asked for (the daily digest). */
  appUrl: string;
  /** Null when no OAuth client is configured: "Continue with Google" says so. */
  google: GoogleConfig | null;
  mail: {
    provider: MailProviderName;
    from: { email: string; name: string };
    /** The HTTP provider's endpoint and secret. */
    apiUrl: string;
    apiKey: string;
  };
  push: {
    /** The VAPID pair (the private key as a JWK); null when none is configured. */
    vapid: { publicKey: string; privateKey: string } | null;
    /** Who runs this deploy, for the push services (RFC 8292). */
    subject: string;
    /** Push endpoints on 127.0.0.1 and localhost are accepted (development and tests). */
    allowLocal: boolean;
  };
  /** Anyone may register, joining the Open community (docs/decisions/0073-campuses.md). */
  openSignup: boolean;
  /** Mail goes to the development outbox, readable at /dev/outbox (never in a deploy). */
  devOutbox: boolean;
  /** Requests may ask for another clock (worker/lib/test-clock.ts; never in a deploy). */
  testClock: boolean;
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname.endsWith(".localhost")
  );
}

/** The configuration of a request to `requestUrl`, or of a background job (null). */
export function readConfig(env: Env, requestUrl: string | null): Config {
  const url = requestUrl ? new URL(requestUrl) : null;
  const development = url !== null && isLoopback(url.hostname);
  const secret = env.SESSION_SECRET;
  const devOutbox = env.DEV_OUTBOX === "1";
  const mailFrom = { email: env.MAIL_FROM ?? "", name: env.MAIL_FROM_NAME || "Campus" };
  const provider: MailProviderName = devOutbox
    ? "outbox"
    : env.MAIL_PROVIDER === "cloudflare" || env.MAIL_PROVIDER === "http"
      ? env.MAIL_PROVIDER
      : "none";
  const vapidPrivate = env.VAPID_PRIVATE_KEY ?? "";
  return {
    origin: url?.origin ?? null,
    development,
    sessionKey: secret
      ? encoder.encode(secret)
      : development || url === null
        ? encoder.encode(DEVELOPMENT_SECRET)
        : null,
    appUrl: (env.APP_URL || PLACEHOLDER_APP_URL).replace(/\/+$/, ""),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizeUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
            tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
            jwksUrl: env.GOOGLE_JWKS_URL || "https://www.googleapis.com/oauth2/v3/certs",
            issuer: env.GOOGLE_ISSUER || "https://accounts.google.com",
            classroomUrl: (env.GOOGLE_CLASSROOM_API_URL || "https://classroom.googleapis.com").replace(/\/+$/, ""),
          }
        : null,
    mail: { provider, from: mailFrom, apiUrl: env.MAIL_API_URL ?? "", apiKey: env.MAIL_API_KEY ?? "" },
    push: {
      vapid:
        env.VAPID_PUBLIC_KEY && vapidPrivate ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: vapidPrivate } : null,
      subject: env.VAPID_SUBJECT || "mailto:admin@campus.example",
      allowLocal: env.PUSH_ALLOW_LOCAL === "1",
    },
    openSignup: env.OPEN_SIGNUP === "1",
    devOutbox,
    testClock: env.TEST_CLOCK === "1",
  };
}

/**
 * The configuration this request (or job) runs with: the one the entry read, or, for code handed
 * the bare environment (a test calling a service), read now as for a background job.
 */
export function configOf(env: Env): Config {
  return env.CONFIG ?? readConfig(env, null);
}

/** The environment with its configuration attached: what the entry hands to everything below it. */
export function withConfig<E extends Env>(env: E, config: Config): E {
  return { ...env, CONFIG: config };
}

/**
 * What a deploy still lacks or still has from development, in words an operator can act on: empty
 * when nothing is missing. Development (a loopback host) is not a deploy and lacks nothing.
 */
export function configProblems(config: Config): string[] {
  if (config.development) return [];
  const problems: string[] = [];
  if (!config.sessionKey)
    problems.push("SESSION_SECRET is not set (wrangler secret put SESSION_SECRET): nobody can sign in.");
  if (config.appUrl === PLACEHOLDER_APP_URL)
    problems.push("APP_URL is still https://campus.example: links in the daily digest point nowhere.");
  if (config.mail.provider === "none" || !config.mail.from.email)
    problems.push("No mail provider (MAIL_PROVIDER and MAIL_FROM): verification and reset codes are not sent.");
  else if (config.mail.provider === "http" && (!config.mail.apiUrl || !config.mail.apiKey))
    problems.push("MAIL_PROVIDER is http but MAIL_API_URL or the secret MAIL_API_KEY is missing.");
  if (config.mail.from.email.endsWith("@campus.example"))
    problems.push("MAIL_FROM is still an address at campus.example: mail will not be delivered.");
  if (!config.push.vapid)
    problems.push("No VAPID key pair (VAPID_PUBLIC_KEY and the secret VAPID_PRIVATE_KEY): push notifications are off.");
  if (!config.google)
    problems.push(
      "No Google OAuth client (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET): Google sign-in and Classroom are off.",
    );
  if (config.devOutbox) problems.push("DEV_OUTBOX is on: mail is kept in a development outbox, not sent.");
  if (config.testClock) problems.push("TEST_CLOCK is on: requests may choose their own clock.");
  if (config.push.allowLocal)
    problems.push("PUSH_ALLOW_LOCAL is on: push endpoints on this machine's addresses are accepted.");
  return problems;
}
