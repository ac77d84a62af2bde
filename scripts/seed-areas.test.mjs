// `npm run dev` seeds by importing every scripts/seed/*.mjs as an area of demo data (scripts/seed.mjs):
// a file there that is not one (a generator, a helper) breaks the first run of a new developer.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";

test("every scripts/seed/*.mjs is a seed area: it exports seed()", async () => {
  const dir = new URL("./seed/", import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith(".mjs"));
  assert.ok(files.length > 0);
  for (const file of files) {
    const area = await import(new URL(file, dir).href);
    assert.equal(typeof area.seed, "function", `scripts/seed/${file} exports no seed(); move it out of scripts/seed/`);
  }
});
