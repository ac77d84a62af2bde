// What the Worker's environment holds beyond what `wrangler types` generates from wrangler.toml.
type CampusConfig = import("./lib/config.ts").Config; // eslint-disable-line @typescript-eslint/consistent-type-imports -- a global declaration file cannot import

interface Env {
  /** The request's (or job's) configuration, attached by the Worker entry (worker/lib/config.ts). */
  CONFIG?: CampusConfig;
  /** Optional secrets (`wrangler secret put`): the HTTP mail provider's key and the VAPID private key (a JWK). */
  MAIL_API_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** "1" on the benchmarks' server only: the request log line measures rows read (scripts/bench-campuses.mjs). */
  BENCH_METRICS?: string;
}
