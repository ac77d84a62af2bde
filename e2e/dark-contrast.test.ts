// Dark mode keeps every text readable: WCAG AA contrast (4.5:1, 3:1 for large text) on each swept
// page, on a phone in dark mode, read by axe-core's color-contrast rule. Lighthouse's accessibility
// audit (the speed guard) sees the light theme only; a sent message's bubble and the chosen
// semester's label were under 4.5:1 in dark mode and nothing noticed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  hydrated,
  listingAndConversation,
  PHONE,
  sharedBrowser,
  SWEPT_MEMBER_PAGES,
  SWEPT_VISITOR_PAGES,
  withPage,
} from "./harness.ts";

const browser = sharedBrowser();
const AXE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/** The page's texts under AA contrast, each with its colours and ratio as axe words them. */
async function lowContrast(page: Page, path: string): Promise<string[]> {
  const res = await page.goto(path);
  assert.equal(res?.status(), 200, path);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  // Evaluated rather than added as a <script>: the page's CSP allows only its own scripts.
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { nodes: { target: string[]; any: { message: string }[] }[] }[] };
    const results = await axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] } });
    return results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? ""}`));
  });
  return found.map((line) => `${path}: ${line}`);
}

describe("dark mode keeps every text readable", () => {
  it("for a visitor", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const found: string[] = [];
        for (const path of SWEPT_VISITOR_PAGES) found.push(...(await lowContrast(page, path)));
        assert.deepEqual(found, []);
      },
      { viewport: PHONE, colorScheme: "dark" },
    );
  });

  it("for a signed-in student, a product page and a conversation included", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const { product, conversation } = await listingAndConversation(page);
        const found: string[] = [];
        for (const path of [...SWEPT_MEMBER_PAGES, product, conversation])
          found.push(...(await lowContrast(page, path)));
        assert.deepEqual(found, []);
      },
      { viewport: PHONE, colorScheme: "dark" },
    );
  });
});
