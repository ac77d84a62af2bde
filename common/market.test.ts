import { describe, expect, it } from "vitest";
import { formatIndiaDate, formatRupees } from "#common/format.ts";
import { normaliseIndianMobile, parsePricePaise, rupeesToPaise, whatsappLink } from "#common/market.ts";
import { purchaseMessage, RESERVATION_TERMS } from "#common/market-messages.ts";

describe("parsePricePaise", () => {
  it.each([
    ["249", 24900],
    ["249.5", 24950],
    ["249.50", 24950],
    ["0.01", 1],
    ["0.29", 29],
    ["1,299.99", 129999],
    ["₹ 120", 12000],
    [" 75 ", 7500],
    [19.99, 1999],
    ["1000000", 100_000_000],
  ])("reads %j as %i paise, with no floating-point drift", (input, paise) => {
    expect(parsePricePaise(input)).toBe(paise);
  });

  it.each([
    "",
    "abc",
    "0",
    "0.00",
    "-5",
    "1.999",
    "1e3",
    "12.",
    ".5",
    "1000000.01",
    "Infinity",
    null,
    undefined,
    Number.NaN,
    1e21,
  ])("rejects %j", (input) => {
    expect(parsePricePaise(input)).toBeNull();
  });
});

describe("rupeesToPaise", () => {
  it.each([
    [0, 0],
    [1, 100],
    [249.5, 24950],
    [0.29, 29],
    [19.99, 1999],
    [1000000, 100_000_000],
  ])("reads %j rupees as %i paise exactly", (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each([-1, 0.001, 1.999, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY])("rejects %j", (rupees) => {
    expect(rupeesToPaise(rupees)).toBeNull();
  });
});

describe("formatRupees", () => {
  it("uses Indian grouping and shows paise only when there are any", () => {
    expect(formatRupees(12345600)).toBe("₹1,23,456");
    expect(formatRupees(24950)).toBe("₹249.50");
    expect(formatRupees(24999)).toBe("₹249.99");
  });
});

describe("Indian mobile numbers and WhatsApp links", () => {
  it.each([
    "9876543210",
    "98765 43210",
    "+91 98765 43210",
    "+91-98765-43210",
    "919876543210",
    "09876543210",
    "(+91) 98765-43210",
  ])("accepts %j", (input) => {
    expect(normaliseIndianMobile(input)).toBe("9876543210");
  });

  it.each(["", "12345", "5876543210", "98765432101", "+44 7911 123456", "98765abcde", "+9198765432"])(
    "rejects %j",
    (input) => {
      expect(normaliseIndianMobile(input)).toBeNull();
    },
  );

  it("prefixes 91 exactly once", () => {
    expect(whatsappLink("9876543210")).toBe("https://wa.me/919876543210");
    expect(whatsappLink("+91 98765 43210")).toBe("https://wa.me/919876543210");
    expect(whatsappLink("098765-43210")).toBe("https://wa.me/919876543210");
  });
});

describe("dates and sorting", () => {
  it("shows dates in India time", () => {
    // 20:00 UTC on 1 March is already 2 March in India.
    expect(formatIndiaDate(Date.UTC(2026, 2, 1, 20, 0))).toBe("2 Mar 2026");
  });
});

describe("purchaseMessage", () => {
  it("keeps the specification's words for each answer", () => {
    expect(purchaseMessage({ sent: true, directLink: "https://wa.me/919876543210" })).toBe(
      "Purchase successful! A notification has been sent to the seller.",
    );
    expect(purchaseMessage({ sent: false, directLink: "https://wa.me/919876543210" })).toBe(
      "Purchase successful! Would you like to contact the seller via WhatsApp?",
    );
    expect(purchaseMessage({ sent: false, directLink: null })).toBe(
      "Purchase successful! We couldn't notify the seller automatically. Please contact them directly.",
    );
    expect(RESERVATION_TERMS).toBe(
      "It is held for you for 72 hours: you pay when you meet the seller, and you can cancel on My Purchases until then.",
    );
  });
});
