import { vi } from "vitest";
import { RequestDb } from "#server/lib/d1-session.ts";
import { addDays, indiaDate, indiaInstant } from "#common/india-time.ts";
import { bearer, call } from "#test/helpers.ts";

export interface Answer<T = unknown> {
  success: boolean;
  message: string;
  msg?: string;
  field?: string;
  data: T;
}

export async function read<T>(res: Response): Promise<Answer<T>> {
  return (await res.json()) as Answer<T>;
}

export function sendJson(method: string, path: string, body: unknown, token?: string): Promise<Response> {
  return call(path, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });
}

export function get(path: string, token?: string): Promise<Response> {
  return call(path, { headers: token ? bearer(token) : {} });
}

/** Freezes the clock at an India date and time, days ahead of the real today (sessions stay valid). */
export function freezeIndiaTime(daysAhead: number, minutes: number): { date: string; now: number } {
  const date = addDays(indiaDate(Date.now()), daysAhead);
  const now = indiaInstant(date, minutes);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  return { date, now };
}

// Smallest real images: the server checks the first bytes, not the name.
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
/** A valid listing form for POST /api/product/upload: one small PNG photo. */
export function listingForm(sellerName: string, title: string, price = "120"): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    description: "Good condition",
    price,
    sellerName,
    whatsappNumber: "9876543210",
  }))
    form.set(key, value);
  form.set("image", new File([PNG_BYTES], "p.png", { type: "image/png" }));
  return form;
}
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
export const WEBP_BYTES = new Uint8Array([
  0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c,
]);

/**
 * A D1 binding that counts round trips to the database: each statement run on its own (first, all,
 * run, raw) is one, and a whole batch is one. What "D1 queries per page" means: the count is the
 * Worker's own (worker/lib/d1-session.ts), on a session as a signed-in request opens it.
 */
export function countingDb(db: D1Database): { db: D1Database; count: () => number } {
  const counted = new RequestDb(db.withSession("first-primary"), "first-primary");
  return { db: counted, count: () => counted.usage.queries };
}
