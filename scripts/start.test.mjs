// `npm start` as a person trying Campus runs it: the production build served on the local state the
// command has just migrated and seeded, so the README's demo accounts sign in and push is set up.
// (wrangler dev keeps a built Worker's state beside its config unless told, and once served an
// empty database while the seed had filled another: every request that read D1 was a 500.)
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { DEMO_USERS } from "./demo-users.mjs";
import { freePort, quietEnv, start, stopGroup, waitForServer } from "./lib.mjs";

test("npm start serves the seeded demo accounts, with push notifications set up", { timeout: 240_000 }, async () => {
  assert.ok(existsSync("build/server/wrangler.json"), "build first (npm test does)");
  const port = await freePort();
  const server = start("node", ["scripts/start.mjs", "--port", String(port)], {
    env: { ...quietEnv, START_USE_BUILD: "1" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/api/health`, server, 180_000);
    const { email, password } = DEMO_USERS[0];
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    assert.equal(login.status, 200, await login.clone().text());
    const key = await fetch(`${base}/api/push/key`);
    assert.equal(key.status, 200, await key.clone().text());
    assert.match((await key.json()).publicKey ?? "", /^[A-Za-z0-9_-]{80,}$/);
  } finally {
    stopGroup(server);
  }
});
