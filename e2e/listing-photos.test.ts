// A seller lists a product with three photos (one a 3000 x 2000 camera-sized
// picture), sees a progress bar per photo while they upload, and the photos arrive made smaller and
// re-encoded; a buyer finds the small version on Browse, opens the product's page, looks through
// the photos and buys; the seller confirms the handover and the buyer rates the seller.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  eventually,
  gate,
  hydrated,
  newUser,
  PHONE,
  setWhatsappViaApi,
  sharedBrowser,
  shot,
  signIn,
  withPage,
  onRealClock,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";
import { CAMERA_MAKE, contains, jpegWithGps, LATITUDE_BYTES, pngHeader } from "../test/image-fixtures.ts";

const SHOTS = "test-results/screenshots/listing-photos";
const seedImage = (name: string) => ({
  name: `${name}.png`,
  mimeType: "image/png",
  buffer: readFileSync(new URL(`../scripts/seed/images/${name}.png`, import.meta.url)),
});
const browser = sharedBrowser(SHOTS);

/** A camera-sized photo (3000 x 2000 PNG), drawn by the page itself. */
async function bigPhoto(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, 3000, 2000);
    gradient.addColorStop(0, "#4f46e5");
    gradient.addColorStop(1, "#f59e0b");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 3000, 2000);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return { name: "IMG_2041.png", mimeType: "image/png", buffer: Buffer.from(base64, "base64") };
}

interface Photo {
  url: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
}

describe("a listing with photos", () => {
  it("uploads with progress, shows small photos on Browse and all on its page, then reserve, handover and rating", async (t) => {
    const seller = await createUserViaApi(newUser("Ishita Rao"));
    // The listing takes the number on the seller's profile (decision 0114): the buyer's WhatsApp link below.
    await setWhatsappViaApi(seller, "98765 43210");
    const buyer = await createUserViaApi(newUser("Dev Malhotra"));
    const title = `Hero cycle ${Date.now().toString(36)}`;
    let productId = "";

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, seller);
        const now = Date.now(); // this run's clock (CAMPUS_CLOCK), not the wall clock
        await onRealClock(() => page.clock.install({ time: now }));
        await page.goto("/upload");
        await hydrated(page);
        await page.getByLabel("Title").fill(title);
        await page.getByLabel("Category").selectOption("cycles");
        await page.getByLabel("Condition").selectOption("used");
        await page.getByLabel("Description").fill("21 gears, new brake pads, lock and key included.");
        await page.getByLabel("Price (₹)").fill("3200");
        const big = await bigPhoto(page);
        await page.getByLabel("Photos", { exact: true }).setInputFiles([seedImage("lamp"), seedImage("drafter")]);
        await page.getByLabel("Photos", { exact: true }).setInputFiles([big, seedImage("books")]);
        // Four photos: the field is full.
        await page.getByRole("img", { name: "Preview of photo 4" }).waitFor();
        assert.equal(await page.getByLabel("Photos", { exact: true }).isDisabled(), true);
        // The last one goes; the big one moves to the front, as the cover.
        await page.getByRole("button", { name: "Remove photo 4" }).click();
        await page.getByRole("button", { name: "Move photo 3 earlier" }).click();
        await page.getByRole("button", { name: "Move photo 2 earlier" }).click();
        await eventually(() => page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem").count(), 3);
        await page.getByText("Cover", { exact: true }).waitFor();
        await themedShots(page, SHOTS, "upload-photos");

        // The upload is held until every photo's progress bar has been seen.
        const upload = gate();
        await page.route("**/api/product/upload", async (route) => {
          await upload.held;
          await route.continue();
        });
        await page.setViewportSize(PHONE);
        await page.getByRole("button", { name: "Upload Product" }).click();
        await page.getByRole("button", { name: "Uploading..." }).waitFor();
        for (const n of [1, 2, 3]) await page.getByRole("progressbar", { name: `Uploading photo ${n}` }).waitFor();
        await shot(page, { path: `${SHOTS}/uploading-360-light.png`, fullPage: true });
        upload.release();
        await page.getByText("Product uploaded successfully!").waitFor();
        // The form becomes a fresh one: no photos, no bars.
        await page.getByRole("progressbar").first().waitFor({ state: "detached" });
        assert.equal(await page.getByLabel("Title").inputValue(), "");
        await onRealClock(() => page.clock.runFor(2_200));
        await page.waitForURL("**/sells");
        await page.getByRole("heading", { name: title }).waitFor();
      },
      { viewport: PHONE },
    );

    // What arrived: three photos in the chosen order, each re-encoded (WebP) and at most 1600 px, with a small version.
    const browse = await fetch(`${baseURL}/api/product/available?q=${encodeURIComponent(title)}`);
    const [product] = (await browse.json()) as { _id: string; image: string; images: Photo[] }[];
    assert.ok(product);
    productId = product._id;
    assert.equal(product.images.length, 3);
    assert.deepEqual([product.images[0]!.width, product.images[0]!.height], [1600, 1067]);
    assert.equal(product.image, product.images[0]!.url);
    for (const photo of product.images) {
      assert.notEqual(photo.thumbUrl, photo.url);
      const [large, small] = await Promise.all([fetch(photo.url), fetch(photo.thumbUrl)]);
      assert.equal(large.headers.get("Content-Type"), "image/webp");
      assert.equal(small.headers.get("Content-Type"), "image/webp");
      assert.ok(
        Number(small.headers.get("Content-Length")) < Number(large.headers.get("Content-Length")),
        "the small version is smaller",
      );
    }

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, buyer);
        await page.goto(`/all-products?q=${encodeURIComponent(title)}`);
        await hydrated(page);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
        // Browse shows the small version of the cover.
        assert.equal(
          new URL((await card.getByRole("img", { name: title }).getAttribute("src"))!, baseURL).href,
          product.images[0]!.thumbUrl,
        );
        // The lean card: the condition and the seller under the price and title (the photos are on its page).
        await card.getByText("Used · Ishita Rao").waitFor();
        await card.getByRole("link", { name: title }).click();
        await page.waitForURL(`**/product/${productId}`);
        await page.getByRole("heading", { name: title, level: 1 }).waitFor();
        // On a phone the small version, and the large one a tap away; on a wide screen the large one.
        const gallery = page.getByRole("region", { name: "Photos" });
        const shown = gallery.getByRole("img", { name: `${title}, photo 1 of 3` });
        assert.equal(await shown.evaluate((img: HTMLImageElement) => img.currentSrc), product.images[0]!.thumbUrl);
        assert.equal(
          new URL(
            (await page.getByRole("link", { name: "Full-size photo", exact: true }).getAttribute("href"))!,
            baseURL,
          ).href,
          product.images[0]!.url,
        );
        await page.setViewportSize({ width: 1280, height: 860 });
        await page.waitForFunction(
          (url) => (document.querySelector("picture img") as HTMLImageElement | null)?.currentSrc === url,
          product.images[0]!.url,
        );
        assert.equal(await shown.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)), 1600);
        // The second photo by its button, the third by the arrow key.
        await page.getByRole("link", { name: "Show photo 2 of 3" }).click();
        await page.getByRole("img", { name: `${title}, photo 2 of 3` }).waitFor();
        await page.keyboard.press("ArrowRight");
        await page.getByRole("img", { name: `${title}, photo 3 of 3` }).waitFor();
        await themedShots(page, SHOTS, "product");
        await page.setViewportSize(PHONE);
        await page.getByRole("button", { name: "Buy", exact: true }).click();
        await page.getByRole("dialog", { name: "Buy this product?" }).getByRole("button", { name: "Buy now" }).click();
        await page.getByText(/^Purchase successful!/).waitFor();
        await page.getByText("Reserved for you: meet the seller.").waitFor();
        await page.getByRole("link", { name: "Contact on WhatsApp" }).waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, seller);
        await page.goto("/mysells");
        await hydrated(page);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
        await card.getByText(`Reserved by ${buyer.name}`).waitFor();
        await card.getByRole("button", { name: "Confirm handover" }).click();
        await page
          .getByRole("dialog", { name: "Confirm the handover?" })
          .getByRole("button", { name: "Confirm handover" })
          .click();
        await card.getByText("Sold", { exact: true }).waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, buyer);
        await page.goto("/purchases");
        await hydrated(page);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
        await card.getByRole("radio", { name: "5 ★" }).check();
        await card.getByRole("button", { name: "Save rating" }).click();
        await card.getByText("You rated the seller. Thank you.").waitFor();
        // The product's page now shows the seller's record.
        await page.goto(`/product/${productId}`);
        await page.getByText("5.0 ★ · 1 sale").waitFor();
        await page.getByText("You bought this.").waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("without JavaScript: a camera photo keeps no GPS position and still opens; a 60000 px header is refused with the reason", async (t) => {
    const seller = await createUserViaApi(newUser("Kiran Bedi"));
    const title = `Desk lamp ${Date.now().toString(36)}`;
    const fill = async (page: Page, photo: { name: string; mimeType: string; buffer: Buffer }) => {
      await page.goto("/upload");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Category").selectOption("cycles");
      await page.getByLabel("Condition").selectOption("used");
      await page.getByLabel("Description").fill("LED, three brightness levels, USB powered.");
      await page.getByLabel("Price (₹)").fill("350");
      await page.getByLabel("Photos", { exact: true }).setInputFiles([photo]);
      await page.getByRole("button", { name: "Upload Product" }).click();
    };
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 400/);
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(seller.email);
        await page.getByLabel("Password").fill(seller.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL("**/dashboard");
        // A header that claims 60000 x 60000 pixels (120 KB): refused, and the form says why.
        await fill(page, {
          name: "huge.png",
          mimeType: "image/png",
          buffer: Buffer.from(pngHeader(60_000, 60_000, 120 * 1024)),
        });
        await page
          .getByText(
            "Upload failed: The photo is 60,000 × 60,000 pixels: an image can be at most 4096 pixels on its longest side. Make it smaller and try again.",
          )
          .waitFor();
        await themedShots(page, SHOTS, "upload-too-many-pixels");
        // A phone's JPEG with its GPS position, sent as it is.
        await fill(page, { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegWithGps(6)) });
        await page.waitForURL("**/sells");
      },
      { javaScriptEnabled: false, viewport: PHONE },
    );
    const browse = await fetch(`${baseURL}/api/product/available?q=${encodeURIComponent(title)}`);
    const [product] = (await browse.json()) as { _id: string; images: Photo[] }[];
    assert.ok(product);
    const stored = new Uint8Array(await (await fetch(product.images[0]!.url)).arrayBuffer());
    assert.equal(contains(stored, LATITUDE_BYTES), false, "no GPS position");
    assert.equal(contains(stored, CAMERA_MAKE), false, "no camera make");
    assert.equal(contains(stored, "GPSLatitude"), false, "no XMP position");
    // Still a photo the browser decodes, upright: the orientation is kept (rotated 90°: 12 x 16).
    await withPage(t, browser, async ({ page }) => {
      await page.goto(`/product/${product._id}`);
      const size = await page
        .getByRole("img", { name: title })
        .first()
        .evaluate(async (img: HTMLImageElement) => {
          await img.decode();
          return [img.naturalWidth, img.naturalHeight];
        });
      assert.deepEqual(size, [12, 16]);
    });
  });
  it("starts with the photos: a file that is not a photo is refused by name, and of five chosen the first four are kept and said so", async (t) => {
    const seller = await createUserViaApi(newUser("Nisha Kapoor"));
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, seller);
        await page.goto("/upload");
        await hydrated(page);
        // The photos come first, behind one button that offers the camera and the gallery (any image).
        const picker = page.getByRole("button", { name: "Take or choose photos" });
        const photosBox = (await picker.boundingBox())!;
        const titleBox = (await page.getByLabel("Title").boundingBox())!;
        assert.ok(photosBox.y < titleBox.y, "the photo picker is above the title");
        assert.equal(await page.getByLabel("Photos", { exact: true }).getAttribute("accept"), "image/*");
        // The browser's own "No file chosen" is not on the screen: its field is hidden behind the button.
        const field = (await page.getByLabel("Photos", { exact: true }).boundingBox())!;
        assert.ok(field.width <= 1 && field.height <= 1, "the browser's file field is visually hidden");
        assert.equal(await page.getByText("No file chosen").count(), 0);
        // The listing takes the account's WhatsApp number: the form does not ask for it.
        assert.equal(await page.getByLabel("WhatsApp number").count(), 0);
        await page.getByText("You have no WhatsApp number on your account: buyers reach you on Campus.").waitFor();

        // The button opens the picker: a PDF is refused, the photo beside it is added.
        const chooser = page.waitForEvent("filechooser");
        await picker.click();
        await (
          await chooser
        ).setFiles([
          { name: "timetable.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
          seedImage("lamp"),
        ]);
        await page
          .getByRole("status")
          .getByText("timetable.pdf was not added: it is not a photo. Choose JPEG, PNG, WebP or GIF images.")
          .waitFor();
        await page.getByRole("img", { name: "Preview of photo 1" }).waitFor();
        const chosen = page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
        assert.equal(await chosen.count(), 1);
        await page.getByRole("button", { name: "Add more photos (1 of 4)" }).waitFor();

        // Five more: three fit beside the lamp, and the message names the kept and the left ones.
        await page
          .getByLabel("Photos", { exact: true })
          .setInputFiles(["drafter", "books", "labcoat", "circuit", "calculator"].map(seedImage));
        await page
          .getByRole("status")
          .getByText(
            "A listing has at most 4 photos: drafter.png, books.png and labcoat.png were added, in the order chosen; circuit.png and calculator.png were not.",
          )
          .waitFor();
        await page.getByRole("img", { name: "Preview of photo 4" }).waitFor();
        assert.equal(await chosen.count(), 4);
        assert.deepEqual(await chosen.getByText(/\.png$/).allTextContents(), [
          "lamp.png",
          "drafter.png",
          "books.png",
          "labcoat.png",
        ]);
        await page.getByRole("button", { name: "4 photos chosen" }).waitFor();
        assert.equal(await page.getByRole("button", { name: "4 photos chosen" }).isDisabled(), true);
        await themedShots(page, SHOTS, "upload-messages");
      },
      { viewport: PHONE },
    );
  });
});
