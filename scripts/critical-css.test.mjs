// The per-page stylesheet (docs/decisions/0140-a-page-inlines-the-css-it-uses.md): the build cuts
// the stylesheet into rules with the classes each needs, and a page keeps the rules its classes
// need, in the stylesheet's order. Run by `npm test` (node --test scripts/).
import assert from "node:assert/strict";
import { test } from "node:test";
import { criticalCss, htmlClasses, selectorClasses, selectorList } from "../app/lib/critical-css.server.ts";
import { cssRules } from "./critical-css-rules.ts";

test("a selector's classes are read unescaped, and those inside a pseudo-class's parentheses are not required", () => {
  assert.deepEqual(selectorClasses(".md\\:p-6"), ["md:p-6"]);
  assert.deepEqual(selectorClasses(".w-1\\/2"), ["w-1/2"]);
  assert.deepEqual(selectorClasses(".\\32xl\\:p-1"), ["2xl:p-1"]);
  assert.deepEqual(selectorClasses(".\\[content-visibility\\:auto\\]"), ["[content-visibility:auto]"]);
  assert.deepEqual(selectorClasses(".group:hover .group-hover\\:text-white"), ["group", "group-hover:text-white"]);
  assert.deepEqual(selectorClasses(".space-y-4>:not([hidden])~:not([hidden])"), ["space-y-4"]);
  assert.deepEqual(selectorClasses(".peer:not(.x)~.peer-checked\\:block"), ["peer", "peer-checked:block"]);
  assert.deepEqual(selectorClasses('[type="text"].input'), ["input"]);
  assert.deepEqual(selectorClasses("*"), []);
});

test("a selector list is split at its own commas, not those inside parentheses, brackets or escapes", () => {
  assert.deepEqual(selectorList('.a, .b:is(.c, .d) , [x="1,2"]'), [".a", ".b:is(.c, .d)", '[x="1,2"]']);
  assert.deepEqual(selectorList(".grid-cols-\\[minmax\\(0\\2c 1fr\\)\\]"), [".grid-cols-\\[minmax\\(0\\2c 1fr\\)\\]"]);
  assert.deepEqual(selectorClasses(".grid-cols-\\[minmax\\(0\\2c 1fr\\)\\]"), ["grid-cols-[minmax(0,1fr)]"]);
});

const SHEET = [
  "*,:before{box-sizing:border-box}",
  "body{margin:0}",
  ".p-4{padding:1rem}",
  ".hidden{display:none}",
  ".group:hover .group-hover\\:underline{text-decoration:underline}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  ".animate-spin{animation:spin 1s linear infinite}",
  "@media (min-width:768px){.md\\:p-6{padding:1.5rem}.md\\:hidden{display:none}}",
  "@media (prefers-color-scheme:dark){.dark\\:bg-black{background:#000}}",
  ".toast{position:fixed}",
].join("");

test("a page keeps the rules its classes need, in order, inside their media queries; element rules and keyframes always", () => {
  const sheet = cssRules(SHEET, new Set(["toast"]));
  const html = '<body><div class="p-4 md:p-6 group"><a class="group-hover:underline dark:bg-black">x</a></div></body>';
  assert.equal(
    criticalCss(html, sheet),
    [
      "*,:before{box-sizing:border-box}",
      "body{margin:0}",
      ".p-4{padding:1rem}",
      ".group:hover .group-hover\\:underline{text-decoration:underline}",
      "@keyframes spin{to{transform:rotate(360deg)}}",
      "@media (min-width:768px){.md\\:p-6{padding:1.5rem}}",
      "@media (prefers-color-scheme:dark){.dark\\:bg-black{background:#000}}",
      // A class a script adds to any page (app/sw/client.ts's toasts): always.
      ".toast{position:fixed}",
    ].join(""),
  );
  // Without its group, a group-hover rule is not needed; a page with no classes keeps the element rules.
  assert.equal(
    criticalCss("<p>plain</p>", sheet),
    "*,:before{box-sizing:border-box}body{margin:0}@keyframes spin{to{transform:rotate(360deg)}}.toast{position:fixed}",
  );
});

test("class attributes are read as React writes them: escaped, in double quotes", () => {
  assert.deepEqual(
    [
      ...htmlClasses(
        '<div class="a  b\n c"></div><i class="[content:&#x27;x&#x27;] w-1/2 &amp;"></i><p data-class="no">',
      ),
    ],
    ["a", "b", "c", "[content:'x']", "w-1/2", "&"],
  );
});
