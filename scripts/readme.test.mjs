// The README's promises to a person trying Campus locally, checked against the code that keeps them:
// the demo accounts it lists are the ones the seed makes, the ports it names are the scripts' own,
// and the commands it shows exist.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { DEMO_USERS } from "./demo-users.mjs";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const script = (name) => readFileSync(new URL(name, import.meta.url), "utf8");

test("the demo accounts table is the seed's accounts, with their passwords", () => {
  const rows = [...readme.matchAll(/^\| ([^|\s]+@[^|\s]+) \| ([^|\s]+) \|/gm)].map(([, email, password]) => ({
    email,
    password,
  }));
  assert.deepEqual(
    rows,
    DEMO_USERS.map(({ email, password }) => ({ email, password })),
  );
});

test("the ports the README names are the ones npm run dev and npm start use", () => {
  assert.match(script("dev.mjs"), /serverArgs\(5173\)/);
  assert.match(readme, /http:\/\/localhost:5173/);
  assert.match(script("start.mjs"), /serverArgs\(8787\)/);
  assert.match(readme, /port\s+8787/);
});

test("every `npm run <script>` the README shows is a script of package.json", () => {
  const scripts = Object.keys(JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts);
  const named = new Set([...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map(([, name]) => name));
  assert.deepEqual(
    [...named].filter((name) => !scripts.includes(name)),
    [],
  );
});
