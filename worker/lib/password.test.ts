import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "#server/lib/password.ts";

describe("password hashing", () => {
  it("stays within the 100,000-iteration cap of production Workers", () => {
    // Local workerd has no cap, so only this test stops a raise that would break sign-in in production.
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("right password");
    expect(stored.split("$")[1]).toBe(String(PBKDF2_ITERATIONS));
    await expect(verifyPassword("right password", stored)).resolves.toBe(true);
    await expect(verifyPassword("wrong password", stored)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses stored values it does not understand or that ask for more iterations than allowed", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
    await expect(verifyPassword("x", "pbkdf2-sha256$999999$AAAA$AAAA")).resolves.toBe(false);
  });
});
