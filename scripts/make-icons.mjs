// Draws the app's install icons (public/icons/*.png) from the favicon's design with Chromium, no
// network: 192 and 512 px with rounded corners ("any"), and a 512 px full-bleed one whose mark sits
// inside the safe zone a launcher may crop to a circle ("maskable"). Run when the logo changes:
//   node scripts/make-icons.mjs   (through npx/npm, for Node 24)
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const GLYPH =
  '<path d="M32 14 8 26l24 12 20-10v14h4V26L32 14zm-14 22v8c0 4 7 8 14 8s14-4 14-8v-8l-14 7-14-7z" fill="#fff"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/>${GLYPH}</svg>`;
// The mark at 62% of the size, centred: within the 80% circle of the maskable safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4f46e5"/><g transform="translate(12.2 12.2) scale(0.62)">${GLYPH}</g></svg>`;

mkdirSync("public/icons", { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const [name, svg, size] of [
    ["icon-192", rounded, 192],
    ["icon-512", rounded, 512],
    ["icon-maskable-512", maskable, 512],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({
      path: `public/icons/${name}.png`,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log("make-icons: public/icons/icon-192.png, icon-512.png, icon-maskable-512.png");
