// docs/module-map.md is the code's own map (scripts/module-map.mjs): a module added, moved or renamed
// without `npm run docs:map` fails here. Run by `npm test` (node --test scripts/).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { MAP, render, summary } from "./module-map.mjs";

test("docs/module-map.md is what the code says: run `npm run docs:map` after adding, moving or renaming a module", () => {
  const written = readFileSync(new URL(`../${MAP}`, import.meta.url), "utf8");
  assert.equal(written, render());
});

test("a module's line is the first sentence of its opening comment, // lines or a /** */ block", () => {
  assert.equal(summary('// One thing. Then more.\n// And more.\nimport x from "y";\n'), "One thing.");
  assert.equal(
    summary('import { a } from "b";\n\n/** Reads the week: all of it. */\n\nexport const x = 1;\n'),
    "Reads the week: all of it.",
  );
  assert.equal(summary("/**\n * Two lines\n * make one. Not this.\n */\n"), "Two lines make one.");
  assert.equal(summary('import { a } from "b";\nexport { a };\n// The answer.\nexport const x = 1;\n'), "The answer.");
  assert.equal(summary("export const x = 1;\n"), "");
});
