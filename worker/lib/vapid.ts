import { configOf } from "#server/lib/config.ts";
// The VAPID key pair Campus signs its Web Push requests with (RFC 8292; decision 0091): in a deploy
// VAPID_PUBLIC_KEY (wrangler.toml or a secret, base64url) and the secret VAPID_PRIVATE_KEY (a JWK).
// Without them push is off. Local runs (`npm run dev`, `npm start`, the tests) get a pair generated
// once into their local state (scripts/local-vars.ts): no key pair is written in the code.

export interface VapidKeys {
  publicKey: string;
  privateJWK: JsonWebKey;
  subject: string;
}

export function vapidKeys(env: Env): VapidKeys | null {
  const { vapid, subject } = configOf(env).push;
  if (!vapid) return null;
  try {
    return { publicKey: vapid.publicKey, privateJWK: JSON.parse(vapid.privateKey) as JsonWebKey, subject };
  } catch {
    return null;
  }
}
