// Makes the small demo product pictures beside this file (run once; the PNGs are committed).
// Each is a 320x240 gradient with a simple shape, written with zlib: no image library needed.
// Usage: npx node scripts/seed/images/make-images.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const W = 320;
const H = 240;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(pixel) {
  const raw = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0;
    for (let x = 0; x < W; x++) {
      const [r, g, b] = pixel(x, y);
      const i = y * (W * 3 + 1) + 1 + x * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.min(255, Math.round((v + (b[i] - v) * t) / 8) * 8));
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x < x1 && y >= y0 && y < y1;
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 < r * r;

const images = {
  // A calculator: body, screen and a grid of keys.
  calculator: (x, y) => {
    if (inRect(x, y, 110, 30, 210, 210)) {
      if (inRect(x, y, 122, 44, 198, 84)) return [186, 214, 170];
      const kx = (x - 122) % 20;
      const ky = (y - 96) % 20;
      if (x >= 122 && x < 198 && y >= 96 && y < 196 && kx < 14 && ky < 14) return [236, 236, 240];
      return [44, 48, 60];
    }
    return mix([99, 102, 241], [56, 189, 248], (x + y) / (W + H));
  },
  // A stack of books.
  books: (x, y) => {
    const spines = [
      [70, 150, 250, 190, [220, 38, 38]],
      [80, 110, 240, 150, [234, 179, 8]],
      [60, 70, 260, 110, [22, 163, 74]],
    ];
    for (const [x0, y0, x1, y1, colour] of spines)
      if (inRect(x, y, x0, y0, x1, y1)) return inRect(x, y, x0, y0 + 16, x1, y0 + 22) ? [250, 250, 250] : colour;
    if (inRect(x, y, 40, 190, 280, 200)) return [120, 72, 40];
    return mix([254, 243, 199], [251, 207, 232], y / H);
  },
  // A drafter / set square.
  drafter: (x, y) => {
    if (
      x > 80 &&
      y < 200 &&
      y > 40 &&
      x - 80 < (200 - y) * 1.2 &&
      !(x - 100 > 0 && y < 180 && y > 90 && x - 100 < (180 - y) * 0.9)
    )
      return [14, 165, 233];
    if (inRect(x, y, 60, 200, 270, 210)) return [71, 85, 105];
    return mix([240, 249, 255], [199, 210, 254], x / W);
  },
  // A desk lamp with its light.
  lamp: (x, y) => {
    if (inRect(x, y, 110, 200, 210, 212)) return [30, 41, 59];
    if (inRect(x, y, 156, 90, 164, 200)) return [51, 65, 85];
    if (y >= 60 && y < 100 && Math.abs(x - 160) < y - 40) return [250, 204, 21];
    if (y >= 100 && Math.abs(x - 160) < (y - 40) * 0.9) return mix([253, 230, 138], [30, 27, 75], (y - 100) / 140);
    return mix([30, 27, 75], [76, 29, 149], y / H);
  },
  // A circuit board for an electronics project kit.
  circuit: (x, y) => {
    if (inRect(x, y, 130, 90, 190, 150)) return [17, 24, 39];
    if (
      (y === 120 || x === 160 || (y % 40 === 0 && x > 40 && x < 280) || (x % 60 === 10 && y > 40 && y < 200)) &&
      inRect(x, y, 40, 40, 280, 200)
    )
      return [250, 204, 21];
    if (inCircle(x, y, 70, 70, 8) || inCircle(x, y, 250, 170, 8) || inCircle(x, y, 250, 70, 8)) return [226, 232, 240];
    return mix([6, 95, 70], [21, 128, 61], (x + y) / (W + H));
  },
  // Lab coat.
  labcoat: (x, y) => {
    const body =
      inRect(x, y, 110, 60, 210, 220) ||
      (y > 60 &&
        y < 170 &&
        ((x >= 80 && x < 110 && y - 60 > (110 - x) * 0.4) || (x >= 210 && x < 240 && y - 60 > (x - 210) * 0.4)));
    if (body) {
      if (x >= 158 && x < 162) return [203, 213, 225];
      if (inCircle(x, y, 175, 140, 3) || inCircle(x, y, 175, 170, 3)) return [100, 116, 139];
      return [248, 250, 252];
    }
    if (inRect(x, y, 140, 40, 180, 60)) return [248, 250, 252];
    return mix([148, 163, 184], [100, 116, 139], y / H);
  },
};

for (const [name, pixel] of Object.entries(images)) {
  const file = new URL(`./${name}.png`, import.meta.url);
  const data = png(pixel);
  writeFileSync(file, data);
  console.log(`${name}.png ${(data.length / 1024).toFixed(1)} KB`);
}
