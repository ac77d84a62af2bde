// A decision record the code or the docs point to exists: comments say why by naming a record
// (docs/decisions/NNNN-name.md), and a renumbered or renamed record left two comments pointing
// nowhere. Run by `npm test` (node --test scripts/).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const ROOT = new URL("..", import.meta.url).pathname;
const FOLDERS = ["app", "worker", "common", "backoffice", "scripts", "test", "e2e", "docs", "migrations", "public"];
const FILES = ["README.md", "wrangler.toml", "vite.config.ts", "eslint.config.js"];

function* sources(dir) {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs|js|md|sql|toml|css)$/.test(name)) yield path;
  }
}

test("every docs/decisions/NNNN-name.md named in the code and the docs exists", () => {
  const records = new Set(readdirSync(join(ROOT, "docs/decisions")));
  const broken = [];
  for (const path of [...FOLDERS.flatMap((dir) => [...sources(dir)]), ...FILES]) {
    // A name may be cut by the end of a comment line ("0122-one-\n// typed-data-layer.md").
    const text = readFileSync(join(ROOT, path), "utf8").replace(/-\n\s*(?:\/\/|\*|#)?\s*/g, "-");
    for (const [, name] of text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g))
      if (!records.has(name)) broken.push(`${path}: ${name}`);
    // "decision 0122", "decisions 0099 and 0122", "(decision 0050)".
    for (const [, number] of text.matchAll(/\bdecisions? (\d{4})\b/g))
      if (![...records].some((record) => record.startsWith(`${number}-`))) broken.push(`${path}: decision ${number}`);
  }
  assert.deepEqual(broken, []);
});
