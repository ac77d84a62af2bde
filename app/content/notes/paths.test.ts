import { describe, expect, it } from "vitest";
import { ALL_NOTE_PATHS, SAMPLE_NOTE_PATH } from "#app/content/notes/index.ts";

// Vite lists the files at transform time (the tests run inside workerd, which has no file system).
// The loaders are never called: only the keys matter.
const files = Object.keys(import.meta.glob("/public/pdfs/**/*.html")).map((key) => key.replace(/^\/public/, ""));

describe("note files", () => {
  it("finds the note files under public/pdfs", () => {
    expect(files).toContain(SAMPLE_NOTE_PATH);
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  it("every note path in the data is a file that exists", () => {
    const missing = ALL_NOTE_PATHS.filter((path) => !files.includes(path));
    expect(missing).toEqual([]);
  });

  it("every note file is linked from the data (no orphans)", () => {
    const orphans = files.filter((path) => !ALL_NOTE_PATHS.includes(path));
    expect(orphans).toEqual([]);
  });
});
