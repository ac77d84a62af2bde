// What the Worker's environment holds beyond what `wrangler types` generates from wrangler.toml.
type CampusConfig = import("./lib/config.ts").Config; // eslint-disable-line @typescript-eslint/consistent-type-imports -- a global declaration file cannot import

/**
 * Secrets (`wrangler secret put`; locally .dev.vars). wrangler.toml declares none as required
 * (docs/decisions/0102): a deploy runs without any of them, and the configuration report names what
 * each one's absence turns off. `wrangler types` is run without .dev.vars (package.json), so these
 * are typed here, once, whatever a developer's .dev.vars holds.
 */
interface CampusSecrets {
  /** Signs sessions: without it nobody can sign in on a deployed host (localhost has a development key). */
  SESSION_SECRET?: string;
  /** The Google OAuth client: Google sign-in and Classroom are off without it. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** The HTTP mail provider's key (MAIL_PROVIDER = "http"). */
  MAIL_API_KEY?: string;
  /** The VAPID private key (a JWK) beside wrangler.toml's VAPID_PUBLIC_KEY: push is off without the pair. */
  VAPID_PRIVATE_KEY?: string;
}

interface Env extends CampusSecrets {
  /** The request's (or job's) configuration, attached by the Worker entry (worker/lib/config.ts). */
  CONFIG?: CampusConfig;
  /** "1" on the benchmarks' server only: the request log line measures rows read (scripts/bench-campuses.mjs). */
  BENCH_METRICS?: string;
}

declare namespace Cloudflare {
  // The Env that `import { env } from "cloudflare:workers"` gives (the tests') has them too.
  interface Env extends CampusSecrets {} // eslint-disable-line @typescript-eslint/no-empty-object-type -- it adds the secrets
}
