import { configOf } from "#server/lib/config.ts";
// The VAPID key pair Campus signs its Web Push requests with (RFC 8292; decision 0091). In a deploy:
// VAPID_PUBLIC_KEY (wrangler.toml or a secret, base64url) and the secret VAPID_PRIVATE_KEY (a JWK).
// Without them push is off, except where local push services are allowed (PUSH_ALLOW_LOCAL=1:
// `npm run dev`, tests), which use this development-only pair: a push service on the internet
// never receives anything signed with it, because such endpoints are refused there.

const DEVELOPMENT_PUBLIC_KEY =
  "BLQ3KgojGXCwPRtNLM_4jyKmSGzWHuSj2zUUCgtoEMYhD90eodLaF8U2ZAPUM7Qb5dW4iL3A0o5BaBETXrJzUB8";
const DEVELOPMENT_PRIVATE_KEY: JsonWebKey = {
  kty: "EC",
  crv: "P-256",
  x: "tDcqCiMZcLA9G00sz_iPIqZIbNYe5KPbNRQKC2gQxiE",
  y: "D90eodLaF8U2ZAPUM7Qb5dW4iL3A0o5BaBETXrJzUB8",
  d: "rt6UEAIaXHaWunDopxYif0ceX3FEPoqWJt_pKYm7nRY",
};

export interface VapidKeys {
  publicKey: string;
  privateJWK: JsonWebKey;
  subject: string;
}

export function vapidKeys(env: Env): VapidKeys | null {
  const { vapid, allowLocal, subject } = configOf(env).push;
  if (vapid) {
    try {
      return { publicKey: vapid.publicKey, privateJWK: JSON.parse(vapid.privateKey) as JsonWebKey, subject };
    } catch {
      return null;
    }
  }
  if (allowLocal)
    return {
      publicKey: DEVELOPMENT_PUBLIC_KEY,
      privateJWK: DEVELOPMENT_PRIVATE_KEY,
      subject,
    };
  return null;
}
