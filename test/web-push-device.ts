// A stand-in for a browser's side of Web Push, for tests (the Worker tests and the browser test's
// local push service): it makes the keys a browser would (a P-256 key pair and a 16-byte auth
// secret) and decrypts what a push service hands over, as RFC 8291 (aes128gcm, RFC 8188) says. Only
// Web Crypto: runs in workerd and in Node.

const encoder = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(
  ikm: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8));
}

export interface TestPushDevice {
  /** What the browser's PushSubscription.toJSON() gives, for POST /api/push/subscribe. */
  keys: { p256dh: string; auth: string };
  /** The payload of a push message body, decrypted. */
  decrypt(body: ArrayBuffer | Uint8Array): Promise<string>;
}

export async function makePushDevice(): Promise<TestPushDevice> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
    async decrypt(body) {
      const bytes = new Uint8Array(body instanceof Uint8Array ? body : new Uint8Array(body));
      // Header: salt (16), record size (4), key id length (1), key id (the sender's public key).
      const salt = bytes.slice(0, 16);
      const idLength = bytes[20]!;
      const senderKey = bytes.slice(21, 21 + idLength);
      const ciphertext = bytes.slice(21 + idLength);
      const sender = await crypto.subtle.importKey("raw", senderKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
      const shared = new Uint8Array(
        await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, pair.privateKey, 256),
      );
      const ikm = await hkdf(shared, auth, concat(encoder.encode("WebPush: info\0"), publicKey, senderKey), 32);
      const cek = await hkdf(ikm, salt, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
      const nonce = await hkdf(ikm, salt, encoder.encode("Content-Encoding: nonce\0"), 12);
      const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
      const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
      // One record: the data, then the delimiter 2 and zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error("not the last record of an aes128gcm message");
      return new TextDecoder().decode(padded.slice(0, end));
    },
  };
}
