import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import {
  CAMERA_MAKE,
  CANVAS_JPEG,
  CANVAS_WEBP,
  contains,
  jpegWithGps,
  LATITUDE_BYTES,
  pngHeader,
  pngWithGps,
  webpWithGps,
} from "#test/image-fixtures.ts";

// Every image the server stores (listing photos and their small versions, complaint photos, Study
// Swap attachments that are images) is at most 4096 px on its longest side and keeps no metadata,
// whatever the client did: the upload screen's canvas strips EXIF, an API client or a form posted
// without JavaScript does not (docs/decisions/0096-photos-on-the-server.md).

const FIELDS = {
  title: "Desk lamp",
  description: "LED, three brightness levels.",
  price: "350",
  sellerName: "Asha",
  whatsappNumber: "9876543210",
  category: "hostel",
  condition: "used",
};

function listingForm(
  photos: { bytes: Uint8Array<ArrayBuffer>; name: string }[],
  thumbs: Uint8Array<ArrayBuffer>[] = [],
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(FIELDS)) form.set(key, value);
  for (const photo of photos) form.append("image", new File([photo.bytes], photo.name, { type: "image/jpeg" }));
  for (const thumb of thumbs) form.append("thumb", new File([thumb], "small.webp"));
  return form;
}

interface Listed {
  _id: string;
  images: { url: string; thumbUrl: string; width: number | null; height: number | null }[];
}

async function stored(url: string): Promise<Uint8Array> {
  const object = await env.FILES.get(`products/${new URL(url, "http://localhost").pathname.split("/").pop()}`);
  expect(object).not.toBeNull();
  return new Uint8Array(await object!.arrayBuffer());
}

function expectNoPosition(bytes: Uint8Array): void {
  expect(contains(bytes, LATITUDE_BYTES), "the GPS position").toBe(false);
  expect(contains(bytes, CAMERA_MAKE), "the camera").toBe(false);
  expect(contains(bytes, "GPSLatitude"), "XMP with the position").toBe(false);
}

async function counts(user: TestUser): Promise<[number, number]> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?")
    .bind(user.userId)
    .first<{ n: number }>();
  return [row?.n ?? 0, (await env.FILES.list()).objects.length];
}

describe("pixel size", () => {
  it("refuses a PNG whose header says 60000 x 60000 (120 KB on the wire), storing nothing", async () => {
    const seller = await createUser();
    const before = await counts(seller);
    const bomb = pngHeader(60_000, 60_000, 120 * 1024);
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: listingForm([{ bytes: bomb, name: "bomb.png" }]),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field?: string };
    expect(body.message).toBe(
      "The photo is 60,000 × 60,000 pixels: an image can be at most 4096 pixels on its longest side. Make it smaller and try again.",
    );
    // Which of several photos, and the small versions are held to it too.
    const second = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: listingForm([
        { bytes: pngHeader(800, 600), name: "a.png" },
        { bytes: pngHeader(4097, 100), name: "b.png" },
      ]),
    });
    expect(((await second.json()) as { message: string }).message).toMatch(
      /^Photo 2 is 4,097 × 100 pixels: an image can be at most 4096 pixels/,
    );
    expect(await counts(seller)).toEqual(before);
  });

  it("accepts 4096 pixels on the longest side", async () => {
    const seller = await createUser();
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: listingForm([{ bytes: pngHeader(4096, 3072), name: "big.png" }]),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { product: Listed }).product.images[0]).toMatchObject({ width: 4096, height: 3072 });
  });

  it("refuses a complaint photo and a Study Swap image of 60000 x 60000, storing nothing", async () => {
    const student = await createUser();
    const objects = (await env.FILES.list()).objects.length;
    const complaint = new FormData();
    for (const [key, value] of Object.entries({
      category: "plumbing",
      blockId: "B",
      room: "B-204",
      description: "The tap leaks all night.",
    }))
      complaint.set(key, value);
    complaint.set("photo", new File([pngHeader(60_000, 60_000, 120 * 1024)], "tap.png"));
    const filed = await call("/api/hostel/complaints", {
      method: "POST",
      headers: bearer(student.token),
      body: complaint,
    });
    expect(filed.status).toBe(400);
    expect(((await filed.json()) as { message: string }).message).toMatch(/^The photo is 60,000 × 60,000 pixels/);

    const request = new FormData();
    for (const [key, value] of Object.entries({
      title: "Lab diagram",
      category: "Physics",
      details: "Label the parts.",
      contact: "student@campus.test",
    }))
      request.set(key, value);
    request.set("file", new File([pngHeader(60_000, 60_000, 120 * 1024)], "diagram.png"));
    const posted = await call("/api/studyswap/requests", {
      method: "POST",
      headers: bearer(student.token),
      body: request,
    });
    expect(posted.status).toBe(400);
    expect(((await posted.json()) as { message: string }).message).toMatch(/^The image is 60,000 × 60,000 pixels/);
    expect((await env.FILES.list()).objects.length).toBe(objects);
    const rows = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM hostel_complaints WHERE user_id = ?1) + (SELECT COUNT(*) FROM study_requests WHERE owner_id = ?1) AS n",
    )
      .bind(student.userId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe("metadata", () => {
  it("an API client's JPEG loses its EXIF (GPS), XMP and comment but keeps its orientation; a WebP and a small version too", async () => {
    const seller = await createUser();
    const photo = jpegWithGps(6);
    expect(contains(photo, LATITUDE_BYTES)).toBe(true);
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: listingForm(
        [
          { bytes: photo, name: "IMG_2041.jpg" },
          { bytes: webpWithGps(), name: "IMG_2042.webp" },
        ],
        [webpWithGps(), webpWithGps()],
      ),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const product = ((await res.json()) as { product: Listed }).product;
    expect(product.images.map((p) => [p.width, p.height])).toEqual([
      [16, 12],
      [16, 12],
    ]);
    const [jpeg, webp, smallJpeg, smallWebp] = await Promise.all([
      stored(product.images[0]!.url),
      stored(product.images[1]!.url),
      stored(product.images[0]!.thumbUrl),
      stored(product.images[1]!.thumbUrl),
    ]);
    for (const bytes of [jpeg, webp, smallJpeg, smallWebp]) expectNoPosition(bytes);
    // The JPEG is Chromium's file again plus a 36-byte EXIF block holding only "rotate 90°".
    expect(jpeg.length).toBe(CANVAS_JPEG.length + 36);
    expect(contains(jpeg, Uint8Array.from([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]))).toBe(true);
    expect(webp).toEqual(CANVAS_WEBP);
    // What anyone downloads is what was stored.
    const served = new Uint8Array(await (await call(new URL(product.images[0]!.url).pathname)).arrayBuffer());
    expect(served).toEqual(jpeg);
  });

  it("a photo posted by the /upload form without JavaScript is stored without its position", async () => {
    const seller = await createUser();
    const form = listingForm([{ bytes: jpegWithGps(1), name: "IMG_2043.jpg" }]);
    const res = await call("/upload", {
      method: "POST",
      headers: { Cookie: seller.cookie },
      body: form,
      redirect: "manual",
    });
    expect([302, 303]).toContain(res.status);
    const row = await env.DB.prepare("SELECT image_key FROM products WHERE seller_id = ?")
      .bind(seller.userId)
      .first<{ image_key: string }>();
    const object = await env.FILES.get(row!.image_key);
    const bytes = new Uint8Array(await object!.arrayBuffer());
    expectNoPosition(bytes);
    expect(bytes).toEqual(CANVAS_JPEG);
  });

  it("a complaint photo and a Study Swap image attachment are stored without their position", async () => {
    const student = await createUser();
    expect(
      (await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "B-204" }, student.token)).status,
    ).toBe(200);
    const complaint = new FormData();
    for (const [key, value] of Object.entries({
      category: "plumbing",
      blockId: "B",
      room: "B-204",
      description: "The tap leaks all night.",
    }))
      complaint.set(key, value);
    complaint.set("photo", new File([await pngWithGps()], "tap.png"));
    const filed = await call("/api/hostel/complaints", {
      method: "POST",
      headers: bearer(student.token),
      body: complaint,
    });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const photoKey = await env.DB.prepare("SELECT photo_key FROM hostel_complaints WHERE user_id = ?")
      .bind(student.userId)
      .first<{ photo_key: string }>();
    expectNoPosition(new Uint8Array(await (await env.FILES.get(photoKey!.photo_key))!.arrayBuffer()));

    const request = new FormData();
    for (const [key, value] of Object.entries({
      title: "Lab diagram",
      category: "Physics",
      details: "Label the parts.",
      contact: "student@campus.test",
    }))
      request.set(key, value);
    request.set("file", new File([jpegWithGps(1)], "diagram.jpg"));
    const posted = await call("/api/studyswap/requests", {
      method: "POST",
      headers: bearer(student.token),
      body: request,
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const { data } = (await posted.json()) as { data: { attachment: { url: string; size: number } } };
    const download = new Uint8Array(
      await (await call(data.attachment.url, { headers: bearer(student.token) })).arrayBuffer(),
    );
    expectNoPosition(download);
    expect(download).toEqual(CANVAS_JPEG);
    expect(data.attachment.size).toBe(CANVAS_JPEG.length);
  });
});
