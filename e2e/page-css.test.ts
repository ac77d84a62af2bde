// A page inlines only the rules of the stylesheet its own markup uses (decision 0140). Here, in
// Chromium, every element of each page is styled the same by the page's own CSS as by the whole
// stylesheet: each page is loaded without its scripts (so the whole stylesheet never comes), every
// element's computed style is read, the whole stylesheet is added, and the styles are read again,
// light and dark, on a phone and on a desktop. A rule the page needs but did not inline is a
// difference, named with its element.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { DESKTOP, eventually, gate, hydrated, PHONE, sharedBrowser, sweepPages, withPage } from "./harness.ts";

const browser = sharedBrowser();

const stylesheet = `/assets/${readdirSync("build/client/assets").find((name) => /^app-.*\.css$/.test(name))}`;

/**
 * Each element's computed style, as "element: property value" lines in document order. The first
 * read (`kept` null) keeps them in the page as `window.__styles`; the next compares the page's
 * styles with them and returns the first `limit` differences ("before → after"). A page of a
 * thousand elements has some 350,000 such lines, which the test has no need to carry over the wire.
 */
function styles(page: Page, limit: number | null): Promise<{ elements: [number, number]; found: string[] }> {
  return page.evaluate(
    ({ limit }) => {
      const w = window as unknown as { __styles?: string[][] };
      const kept = limit === null ? null : (w.__styles ?? []);
      const now: string[][] = [];
      const found: string[] = [];
      const elements = [document.documentElement, ...document.documentElement.querySelectorAll("*")].filter(
        (element) => !element.closest("head"),
      );
      elements.forEach((element, index) => {
        const style = getComputedStyle(element);
        const name = `${index} <${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
        const lines: string[] = [];
        for (let i = 0; i < style.length; i++) {
          const property = style.item(i);
          lines.push(`${name} ${property}: ${style.getPropertyValue(property)}`);
        }
        now.push(lines);
        const before = kept?.[index] ?? [];
        if (limit !== null)
          for (let i = 0; i < Math.max(lines.length, before.length) && found.length < limit; i++)
            if (before[i] !== lines[i])
              found.push(`${before[i] ?? `${name} (none)`} → ${lines[i] ?? `${name} (none)`}`);
      });
      if (kept === null) w.__styles = now;
      return { elements: [kept?.length ?? now.length, now.length] as [number, number], found };
    },
    { limit },
  );
}

async function addWholeStylesheet(page: Page): Promise<void> {
  await page.evaluate(
    (href) =>
      new Promise<void>((resolve, reject) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`could not load ${href}`));
        document.head.appendChild(link);
      }),
    stylesheet,
  );
}

/** What differs between the page's own CSS and the whole stylesheet, at most a few lines of it. */
async function differences(page: Page, path: string): Promise<string[]> {
  // Without its scripts the page stays as the server wrote it: the whole stylesheet never comes.
  await page.route(/\/(assets\/.*\.js|sw-client\.js)(\?|$)/, (route) => route.abort());
  const found: string[] = [];
  // A rule's media query (a width, dark mode) is not what picks it, its classes are: a phone in
  // light and a desktop in dark cover both sides of each.
  for (const [viewport, scheme] of [
    [PHONE, "light"],
    [DESKTOP, "dark"],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    const res = await page.goto(path);
    assert.equal(res?.status(), 200, path);
    // Cards further down skip their layout until they near the screen (content-visibility: auto),
    // which the browser decides between frames: laid out, every read sees the same layout.
    await page.addStyleTag({ content: "*{content-visibility:visible!important}" });
    await styles(page, null);
    await addWholeStylesheet(page);
    const compared = await styles(page, 8 - found.length);
    assert.equal(compared.elements[0], compared.elements[1], `${path}: the same elements`);
    for (const line of compared.found) found.push(`${path} (${viewport.width} px, ${scheme}): ${line}`);
  }
  return found;
}

describe("a page's own CSS styles it as the whole stylesheet does", () => {
  sweepPages(browser, differences, { allowConsoleError: /ERR_FAILED|Failed to load resource/ });
});

describe("the whole stylesheet", () => {
  it("comes once the page runs, and a screen rendered in the browser waits for it", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const { held, release } = gate();
      let asked = 0;
      await page.route(`**${stylesheet}`, async (route) => {
        asked++;
        await held;
        await route.continue();
      });
      // The branch page's HTML has no rule for the semester page's two columns.
      await page.goto("/btech/cse");
      await hydrated(page);
      await eventually(async () => asked, 1, "the page asks for the whole stylesheet once it runs");
      await page
        .getByRole("link", { name: /1st semester/ })
        .first()
        .click();
      // Held: the top bar shows the navigation under way (its progress bar is styled on every page),
      // and the semester page is not shown without its styles.
      const progress = page.locator('[role="progressbar"][aria-hidden="false"]');
      await progress.waitFor({ state: "attached" });
      // Its transition ends at three quarters: the rule for that is in the page.
      await eventually(
        () => progress.evaluate((bar) => getComputedStyle(bar).transform),
        "matrix(0.75, 0, 0, 1, 0, 0)",
      );
      assert.equal(await page.locator("#semester-heading").count(), 0);
      release();
      await page.locator("#semester-heading").waitFor();
      assert.equal(new URL(page.url()).pathname, "/btech/cse/1");
      // Styled: the subject list and the panel are two columns on a desktop.
      const columns = await page
        .locator("#subject-panel")
        .evaluate((panel) => getComputedStyle(panel.parentElement!).gridTemplateColumns.split(" ").length);
      assert.equal(columns, 2);
      assert.equal(asked, 1, "asked for once");
    });
  });
});
