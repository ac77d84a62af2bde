// Photo-like pictures for measuring the marketplace, made by Chromium with no network:
// each a 1600 x 1200 scene of gradients, shapes and sensor-like noise, encoded as WebP exactly as
// the upload screen does (quality 0.82 large, 0.72 for the 400 x 300 small version, app/lib/photos.ts),
// so their sizes are those of real phone photos after the browser has made them smaller.
import { chromium } from "playwright-core";

/** `count` photos: [{ large: Buffer, thumb: Buffer }], WebP. */
export async function makePhotos(count) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    const encoded = await page.evaluate(async (count) => {
      const toBase64 = async (blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = "";
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      };
      const encode = (canvas, quality) => new Promise((resolve) => canvas.toBlob(resolve, "image/webp", quality));
      const out = [];
      for (let n = 0; n < count; n += 1) {
        let seed = n * 7919 + 17;
        const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
        const canvas = globalThis.document.createElement("canvas");
        canvas.width = 1600;
        canvas.height = 1200;
        const c = canvas.getContext("2d");
        const hue = Math.floor(random() * 360);
        const sky = c.createLinearGradient(0, 0, 1600, 1200);
        sky.addColorStop(0, `hsl(${hue} 45% 70%)`);
        sky.addColorStop(1, `hsl(${(hue + 60) % 360} 40% 35%)`);
        c.fillStyle = sky;
        c.fillRect(0, 0, 1600, 1200);
        // A table top and an object on it, with soft shadows.
        c.fillStyle = `hsl(${(hue + 180) % 360} 25% 45%)`;
        c.fillRect(0, 800, 1600, 400);
        for (let i = 0; i < 60; i += 1) {
          c.filter = `blur(${Math.floor(random() * 12)}px)`;
          c.fillStyle = `hsla(${Math.floor(random() * 360)} ${30 + Math.floor(random() * 50)}% ${20 + Math.floor(random() * 60)}% / ${0.3 + random() * 0.6})`;
          c.beginPath();
          c.ellipse(
            random() * 1600,
            random() * 1200,
            20 + random() * 220,
            20 + random() * 160,
            random() * Math.PI,
            0,
            Math.PI * 2,
          );
          c.fill();
        }
        c.filter = "none";
        // Sensor noise: what makes a photo cost bytes.
        const image = c.getImageData(0, 0, 1600, 1200);
        for (let i = 0; i < image.data.length; i += 4) {
          const grain = (random() - 0.5) * 22;
          image.data[i] += grain;
          image.data[i + 1] += grain;
          image.data[i + 2] += grain;
        }
        c.putImageData(image, 0, 0);
        const small = globalThis.document.createElement("canvas");
        small.width = 400;
        small.height = 300;
        const s = small.getContext("2d");
        s.imageSmoothingQuality = "high";
        s.drawImage(canvas, 0, 0, 400, 300);
        out.push({
          large: await toBase64(await encode(canvas, 0.82)),
          thumb: await toBase64(await encode(small, 0.72)),
        });
      }
      return out;
    }, count);
    return encoded.map(({ large, thumb }) => ({
      large: Buffer.from(large, "base64"),
      thumb: Buffer.from(thumb, "base64"),
    }));
  } finally {
    await browser.close();
  }
}
