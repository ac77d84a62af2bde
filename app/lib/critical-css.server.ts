// A page inlines the part of the stylesheet its HTML uses (docs/decisions/0140-a-page-inlines-the-css-it-uses.md):
// the build cuts the stylesheet into rules with the classes each needs (scripts/critical-css-rules.ts,
// run by vite.config.ts on `app.css?inline`), and the server keeps, for each page, the rules whose
// classes are on it. The whole stylesheet follows as a file once the page runs (root.tsx).

/** The stylesheet as the build cuts it. */
export interface CssRules {
  /** The at-rule preludes a rule sits in, outermost first, e.g. ["@media (min-width:768px)"]. */
  wraps: string[][];
  /**
   * Each rule in the stylesheet's order: its CSS, its wrapper (an index into `wraps`, -1 for none),
   * and the classes it needs: kept when every class of one of `needs` is on the page; null: always.
   */
  rules: { text: string; wrap: number; needs: string[][] | null }[];
}

/** Whether a rule is needed by a page whose classes `has` answers for. */
export function needed(needs: string[][] | null, has: (name: string) => boolean): boolean {
  return needs === null || needs.some((classes) => classes.every(has));
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
  for (const rule of sheet.rules) {
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
