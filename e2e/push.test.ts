// A seller turns notifications on for their device on /notifications; a
// buyer reserves one of their listings; the sale notice goes through the queue to a local push
// service (this test's HTTP server), which decrypts it with the device's keys (RFC 8291). Headless
// Chromium has no push service of its own, so the page's PushManager answers with a subscription to
// the local one; everything after the page's POST /api/push/subscribe is the real path.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { makePushDevice } from "../test/web-push-device.ts";
import {
  baseURL,
  createUserViaApi,
  hydrated,
  launchBrowser,
  newUser,
  PHONE,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/push";
const IMAGE = new URL("../scripts/seed/images/lamp.png", import.meta.url);
let browser: Browser;
let server: Server;
let port = 0;
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];

before(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
after(async () => {
  await browser.close();
  server.close();
});

/**
 * The browser's push service, for a test: a subscription to the local one (this browser context's
 * own: it lasts across the context's pages, as a real one does).
 */
async function fakePushService(page: Page, endpoint: string, keys: { p256dh: string; auth: string }): Promise<void> {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const subscription = {
        endpoint,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem("e2e-push-subscribed");
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem("e2e-push-subscribed", "1");
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        localStorage.getItem("e2e-push-subscribed") ? (subscription as unknown as PushSubscription) : null;
    },
    { endpoint, keys },
  );
}

/** Signs `user` in on a page whose push service is the local one, and turns notifications on for it. */
async function turnOnPush(
  page: Page,
  user: Parameters<typeof signIn>[1],
  endpoint: string,
  keys: { p256dh: string; auth: string },
): Promise<void> {
  await page.context().grantPermissions(["notifications"], { origin: baseURL });
  await fakePushService(page, endpoint, keys);
  await signIn(page, user);
  await page.goto("/notifications");
  await hydrated(page);
  await page.getByRole("button", { name: "Turn on for this device" }).click();
  await page.getByText("Notifications are on for this device.").waitFor();
}

describe("push notifications", () => {
  it("a device turned on in the page receives the sale notice, encrypted to it, when Campus is closed", async (t) => {
    const seller = await createUserViaApi(newUser("Kavya Menon"));
    const buyer = await createUserViaApi(newUser("Aditya Rao"));
    const device = await makePushDevice();
    const endpoint = `http://127.0.0.1:${port}/push/${Date.now().toString(36)}`;

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.context().grantPermissions(["notifications"], { origin: baseURL });
        await fakePushService(page, endpoint, device.keys);
        await signIn(page, seller);
        await page.goto("/notifications");
        await hydrated(page);
        await page.getByText("Notifications are off on this device.").waitFor();
        await page.getByRole("button", { name: "Turn on for this device" }).click();
        await page.getByText("Notifications are on for this device.").waitFor();
        // Quiet hours off, so the notice comes whatever the time in India.
        await page.getByRole("checkbox", { name: /No notifications at night/ }).uncheck();
        await page.getByRole("button", { name: "Save notification settings" }).click();
        await page.getByText("Notification settings saved.").waitFor();
        await page.getByText("On for 1 device.").waitFor();
        await themedShots(page, SHOTS, "notifications");
      },
      { viewport: PHONE, serviceWorkers: "allow" },
    );

    // Campus is closed on the seller's side. The buyer reserves one of the seller's listings.
    const title = `Desk lamp ${Date.now().toString(36)}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      description: "LED desk lamp.",
      price: "350",
      sellerName: seller.name,
      whatsappNumber: "98765 43210",
    }))
      form.set(k, v);
    form.set("image", new File([readFileSync(IMAGE)], "lamp.png", { type: "image/png" }));
    const listed = await fetch(`${baseURL}/api/product/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await tokenOf(seller)}` },
      body: form,
    });
    const id = ((await listed.json()) as { product: { _id: string } }).product._id;
    assert.equal(
      (await api(`/api/product/purchase/${id}`, { method: "PATCH", token: await tokenOf(buyer) })).status,
      200,
    );

    // The local push service receives it (through the queue, within seconds) and decrypts it.
    const deadline = Date.now() + 20_000;
    while (!received.some((r) => endpoint.endsWith(r.path)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const delivery = received.find((r) => endpoint.endsWith(r.path));
    assert.ok(delivery, "the push service received the notice");
    assert.equal(delivery.headers["content-encoding"], "aes128gcm");
    assert.match(String(delivery.headers.authorization), /^vapid t=.+, k=B/);
    const payload = JSON.parse(await device.decrypt(delivery.body)) as { title: string; body: string; url: string };
    assert.equal(payload.title, `${title} is reserved`);
    assert.equal(payload.url, "/mysells");
    assert.match(payload.body, /Meet them to hand it over/);
  });

  it("a device whose notifications the server ended (signed out everywhere from another device) says so, and turns on again", async (t) => {
    const student = await createUserViaApi(newUser("Ishaan Kulkarni"));
    const device = await makePushDevice();
    const endpoint = `http://127.0.0.1:${port}/push/ended-${Date.now().toString(36)}`;
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await turnOnPush(page, student, endpoint, device.keys);

        // From another device: "sign out everywhere". This browser keeps its subscription, but the
        // server no longer sends to it.
        assert.equal(
          (await api("/api/auth/logout-all", { method: "POST", token: await tokenOf(student) })).status,
          200,
        );
        await signIn(page, student);
        await page.goto("/notifications");
        await hydrated(page);
        await page.getByText("Notifications are off on this device.").waitFor();
        await page.getByText("Not on for any device yet.").waitFor();
        await page.getByRole("button", { name: "Turn on for this device" }).click();
        await page.getByText("Notifications are on for this device.").waitFor();
        await page.reload();
        await hydrated(page);
        await page.getByText("On for 1 device.").waitFor();
        await page.getByText("Notifications are on for this device.").waitFor();
      },
      { viewport: PHONE, serviceWorkers: "allow" },
    );
  });
  it("a student who turned class reminders on gets one pushed to their device 10 minutes before a class", async (t) => {
    const student = await createUserViaApi(newUser("Meera Iyer"));
    const device = await makePushDevice();
    const endpoint = `http://127.0.0.1:${port}/push/class-${Date.now().toString(36)}`;
    // The cron's run at 09:55 India time today; the class at 10:00 on today's weekday. An entry of
    // the student's own (a lab batch taught elsewhere): the class periods' reminders are the same path.
    const IST = 330 * 60_000;
    const today = new Date(Date.now() + IST).toISOString().slice(0, 10);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
    const cronAt = Date.parse(`${today}T00:00:00Z`) - IST + (9 * 60 + 55) * 60_000;
    const entry = await api("/api/timetable/personal", {
      method: "POST",
      token: await tokenOf(student),
      body: JSON.stringify({ weekday, startsAt: "10:00", endsAt: "10:50", title: "Robotics lab batch B", room: "204" }),
    });
    assert.equal(entry.status, 201, await entry.clone().text());

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await turnOnPush(page, student, endpoint, device.keys);
        const reminders = page.getByRole("switch", { name: "Remind me 10 minutes before each class" });
        await reminders.click();
        await page.getByRole("switch", { name: "Remind me 10 minutes before each class", checked: true }).waitFor();
        await page.getByText("Saving...").waitFor({ state: "detached" });
        // Quiet hours off, so the reminder comes whatever the hour of this run.
        await page.getByRole("checkbox", { name: /No notifications at night/ }).uncheck();
        await page.getByRole("button", { name: "Save notification settings" }).click();
        await page.getByText("Notification settings saved.").waitFor();
      },
      { viewport: PHONE, serviceWorkers: "allow" },
    );

    // The every-minute cron run (the local server's scheduled trigger), twice: one reminder.
    for (let run = 0; run < 2; run++) {
      const res = await fetch(
        `${baseURL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}&time=${cronAt}`,
      );
      assert.equal(res.status, 200, await res.text());
    }
    const deadline = Date.now() + 20_000;
    while (!received.some((r) => endpoint.endsWith(r.path)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const deliveries = received.filter((r) => endpoint.endsWith(r.path));
    assert.equal(deliveries.length, 1, "one reminder reached the device");
    const payload = JSON.parse(await device.decrypt(deliveries[0]!.body)) as {
      title: string;
      body: string;
      url: string;
    };
    assert.equal(payload.title, "Robotics lab batch B at 10:00 in room 204");
    assert.equal(payload.url, "/timetable");
    assert.match(payload.body, /^Until 10:50\./);
  });
});
