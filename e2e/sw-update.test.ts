// A new deploy never leaves a student on a stuck old version (app/sw/client.ts
// offerUpdate/watchUpdates, docs/decisions/0089-offline-and-install.md). With version A controlling
// the page, a deploy of version B (the built build/client/sw.js rewritten in place with another
// version string, as a deploy swaps it, and served once the local server has noticed the change)
// makes "A new version of Campus is ready." appear; Update activates B and the page reloads under B.
import assert from "node:assert/strict";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { baseURL, hydrated, launchBrowser, PHONE, shot, withPage } from "./harness.ts";

const SW_FILE = "build/client/sw.js";
const SHOTS = "test-results/screenshots/offline";

let browser: Browser;
let original: string;
before(async () => {
  browser = await launchBrowser();
  original = readFileSync(SW_FILE, "utf8");
});
after(async () => {
  // Version A back for every later test, whatever happened.
  await deploy(original);
  await browser.close();
});

/**
 * Swaps the served worker script in one step (a rename), as a deploy does, and waits until the server
 * serves it as a new file. wrangler dev notices a changed asset through a file watcher: until then
 * it sends the new bytes under the old ETag, so the browser's update check (a conditional request)
 * gets "304 Not Modified", finds nothing new and does not look again. On a busy machine that lasts
 * seconds.
 */
async function deploy(script: string): Promise<void> {
  const servedEtag = (await fetch(`${baseURL}/sw.js`)).headers.get("ETag") ?? "";
  writeFileSync(`${SW_FILE}.next`, script);
  renameSync(`${SW_FILE}.next`, SW_FILE);
  const deadline = Date.now() + 60_000;
  for (;;) {
    // What the browser asks: is there something newer than the ETag I have?
    const res = await fetch(`${baseURL}/sw.js`, { headers: { "If-None-Match": servedEtag } });
    if (res.status === 200 && (await res.text()) === script) return;
    if (Date.now() > deadline) throw new Error("the server still serves the old /sw.js after 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The version of the worker that controls the page, from its own answer to a VERSION message. */
async function controllerVersion(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 30_000,
  });
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ version: string }>) => resolve(event.data.version);
        navigator.serviceWorker.controller!.postMessage({ type: "VERSION" }, [channel.port2]);
      }),
  );
}

describe("a new version", () => {
  it("is offered with Update, which activates it and reloads the page under it", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto("/btech/cse/1");
        await hydrated(page);
        const versionA = await controllerVersion(page);
        assert.match(versionA, /^[0-9a-f]{16}$/);
        assert.equal(original.split(versionA).length, 2, "the built worker names its version once");
        const prompt = page.getByRole("status").filter({ hasText: "A new version of Campus is ready." });
        assert.equal(await prompt.count(), 0, "no prompt while nothing new is deployed");

        const versionB = "e2e0b0000000000b";
        await deploy(original.replace(versionA, versionB));
        // The browser checks for a new worker at navigation and every 24 h; ask now.
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())!.update();
        });
        await prompt.waitFor({ timeout: 30_000 });
        // B waits: the page still runs under A until the student chooses.
        assert.equal(await controllerVersion(page), versionA);
        await shot(page, { path: `${SHOTS}/update-prompt-360-light.png` });

        const reloaded = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
        await prompt.getByRole("button", { name: "Update" }).click();
        await reloaded;
        await page.waitForLoadState("load");
        assert.equal(await controllerVersion(page), versionB);
        const state = await page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.getRegistration())!;
          return {
            waiting: registration.waiting,
            installing: registration.installing,
            active: registration.active?.scriptURL,
          };
        });
        assert.deepEqual(state, { waiting: null, installing: null, active: new URL("/sw.js", page.url()).href });
        assert.equal(await prompt.count(), 0);

        // A tab opened afterwards runs under B too, with no prompt.
        const second = await page.context().newPage();
        await second.goto("/btech/cse/2");
        await hydrated(second);
        assert.equal(await controllerVersion(second), versionB);
        assert.equal(await second.getByText("A new version of Campus is ready.").count(), 0);
      },
      { viewport: PHONE, serviceWorkers: "allow" },
    );
  });
});
