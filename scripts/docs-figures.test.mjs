// What the deploy docs say, held to the code: a size is what a script measures, never a figure typed
// by hand (the upload grew from 560 KiB to 1,457 KiB gzip while docs/deploy.md still said 560), and
// the deploy steps are the scripts' own. Run by `npm test` (node --test scripts/).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
const DOCS = ["README.md", "docs/deploy.md"];

test("docs/deploy.md and the README quote no hand-typed upload size: they point to the deploy check", () => {
  for (const path of DOCS) {
    const figures = [...read(path).matchAll(/\d[\d,.]*\s*KiB\b[^.\n]*?\bgzip|\d[\d,.]*\s*KiB gzip/gi)].map(([m]) => m);
    assert.deepEqual(figures, [], `${path} types a size by hand; name what scripts/deploy-check.mjs prints instead`);
  }
  assert.match(read("docs/deploy.md"), /what `npm test`'s deploy check prints/);
  assert.match(read("scripts/deploy-check.mjs"), /deploy-check: \$\{worker\.name\}: /);
});

test("the deploy docs agree with the scripts: no required secrets table, npm run deploy checks SESSION_SECRET, the setup sets the secrets in bulk", () => {
  assert.doesNotMatch(read("wrangler.toml"), /^\[secrets\]/m);
  assert.match(read("scripts/deploy.mjs"), /SESSION_SECRET/);
  assert.match(read("scripts/setup-cloudflare.mjs"), /\["secret", "bulk"\]/);
  for (const path of DOCS) {
    const text = read(path);
    assert.match(text, /npm run deploy/, path);
    assert.match(text, /SESSION_SECRET/, path);
    assert.match(text, /secret bulk/, path);
    assert.doesNotMatch(text, /secrets\] required|required secrets? (?:are|is) (?:set|listed)/i, path);
  }
});
