import { describe, expect, it } from "vitest";
import { readCookie, setCookie } from "#common/cookies.ts";

describe("readCookie", () => {
  it("finds one cookie among others, decoded", () => {
    expect(readCookie("a=1; campus_next=%2Fsells%3Fx%3D1; b=2", "campus_next")).toBe("/sells?x=1");
    expect(readCookie("campus_mode=hosteller", "campus_mode")).toBe("hosteller");
  });

  it("keeps a token with = signs and takes the first of two", () => {
    expect(readCookie("t=abc==; t=second", "t")).toBe("abc==");
  });

  it("is null when the cookie is absent, empty, or the header is", () => {
    expect(readCookie(null, "x")).toBeNull();
    expect(readCookie("", "x")).toBeNull();
    expect(readCookie("x=", "x")).toBeNull();
    expect(readCookie("xx=1", "x")).toBeNull();
  });

  it("leaves a value that is not valid percent-encoding as it is", () => {
    expect(readCookie("x=%E0%A4%A", "x")).toBe("%E0%A4%A");
  });
});

describe("setCookie", () => {
  it("writes the site-wide attributes with Max-Age last", () => {
    expect(setCookie("__Host-s", "jwt.a.b", { maxAge: 600, httpOnly: true, secure: true })).toBe(
      "__Host-s=jwt.a.b; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=600",
    );
    expect(setCookie("campus_mode", "hosteller", { maxAge: 31536000 })).toBe(
      "campus_mode=hosteller; Path=/; SameSite=Lax; Max-Age=31536000",
    );
  });

  it("percent-encodes the value and clears with Max-Age=0", () => {
    expect(setCookie("campus_next", "/a b?c=1", { maxAge: 900 })).toBe(
      "campus_next=%2Fa%20b%3Fc%3D1; Path=/; SameSite=Lax; Max-Age=900",
    );
    expect(setCookie("campus_next", "", { maxAge: 0 })).toBe("campus_next=; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("refuses a name that is not a cookie name", () => {
    expect(() => setCookie("a;b", "1", { maxAge: 1 })).toThrow();
  });
});
