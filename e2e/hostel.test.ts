import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  clockAt,
  codeFromOutbox,
  createUserViaApi,
  DESKTOP,
  type E2EUser,
  hydrated,
  IST_OFFSET_MS,
  newUser,
  PHONE,
  SCREENSHOT_DIR,
  sharedBrowser,
  shot,
  signIn,
  signInAndReturn,
  testIp,
  todayInIndiaAt,
  withPage,
} from "./harness.ts";

const browser = sharedBrowser();

const indiaDate = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// A 1x1 PNG: the server checks the bytes, not the name.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Registers through the API and returns the user with a bearer token, for setting up data fast. */
async function apiUser(name = "Priya Sharma"): Promise<E2EUser & { token: string }> {
  const user = newUser(name);
  const ip = testIp();
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(user),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const body = (await res.json()) as { data: { token: string } };
  // Filing, rating, booking and posting need a verified college address: the code from the outbox.
  const verify = await fetch(`${baseURL}/api/auth/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${body.data.token}`, "CF-Connecting-IP": ip },
    body: JSON.stringify({ code: await codeFromOutbox(user.email) }),
  });
  assert.equal(verify.status, 200, await verify.clone().text());
  return { ...user, token: body.data.token };
}

async function apiCall(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
  return res;
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, "the page scrolls sideways");
}

describe("hostel complaints", () => {
  it("a signed-out student is sent to sign in and comes back to the complaints screen", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await page.goto("/hostel-complaints");
      await signInAndReturn(page, user, "/hostel-complaints");
      await page.getByRole("heading", { name: "Hostel Complaints" }).waitFor();
      await page.getByText("Which block do you live in?").waitFor();
    });
  });

  it("files a complaint with a photo, a neighbour adds a me too once, and the author marks it resolved", async (t) => {
    const author = await createUserViaApi(newUser("Asha Verma"));
    const neighbour = await createUserViaApi(newUser("Rohan Mehta"));
    const description = `Tap in washroom 3 leaks all night (${Date.now()})`;

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, author);
      await page.goto("/hostel-complaints");
      await hydrated(page);
      await page.locator("#category").selectOption("plumbing");
      await page.locator("#blockId").selectOption("G2");
      await page.locator("#room").fill("g2-101");
      await page.getByLabel("What's wrong?").fill(description);
      await page.getByLabel(/Photo/).setInputFiles({ name: "leak.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "File complaint" }).click();
      await page.getByText("Your complaint is filed.").waitFor();
      // The form is cleared for the next one, and the complaint is on the block's list with its photo.
      await page.waitForFunction(
        () => (document.getElementById("description") as HTMLTextAreaElement | null)?.value === "",
      );
      const card = page.getByRole("article").filter({ hasText: description });
      await card.waitFor();
      await card.getByText("Open", { exact: true }).waitFor();
      await card.getByText("Room G2-101").waitFor();
      // The photo is served back from our origin (it loads lazily: bring it into view and wait for it).
      const photo = card.getByRole("img");
      await photo.scrollIntoViewIfNeeded();
      const loaded = await photo.evaluate(async (img: HTMLImageElement) => {
        if (!img.complete)
          await new Promise((done) =>
            ["load", "error"].forEach((type) => img.addEventListener(type, done, { once: true })),
          );
        return img.naturalWidth > 0;
      });
      assert.equal(loaded, true, "the complaint's photo did not load");
      assert.equal(await card.getByRole("button", { name: "Me too" }).count(), 0);
    });

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, neighbour);
      await page.goto("/hostel-complaints");
      await hydrated(page);
      await page.locator("#res-block").selectOption("G2");
      await page.locator("#res-room").fill("G2-110");
      await page.getByRole("button", { name: "Save" }).click();
      const card = page.getByRole("article").filter({ hasText: description });
      await card.waitFor();
      // Both of them are new in the block, and the block sees it (the newcomer too).
      const newcomers = page.getByRole("complementary", { name: "New in Girls' Block G2 this week:" });
      await newcomers.getByText(/you \(joined \d{1,2} [A-Z][a-z]{2}\)/).waitFor();
      await newcomers.getByText(/Asha \(joined/).waitFor();
      await card.getByRole("button", { name: "Me too" }).click();
      await card.getByRole("button", { name: "You said me too" }).waitFor();
      assert.equal(await card.getByRole("button", { name: "You said me too" }).isDisabled(), true);
      await card.getByText("1 student has this too").waitFor();
      // Filters: a category with nothing in it shows the empty state.
      await page.locator("#filter-category").selectOption("furniture");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.getByText("No complaints match these filters.").waitFor();
    });

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, author);
      await page.goto("/hostel-complaints");
      await hydrated(page);
      const card = page.getByRole("article").filter({ hasText: description });
      await card.getByText("1 student has this too").waitFor();
      await card.getByRole("button", { name: "Mark resolved" }).click();
      // Resolved complaints leave the block's open list and show as resolved under My complaints.
      await card.waitFor({ state: "detached" });
      await page.getByRole("link", { name: "My complaints" }).click();
      await page.waitForURL("**/hostel-complaints?view=mine");
      const mine = page.getByRole("article").filter({ hasText: description });
      await mine.getByText("Resolved", { exact: true }).waitFor();
    });
  });

  it("withdrawing asks first: Cancel keeps the complaint, Escape closes with focus back on Withdraw, Withdraw withdraws it", async (t) => {
    const author = await apiUser("Ishita Rao");
    const description = `The window latch in my room does not close (${Date.now()})`;
    await apiCall(author.token, "POST", "/hostel/complaints", {
      category: "furniture",
      blockId: "D",
      room: "D-204",
      description,
    });
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, author);
        await page.goto("/hostel-complaints?view=mine");
        await hydrated(page);
        const posts: string[] = [];
        page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
        const card = page.getByRole("article").filter({ hasText: description });
        const withdraw = card.getByRole("button", { name: "Withdraw", exact: true });
        const dialog = page.getByRole("dialog", { name: "Withdraw your complaint?" });

        await withdraw.click();
        await dialog.getByText("Withdraw this complaint? Your block will no longer see it.").waitFor();
        await shot(page, { path: `${SCREENSHOT_DIR}/withdraw-dialog-phone-light.png`, animations: "disabled" });
        await page.emulateMedia({ colorScheme: "dark" });
        // The buttons change colour with a transition; "disabled" animations show where it ends.
        await shot(page, { path: `${SCREENSHOT_DIR}/withdraw-dialog-phone-dark.png`, animations: "disabled" });
        await page.emulateMedia({ colorScheme: "light" });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
        assert.deepEqual(posts, [], "Cancel submitted something");
        await page.reload();
        await hydrated(page);
        await card.getByText("Open", { exact: true }).waitFor();

        await withdraw.click();
        await dialog.waitFor();
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        assert.equal(
          await withdraw.evaluate((button) => button === document.activeElement),
          true,
          "focus is back on Withdraw",
        );
        assert.deepEqual(posts, [], "Escape submitted something");

        await withdraw.click();
        await dialog.getByRole("button", { name: "Withdraw" }).click();
        await card.getByText("Withdrawn", { exact: true }).waitFor();
      },
      { viewport: PHONE },
    );
  });
});

describe("hostel fairness", () => {
  it("a move to another block waits for its warden and can be cancelled; meanwhile complaints are for the student's own block", async (t) => {
    const student = await apiUser("Kabir Das");
    await apiCall(student.token, "PUT", "/hostel/residence", { blockId: "A", room: "A-12" });
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/hostel-complaints");
        await hydrated(page);
        await page
          .getByRole("complementary", { name: "New in Block A this week:" })
          .getByText(/you \(joined/)
          .waitFor();
        await page.getByRole("heading", { name: "Your block: Block A (Aryabhata), room A-12" }).waitFor();
        // The complaint form offers the student's own block only.
        assert.deepEqual(await page.locator("#blockId option:not([disabled])").allTextContents(), [
          "Block A (Aryabhata)",
        ]);
        await page.getByText("Move to another block").click();
        await page.locator("#move-block").selectOption("C");
        await page.locator("#move-room").fill("C-12");
        await page.getByRole("button", { name: "Ask to move" }).click();
        await page
          .getByText("Waiting for the warden of Block C to approve your move from Block A (room C-12).")
          .waitFor();
        await shot(page, { path: "test-results/screenshots/hostel-block-move-waiting-360.png", fullPage: true });
        // Still in Block A until then.
        await page.getByRole("link", { name: "Block A" }).waitFor();
        await page.getByRole("button", { name: "Cancel the move" }).click();
        await page.getByText("Your block change is cancelled. You stay in your block.").waitFor();
        await page.getByText("Move to another block").waitFor();
      },
      { viewport: PHONE },
    );
  });
});

describe("mess menu", () => {
  // The screen depends on the hour in India: each test sets the clock to the moment it is about.
  it("shows today's meals with the current one highlighted by India time, and the week", async (t) => {
    const lunchtime = clockAt(todayInIndiaAt("13:00"));
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto("/mess-menu");
        await hydrated(page);
        await page.getByRole("heading", { name: /^Today · / }).waitFor();
        const highlighted = page.locator('[aria-current="time"]');
        assert.equal(await highlighted.getByRole("heading").textContent(), "Lunch");
        await highlighted.getByText("Now serving").waitFor();
        const weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][
          new Date(lunchtime.at + IST_OFFSET_MS).getUTCDay()
        ];
        const today = page.locator('[aria-current="date"]');
        assert.equal(await today.getByRole("heading").textContent(), weekday);
        assert.equal(await page.getByRole("heading", { name: "This week" }).count(), 1);
        assert.equal(await page.locator("#week-heading + ul > li").count(), 7);
        // Signed out: no stars, a way to sign in that comes back here.
        assert.equal(await page.getByRole("button", { name: /star/ }).count(), 0);
        await page.getByRole("link", { name: "Sign in", exact: true }).click();
        const user = await createUserViaApi();
        await signInAndReturn(page, user, "/mess-menu");
      },
      { clock: lunchtime },
    );
  });

  it("before breakfast nothing is served: no meal is highlighted and rating opens at 07:30", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const user = await createUserViaApi();
        await signIn(page, user);
        await page.goto("/mess-menu");
        await hydrated(page);
        await page.getByRole("heading", { name: /^Today · / }).waitFor();
        await page.getByText("Rating opens at 07:30, when it's served.").first().waitFor();
        assert.equal(await page.locator('[aria-current="time"]').count(), 0);
        assert.equal(await page.getByRole("group", { name: /Your rating for/ }).count(), 0);
      },
      { clock: clockAt(todayInIndiaAt("06:00")) },
    );
  });

  it("a signed-in student rates a meal that has been served, changes it, and sees the average", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const user = await createUserViaApi();
        await signIn(page, user);
        await page.goto("/mess-menu");
        await hydrated(page);
        // At 13:00 breakfast has been served and lunch is being served: both can be rated.
        const group = page.getByRole("group", { name: /Your rating for/ }).first();
        await group.waitFor();
        const card = page.locator("li").filter({ has: group });
        await group.getByRole("button", { name: "4 stars" }).click();
        await card.getByText("You rated it 4 of 5. Tap to change.").waitFor();
        assert.equal(await group.getByRole("button", { name: "4 stars" }).getAttribute("aria-pressed"), "true");
        await card.getByText(/average from \d+ rating/).waitFor();
        await group.getByRole("button", { name: "2 stars" }).click();
        await card.getByText("You rated it 2 of 5. Tap to change.").waitFor();
        assert.equal(await group.getByRole("button", { name: "4 stars" }).getAttribute("aria-pressed"), "false");
      },
      { clock: clockAt(todayInIndiaAt("13:00")) },
    );
  });
});

describe("roommate finder", () => {
  it("posts a listing, another student finds it with filters and can contact by WhatsApp or e-mail; the author edits and removes it", async (t) => {
    const author = await createUserViaApi(newUser("Neha Kapoor"));
    const seeker = await createUserViaApi(newUser("Kabir Singh"));
    const about = `Third-year ECE, early riser, loves chai and quiet evenings (${Date.now()}).`;

    await withPage(t, browser, async ({ page }) => {
      await page.goto("/roommate-finder");
      await signInAndReturn(page, author, "/roommate-finder");
      await hydrated(page);
      await page.locator("#about").fill(about);
      await page.locator("#preferredBlock").selectOption("C");
      await page.locator("#roomType").selectOption("double");
      await page.getByLabel("Budget (₹ per month)").fill("7000");
      await page.getByRole("radio", { name: "Early bird" }).check();
      await page.getByRole("radio", { name: "Studies in silence" }).check();
      await page.getByRole("radio", { name: "Very tidy" }).check();
      await page.locator("#whatsapp").fill("98100 12345");
      await page.getByRole("button", { name: "Post listing" }).click();
      await page.getByRole("heading", { name: "Your listing" }).waitFor();
      await page.getByText(about).waitFor();
    });

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, seeker);
      await page.goto("/roommate-finder");
      await hydrated(page);
      const card = page.getByRole("article").filter({ hasText: about });
      await card.waitFor();
      await card.getByText("₹7,000").waitFor();
      assert.equal(
        await card.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"),
        "https://wa.me/919810012345",
      );
      // Filters: night owls only hides the early riser; clearing brings the listing back.
      await page.locator("#f-sleep").selectOption("night_owl");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/sleepSchedule=night_owl/);
      await card.waitFor({ state: "detached" });
      await page.getByRole("link", { name: "Clear filters" }).click();
      await page.getByRole("article").filter({ hasText: about }).waitFor();
    });

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, author);
      await page.goto("/roommate-finder");
      await hydrated(page);
      await page.getByRole("button", { name: "Edit listing" }).click();
      await page.getByLabel("Budget (₹ per month)").fill("8500");
      await page.locator("#email").fill("neha@college.test");
      await page.getByRole("button", { name: "Save changes" }).click();
      const mine = page.locator("section", { has: page.getByRole("heading", { name: "Your listing" }) });
      await mine.getByText("₹8,500").waitFor();
      assert.equal(
        await mine.getByRole("link", { name: /E-mail/ }).getAttribute("href"),
        "mailto:neha@college.test?subject=Roommate%20Finder%20on%20Campus",
      );
      await page.getByRole("button", { name: "Remove listing" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove listing" }).click();
      await page.getByRole("heading", { name: "Post your listing" }).waitFor();
      await page.getByText("Your listing is removed.").waitFor();
    });
  });

  it("a listing the browser lets through but the server refuses shows each wrong field's own problem at once (360 px)", async (t) => {
    const author = await createUserViaApi(newUser("Ira Menon"));
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 400/);
        await signIn(page, author);
        await page.goto("/roommate-finder");
        await hydrated(page);
        // Accents typed as separate marks: 21 characters to the browser's minlength (it counts UTF-16
        // units), 17 to a person and the server (grapheme clusters).
        await page.locator("#about").fill("Café crème à Noël".normalize("NFD"));
        await page.getByLabel("Budget (₹ per month)").fill("6000");
        await page.getByRole("radio", { name: "Night owl" }).check();
        await page.getByRole("radio", { name: "Studies in silence" }).check();
        await page.getByRole("radio", { name: "Tidy", exact: true }).check();
        // A telephone field has no pattern the browser checks: five digits reach the server.
        await page.locator("#whatsapp").fill("12345");
        await page.getByRole("button", { name: "Post listing" }).click();

        const about = page.locator("#about-error");
        const whatsapp = page.locator("#whatsapp-error");
        await about.getByText("Write at least 20 characters about yourself.").waitFor();
        await whatsapp.getByText("Enter a 10-digit Indian mobile number for WhatsApp.").waitFor();
        assert.equal(await page.locator("#about").getAttribute("aria-invalid"), "true");
        assert.equal(await page.locator("#about").getAttribute("aria-describedby"), "about-error");
        assert.equal(await page.locator("#whatsapp").getAttribute("aria-invalid"), "true");
        assert.equal(await page.locator("#whatsapp").getAttribute("aria-describedby"), "whatsapp-error");
        // Each problem under its own field, not one banner for the first of them.
        const form = page.locator("#my-listing");
        assert.equal(await form.getByRole("alert").count(), 0);
        await noOverflow(page);
        // The form as it stands on the page: a full-page shot from the top, where the sticky top bar is.
        const clip = await form.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const at = { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
          window.scrollTo(0, 0);
          return at;
        });
        await shot(page, {
          path: `${SCREENSHOT_DIR}/roommate-two-field-errors-360.png`,
          fullPage: true,
          clip,
          animations: "disabled",
        });

        // Put right, the same form posts the listing and the problems go.
        await page.locator("#about").fill("Final-year BBA, night owl, quiet when it matters.");
        await page.locator("#whatsapp").fill("98100 54321");
        await page.getByRole("button", { name: "Post listing" }).click();
        await page.getByRole("heading", { name: "Your listing", exact: true }).waitFor();
        assert.equal(await page.locator("#about-error, #whatsapp-error").count(), 0);
      },
      { viewport: PHONE },
    );
  });
});

describe("laundry service", () => {
  it("books a pickup for tomorrow, sees the places left drop, and cancels it", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await page.goto("/laundry-service");
      await signInAndReturn(page, user, "/laundry-service");
      await hydrated(page);
      await page.getByText("No bookings yet.").waitFor();
      // Tomorrow by the server's day: the date after "Today" in the page's own date list.
      const tomorrowLink = page.getByRole("navigation", { name: "Pickup date" }).getByRole("link").nth(1);
      const tomorrow = new URL((await tomorrowLink.getAttribute("href"))!, page.url()).searchParams.get("date")!;
      await tomorrowLink.click();
      await page.waitForURL(`**/laundry-service?date=${tomorrow}`);
      // The address changes before tomorrow's slots are on screen (today's 16:00 slot says "Started"
      // after 16:00): wait for tomorrow's day to be the chosen one and its slot to say what is left.
      await tomorrowLink.and(page.locator('[aria-current="date"]')).waitFor();
      const slot = page.locator("label").filter({ hasText: "16:00–18:00" });
      await slot.getByText(/^\d+ of 10 left$/).waitFor();
      const before = Number((await slot.textContent())?.match(/(\d+) of 10 left/)?.[1]);
      assert.ok(before > 0, `tomorrow's 16:00 slot has places: ${before}`);
      await slot.getByRole("radio").check();
      await page.getByLabel("Number of clothes").fill("12");
      await page.getByRole("radio", { name: "Iron" }).check();
      await page.getByRole("button", { name: "Book pickup" }).click();
      await page.getByText("Pickup booked.").waitFor();
      await slot.getByText(`${before - 1} of 10 left`).waitFor();
      const booking = page.getByRole("article").filter({ hasText: "16:00–18:00" });
      await booking.getByText("Booked", { exact: true }).waitFor();
      await booking.getByText("Iron · 12 pieces").waitFor();

      await booking.getByRole("button", { name: "Cancel booking" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
      await booking.getByText("Cancelled", { exact: true }).waitFor();
      assert.equal(await booking.getByRole("button", { name: "Cancel booking" }).count(), 0);
      await slot.getByText(`${before} of 10 left`).waitFor();
    });
  });

  it("a student holding 3 upcoming pickups is told a 4th is not possible", async (t) => {
    const student = await apiUser("Neha Gupta");
    const today = indiaDate(Date.now());
    for (const days of [2, 3, 4])
      await apiCall(student.token, "POST", "/hostel/laundry/bookings", {
        date: addDays(today, days),
        slotId: "1800",
        clothes: 5,
        service: "wash",
      });
    const date = addDays(today, 6);
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 409/);
        await signIn(page, student);
        await page.goto(`/laundry-service?date=${date}`);
        await hydrated(page);
        await page.getByText("You can hold up to 3 upcoming pickups at a time").waitFor();
        await page.locator("label").filter({ hasText: "18:00–20:00" }).getByRole("radio").check();
        await page.getByRole("button", { name: "Book pickup" }).click();
        await page
          .getByRole("alert")
          .getByText(
            "You already have 3 upcoming pickups booked, the most one student can hold. Cancel one, or book again once one has started.",
          )
          .waitFor();
        assert.equal(await page.getByRole("article").count(), 3);
      },
      { viewport: PHONE },
    );
  });

  it("a full slot cannot be chosen", async (t) => {
    const date = addDays(indiaDate(Date.now()), 5);
    const students = await Promise.all(Array.from({ length: 10 }, () => apiUser()));
    for (const s of students)
      await apiCall(s.token, "POST", "/hostel/laundry/bookings", { date, slotId: "0800", clothes: 5, service: "wash" });
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await signIn(page, user);
      await page.goto(`/laundry-service?date=${date}`);
      const slot = page.locator("label").filter({ hasText: "08:00–10:00" });
      await slot.getByText("Full").waitFor();
      assert.equal(await slot.getByRole("radio").isDisabled(), true);
    });
  });
});

describe("hostel screens look right", () => {
  const screens = ["/hostel-complaints", "/mess-menu", "/roommate-finder", "/laundry-service"];
  let user: E2EUser & { token: string };

  before(async () => {
    // Some content on every screen, as a hosteller would see it.
    user = await apiUser("Meera Iyer");
    const neighbour = await apiUser("Arjun Rao");
    await apiCall(neighbour.token, "POST", "/hostel/complaints", {
      category: "internet",
      blockId: "D",
      room: "D-305",
      description: "Wi-Fi on the third floor is down since this morning.",
    });
    await apiCall(user.token, "POST", "/hostel/complaints", {
      category: "electrical",
      blockId: "D",
      room: "D-301",
      description: "The fan regulator in my room is broken and the fan only runs at full speed.",
    });
    await apiCall(neighbour.token, "POST", "/hostel/roommates", {
      about: "Final-year mechanical student, night owl, plays guitar softly. Looking for an easygoing roommate.",
      preferredBlock: "D",
      roomType: "double",
      budget: 5500,
      sleepSchedule: "night_owl",
      studyHabits: "some_noise",
      cleanliness: "tidy",
      whatsapp: "9898989898",
      email: "arjun@college.test",
    });
    await apiCall(user.token, "POST", "/hostel/laundry/bookings", {
      date: addDays(indiaDate(Date.now()), 1),
      slotId: "1000",
      clothes: 8,
      service: "wash",
    });
  });

  for (const path of screens) {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        it(`${path} on a ${size} in ${scheme} mode: no sideways scrolling`, async (t) => {
          await withPage(
            t,
            browser,
            async ({ page }) => {
              await page.emulateMedia({ colorScheme: scheme });
              await page.goto("/login");
              await signIn(page, user);
              await page.goto(path);
              await hydrated(page);
              await page.getByRole("heading", { level: 1 }).waitFor();
              await noOverflow(page);
            },
            { viewport },
          );
        });
      }
    }
  }
});
