import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  cleanText,
  hasVisibleText,
  optionalUserText,
  parseWith,
  userText,
  visibleLength,
} from "#server/lib/validate.ts";

describe("cleanText", () => {
  it.each([
    ["bidi override and pop", "abc\u202edef\u202c", "abcdef"],
    ["bidi isolates and marks", "\u2066x\u2069\u200ey\u200f", "xy"],
    ["zero-width space, word joiner, BOM, soft hyphen", "\ufeffa\u200bb\u2060c\u00ad", "abc"],
    ["NUL, bell, DEL and C1 controls", "a\u0000b\u0007c\u007fd\u009be", "abcde"],
    ["line breaks and tabs in a one-line field", "one\r\ntwo\tthree\nfour", "one two three four"],
    ["a zero-width joiner with nothing to join", "\u200dhello\u200d", "hello"],
    ["two joiners in a row", "a\u200d\u200db", "ab"],
    ["tag characters outside a flag", "hi\u{E0041}\u{E0042}", "hi"],
    ["NFC", "e\u0301", "é"],
  ])("removes or normalises %s", (_, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it("keeps line breaks and tabs in a multi-line field, with Windows and old Mac line ends made \\n", () => {
    expect(cleanText("  a\r\nb\rc\td\u2028e\u0000  ", true)).toBe("a\nb\nc\td\ne");
  });

  it.each([
    ["a Devanagari half form (ZWJ)", "क्\u200dष"],
    ["a Persian ZWNJ", "می\u200cخواهم"],
    ["an emoji ZWJ sequence with a skin tone", "👩🏽\u200d💻"],
    ["a rainbow flag (variation selector before the joiner)", "🏳\ufe0f\u200d🌈"],
    ["a subdivision flag made of tags", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"],
  ])("keeps %s intact", (_, text) => {
    expect(cleanText(text)).toBe(text);
  });
});

describe("hasVisibleText and visibleLength", () => {
  it.each(["", " \t", "\u200b\u200c", "\u3164", "\u2800\u2800", "\ufe0f"])("%j has nothing visible", (text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each(["a", "।", "😀", "\u0301x"])("%j is visible", (text) => {
    expect(hasVisibleText(text)).toBe(true);
  });

  it("counts grapheme clusters, not code points or code units", () => {
    expect(visibleLength("क्षि")).toBe(1);
    expect(visibleLength("👨\u200d👩\u200d👧\u200d👦")).toBe(1);
    expect(visibleLength("🇮🇳 ok")).toBe(4);
  });
});

describe("userText and optionalUserText", () => {
  const schema = z.object({
    title: userText({ name: "The title", max: 5, missing: "Enter a title." }),
    about: userText({ name: "About me", min: 3, max: 10, multiline: true, tooShort: "Write at least 3 characters." }),
    budget: optionalUserText({ name: "The budget", max: 4 }),
  });
  const parse = (value: Record<string, unknown>) => {
    try {
      return parseWith(schema, { title: "T", about: "abc", ...value });
    } catch (error) {
      return { message: (error as Error).message, field: (error as { extra?: { field?: string } }).extra?.field };
    }
  };

  it("answers the cleaned text, and null for a blank optional field", () => {
    expect(parse({ title: " Hi\u202e! ", about: "a\nb\u0000c", budget: "  " })).toEqual({
      title: "Hi!",
      about: "a\nbc",
      budget: null,
    });
  });

  it.each([
    [{ title: undefined }, "Enter a title.", "title"],
    [{ title: "   " }, "Enter a title.", "title"],
    [{ title: 7 }, "Enter a title.", "title"],
    [
      { title: "\u200b\u0000" },
      "The title must contain visible text (invisible and control characters are removed).",
      "title",
    ],
    [{ title: "abcdef" }, "The title can be at most 5 characters.", "title"],
    [{ title: "x".repeat(5 * 16 + 1) }, "The title can be at most 5 characters.", "title"],
    [{ about: "ab\u200b\u200b\u200b" }, "Write at least 3 characters.", "about"],
    [
      { budget: "\u202e" },
      "The budget must contain visible text (invisible and control characters are removed).",
      "budget",
    ],
    [{ budget: 12 }, "The budget must be text.", "budget"],
  ])("refuses %j: %s", (value, message, field) => {
    expect(parse(value)).toEqual({ message, field });
  });

  it("gives the field's own message when its key is absent (not zod's \"expected nonoptional\")", () => {
    expect(() => parseWith(schema, { about: "abc" })).toThrow("Enter a title.");
    expect(parseWith(schema, { title: "T", about: "abc" })).toEqual({ title: "T", about: "abc", budget: null });
  });

  it("accepts five emoji in a five-character field", () => {
    expect(parse({ title: "👩🏽‍💻".repeat(5) })).toMatchObject({ title: "👩🏽‍💻".repeat(5) });
  });
});
