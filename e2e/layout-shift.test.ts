// Nothing on a page moves while it loads and its script takes over (CLS 0, decision 0050): a part
// drawn one way in the server's HTML and another once the script runs (the listing's photo button,
// the library form's fields of other kinds) is drawn the second way from the first paint
// (docs/decisions/0144). Each page is loaded on a phone with a layout-shift observer installed
// before the HTML, and read after it has hydrated and painted; a shift is named by what moved.
import assert from "node:assert/strict";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { hydrated, painted, PHONE, sharedBrowser, sweepPages } from "./harness.ts";

const browser = sharedBrowser();

/** Records every layout shift not caused by input, with what moved, from before the HTML is parsed. */
async function observeShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node, previousRect: a, currentRect: b }) => {
          const name =
            node instanceof Element
              ? `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}> "${(node.textContent ?? "").trim().slice(0, 40)}"`
              : String(node?.nodeName ?? "?");
          return `${name} ${Math.round(a.y)}→${Math.round(b.y)} px (height ${Math.round(a.height)}→${Math.round(b.height)})`;
        });
        seen.push(`${entry.value.toFixed(4)}: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function shiftsOf(page: Page, path: string): Promise<string[]> {
  const res = await page.goto(path);
  assert.equal(res?.status(), 200, path);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await painted(page);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
  return shifts.map((shift) => `${path}: ${shift}`);
}

describe("nothing moves while a page loads and its script takes over", () => {
  sweepPages(browser, shiftsOf, {
    viewport: PHONE,
    prepare: observeShifts,
    memberTest: "for a signed-in student, the forms with photos and files, a product page and a conversation included",
  });
});
