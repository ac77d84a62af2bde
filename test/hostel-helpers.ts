import { vi } from "vitest";
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
  return call(path, { method, headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) }, body: JSON.stringify(body) });
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
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
export const WEBP_BYTES = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c]);

/**
 * A D1 binding that counts round trips to the database: each statement run on its own (first, all,
 * run, raw) is one, and a whole batch is one. What "D1 queries per page" means.
 */
export function countingDb(db: D1Database): { db: D1Database; count: () => number } {
  let trips = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            trips += 1;
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips += 1;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: counted, count: () => trips };
}
