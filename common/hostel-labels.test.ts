import { describe, expect, it } from "vitest";
import { formatRupees as rupees } from "#common/format.ts";
import { mealMoment } from "#common/meals.ts";
import { normaliseWhatsapp, whatsappLink } from "#server/services/hostel/roommates.ts";

describe("hostel helpers", () => {
  it("shows paise as rupees with Indian grouping", () => {
    expect(rupees(0)).toBe("₹0");
    expect(rupees(650_000)).toBe("₹6,500");
    expect(rupees(12_500_000)).toBe("₹1,25,000");
    expect(rupees(1_050)).toBe("₹10.50");
  });

  it("normalises WhatsApp numbers to 10 digits and links them with 91 once", () => {
    expect(normaliseWhatsapp("+91 98765-43210")).toBe("9876543210");
    expect(normaliseWhatsapp("09876543210")).toBe("9876543210");
    expect(normaliseWhatsapp("919876543210")).toBe("9876543210");
    expect(normaliseWhatsapp("12345")).toBeNull();
    expect(normaliseWhatsapp("1234567890")).toBeNull();
    expect(whatsappLink("9876543210")).toBe("https://wa.me/919876543210");
  });

  it("finds the meal being served and the next one", () => {
    const meals = [
      { id: "breakfast", name: "Breakfast", startsAtMin: 450, endsAtMin: 570 },
      { id: "lunch", name: "Lunch", startsAtMin: 750, endsAtMin: 870 },
    ];
    expect(mealMoment(meals, 449)).toEqual({ current: null, next: "breakfast" });
    expect(mealMoment(meals, 450)).toEqual({ current: "breakfast", next: "lunch" });
    expect(mealMoment(meals, 570)).toEqual({ current: null, next: "lunch" });
    expect(mealMoment(meals, 900)).toEqual({ current: null, next: null });
  });
});
