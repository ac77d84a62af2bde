// What every server run on this machine gets (`npm run dev`, `npm start`, the browser tests' server,
// the dev console), in one place, so that what a developer tries is what the tests exercise. None of
// it reaches a deploy: wrangler.toml keeps these switches off, and the keys live in local state.
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where wrangler dev and the dev server keep local D1/R2 state (gitignored). */
export const LOCAL_STATE = ".wrangler/state";

/** The file of local keys inside a state folder: made once, kept with the local database. */
const KEYS_FILE = "campus-local-keys.json";

interface LocalKeys {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
}

/** A new VAPID pair (ECDSA P-256): the public key as base64url of its 65 raw bytes, the private one as a JWK. */
export function newVapidPair(): LocalKeys {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return {
    VAPID_PUBLIC_KEY: raw.toString("base64url"),
    VAPID_PRIVATE_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d }),
  };
}

/**
 * The local VAPID pair of `stateDir`, generated the first time and kept there, so that a browser
 * subscribed on one run keeps receiving on the next (a new pair would orphan its subscription).
 */
export function localKeys(stateDir: string = LOCAL_STATE): LocalKeys {
  const file = join(stateDir, KEYS_FILE);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as Partial<LocalKeys>;
    if (kept.VAPID_PUBLIC_KEY && kept.VAPID_PRIVATE_KEY) return kept as LocalKeys;
  }
  const keys = newVapidPair();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** The names a developer set in their own .dev.vars: theirs win, so none of them is passed again. */
function ownDevVars(): Set<string> {
  if (!existsSync(".dev.vars")) return new Set();
  return new Set(
    readFileSync(".dev.vars", "utf8")
      .split("\n")
      .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*\S/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

/**
 * The variables of a local server: the Open community open, mail in the development outbox, push
 * to local push services allowed and a VAPID pair of the local state's own (unless .dev.vars has one).
 */
export function localVars(stateDir: string = LOCAL_STATE): Record<string, string> {
  const own = ownDevVars();
  const vars: Record<string, string> = { OPEN_SIGNUP: "1", DEV_OUTBOX: "1", PUSH_ALLOW_LOCAL: "1" };
  if (!own.has("VAPID_PUBLIC_KEY") && !own.has("VAPID_PRIVATE_KEY")) Object.assign(vars, localKeys(stateDir));
  return vars;
}

/** The same as `wrangler dev` arguments: `--var NAME:VALUE` each. */
export function localVarArgs(stateDir: string = LOCAL_STATE): string[] {
  return Object.entries(localVars(stateDir)).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}
