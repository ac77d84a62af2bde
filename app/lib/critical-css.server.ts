// A page inlines the part of the stylesheet its HTML uses (docs/decisions/0140-a-page-inlines-the-css-it-uses.md):
// the build cuts the stylesheet into rules with the classes each needs (scripts/critical-css-rules.ts,
// run by vite.config.ts on `app.css?inline`), and the server keeps, for each page, the rules whose
// classes are on it. The whole stylesheet follows as a file once the page runs (root.tsx).

/**
 * The stylesheet as the build cuts it: each rule in the stylesheet's order as [its CSS, its wrapper
 * (an index into `wraps`, -1 for none), 1 when every page keeps it]. What classes a rule needs is
 * read from its selectors here, once per isolate, so that the Worker carries the stylesheet's text
 * and little more.
 */
export interface CssRules {
  /** The at-rule preludes a rule sits in, outermost first, e.g. ["@media (min-width:768px)"]. */
  wraps: string[][];
  rules: [text: string, wrap: number, always: 0 | 1][];
}

interface Rule {
  text: string;
  wrap: number;
  /** Kept when every class of one of these is on the page; null: always kept. */
  needs: string[][] | null;
}

/** Whether a rule is needed by a page whose classes `has` answers for. */
export function needed(needs: string[][] | null, has: (name: string) => boolean): boolean {
  return needs === null || needs.some((classes) => classes.every(has));
}

/**
 * The classes a selector requires, unescaped (`.md\:p-6` → `md:p-6`, `.\32xl\:p-1` → `2xl:p-1`).
 * Classes inside a pseudo-class's parentheses (`:not(.x)`, `:where(.a, .b)`) are not required.
 */
export function selectorClasses(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  let bracket = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") {
      i += escapeLength(selector, i) - 1;
      continue;
    }
    if (c === "[") bracket++;
    else if (c === "]") bracket = Math.max(0, bracket - 1);
    else if (bracket === 0 && c === "(") depth++;
    else if (bracket === 0 && c === ")") depth = Math.max(0, depth - 1);
    else if (bracket === 0 && depth === 0 && c === ".") {
      const [name, length] = identifier(selector, i + 1);
      if (name) classes.push(name);
      i += length;
    }
  }
  return classes;
}

/** A selector list's selectors: split at the commas outside parentheses, brackets and escapes. */
export function selectorList(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "\\") i += escapeLength(list, i) - 1;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      selectors.push(list.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors.map((selector) => selector.trim()).filter(Boolean);
}

const HEX = /^[0-9a-fA-F]{1,6}/;
/** How many characters the escape at `at` (a backslash) takes, with the one whitespace a hex escape may end with. */
function escapeLength(text: string, at: number): number {
  const hex = HEX.exec(text.slice(at + 1, at + 7))?.[0];
  if (!hex) return 2;
  return 1 + hex.length + (/\s/.test(text[at + 1 + hex.length] ?? "") ? 1 : 0);
}

/** The identifier from `start`, unescaped, and how many characters it took. */
function identifier(text: string, start: number): [string, number] {
  let name = "";
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") {
      const hex = HEX.exec(text.slice(i + 1, i + 7))?.[0];
      name += hex ? String.fromCodePoint(parseInt(hex, 16)) : (text[i + 1] ?? "");
      i += escapeLength(text, i);
      continue;
    }
    if (/[\s.#:[\]()>+~,*]/.test(c)) break;
    name += c;
    i++;
  }
  return [name, i - start];
}

/** What classes a rule needs: none for an at-rule kept whole (@keyframes) or a selector without a class. */
export function ruleNeeds(text: string): string[][] | null {
  if (text.startsWith("@")) return null;
  const needs = selectorList(text.slice(0, text.indexOf("{"))).map(selectorClasses);
  return needs.some((classes) => classes.length === 0) ? null : needs;
}

const prepared = new WeakMap<CssRules, Rule[]>();
function rulesOf(sheet: CssRules): Rule[] {
  let rules = prepared.get(sheet);
  if (!rules) {
    rules = sheet.rules.map(([text, wrap, always]) => ({ text, wrap, needs: always ? null : ruleNeeds(text) }));
    prepared.set(sheet, rules);
  }
  return rules;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/** The classes in an HTML document's class attributes (as React writes them: double quotes, escaped). */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.includes("&")
      ? match[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!)
      : match[1]!;
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The stylesheet's rules that a page with this HTML uses, in the stylesheet's order. */
export function criticalCss(html: string, sheet: CssRules): string {
  const classes = htmlClasses(html);
  const has = (name: string) => classes.has(name);
  let css = "";
  let open = -1;
  for (const rule of rulesOf(sheet)) {
    if (!needed(rule.needs, has)) continue;
    if (rule.wrap !== open) {
      if (open >= 0) css += "}".repeat(sheet.wraps[open]!.length);
      if (rule.wrap >= 0) css += sheet.wraps[rule.wrap]!.map((prelude) => `${prelude}{`).join("");
      open = rule.wrap;
    }
    css += rule.text;
  }
  if (open >= 0) css += "}".repeat(sheet.wraps[open]!.length);
  return css;
}
