import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the library's messages", () => {
  it("format no number while the module loads: a page's first toLocaleString costs a long task", async () => {
    const format = vi.spyOn(Number.prototype, "toLocaleString");
    vi.resetModules();
    const { LIBRARY_MESSAGES } = await import("#common/library-contribute.ts");
    expect(format).not.toHaveBeenCalled();
    // Said when asked, with the number as India writes it.
    expect(LIBRARY_MESSAGES.tooManyStreams).toBe(
      "This PDF is made of more than 20,000 compressed parts: the library takes at most that many. Save it again (Print → Save as PDF) and upload that.",
    );
    expect(format).toHaveBeenCalled();
  });
});
