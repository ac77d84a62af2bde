// The stylesheet cut into rules for the per-page inline subset (docs/decisions/0140-a-page-inlines-the-css-it-uses.md).
// Run by the build (vite.config.ts, on `app.css?inline`); app/lib/critical-css.server.ts picks a
// page's rules from the result at request time.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import postcss, { type AtRule, type ChildNode, type Rule } from "postcss";
import type { Plugin } from "vite";
import { needed, ruleNeeds, type CssRules } from "../app/lib/critical-css.server.ts";

/** The class names in a source text's strings (every token between spaces and quotes). */
export function sourceTokens(text: string): Set<string> {
  return new Set(text.split(/[\s"'`${}]+/).filter(Boolean));
}

/**
 * The stylesheet as rules (a rule without a class to need: an element or attribute selector,
 * @keyframes, @font-face: always kept); `kept` is the classes kept on every page (those a script adds before any React code runs). */
export function cssRules(css: string, kept: Set<string> = new Set()): CssRules {
  const wraps: string[][] = [];
  const wrapIndex = new Map<string, number>();
  const rules: CssRules["rules"] = [];
  const wrapOf = (chain: string[]): number => {
    if (chain.length === 0) return -1;
    const key = chain.join("\u0000");
    let index = wrapIndex.get(key);
    if (index === undefined) {
      index = wraps.push(chain) - 1;
      wrapIndex.set(key, index);
    }
    return index;
  };
  const visit = (nodes: ChildNode[], chain: string[]) => {
    for (const node of nodes) {
      if (node.type === "rule") {
        const text = (node as Rule).toString();
        const always = needed(ruleNeeds(text), (name) => kept.has(name)) ? 1 : 0;
        rules.push([text, wrapOf(chain), always]);
      } else if (node.type === "atrule") {
        const at = node as AtRule;
        // @media and @supports hold rules: each is picked on its own. Any other at-rule (@keyframes,
        // @font-face, @property, @page) is kept whole.
        if (at.nodes && /^(media|supports|layer|container)$/i.test(at.name))
          visit(at.nodes, [...chain, `@${at.name} ${at.params}`.trim()]);
        else rules.push([at.toString(), wrapOf(chain), 1]);
      }
    }
  };
  visit(postcss.parse(css).nodes, []);
  return { wraps, rules };
}

/**
 * Sources whose classes every page keeps: app/sw/client.ts adds its toasts to any page, and the top
 * bar (its progress bar) and the tab bar change their classes as the reader moves, on every page,
 * possibly before the whole stylesheet has come.
 */
const ALWAYS_FROM = ["app/sw/client.ts", "app/components/TopBar.tsx", "app/components/TabBar.tsx"];

/** The module id of the stylesheet the server inlines (`app/app.css?inline`). */
export const INLINE_CSS_ID = /[\\/]app[\\/]app\.css\?inline$/;

/** The stylesheet's text in the code of `app.css?inline` (`export default "…"`), or null. */
export function inlineCssText(code: string): string | null {
  const literal = /^export default ("(?:[^"\\]|\\.)*")/.exec(code)?.[1];
  return literal ? (JSON.parse(literal) as string) : null;
}

/**
 * The Vite plugin (vite.config.ts, and vitest.config.ts for the Worker tests): `app.css?inline` also
 * exports `cssRules`, the stylesheet cut into rules (ALWAYS_FROM's classes kept on every page), for
 * the part of it each page inlines (app/lib/critical-css.server.ts, decision 0140). In the dev
 * server too, so `npm run dev` serves what a deploy does.
 */
export function criticalCssRules(): Plugin {
  return {
    name: "campus:critical-css-rules",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name !== "client",
    transform(code, id) {
      if (!INLINE_CSS_ID.test(id)) return null;
      const css = inlineCssText(code);
      if (css === null) this.error(`campus:critical-css-rules: cannot read the stylesheet from ${id}`);
      const always = new Set<string>();
      for (const file of ALWAYS_FROM) {
        for (const token of sourceTokens(readFileSync(resolve(file), "utf8"))) always.add(token);
        this.addWatchFile(resolve(file));
      }
      const rules = cssRules(css, always);
      return { code: `${code}\nexport const cssRules = ${JSON.stringify(rules)};`, map: null };
    },
  };
}
