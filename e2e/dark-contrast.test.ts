// Dark mode keeps every text readable: WCAG AA contrast (4.5:1, 3:1 for large text) on each swept
// page, on a phone in dark mode, read by axe-core's color-contrast rule. Lighthouse's accessibility
// audit (the speed guard) sees the light theme only; a sent message's bubble and the chosen
// semester's label were under 4.5:1 in dark mode and nothing noticed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { hydrated, PHONE, sharedBrowser, sweepPages } from "./harness.ts";

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
  sweepPages(browser, lowContrast, { viewport: PHONE, colorScheme: "dark" });
});
