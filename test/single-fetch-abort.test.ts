// A page's data (`/<path>.data`, React Router's single fetch) cut off after its first line, as the
// browser cuts it when a student's next tap or navigation aborts a revalidation still streaming.
// React Router 8.4 left two promises of that stream's completion rejected with no handler: every
// cut-off read became an "Uncaught (in promise) AbortError: BodyStreamBuffer was aborted" in the
// console, and a browser test that watches for page errors failed whenever its taps came fast
// enough. patches/react-router+8.4.0.patch carries 8.5's fix to 8.4 (docs/decisions/0118).
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { call } from "./helpers";

const unhandled: unknown[] = [];
function onUnhandled(event: PromiseRejectionEvent): void {
  unhandled.push(event.reason);
  // Counted here instead of failing the whole run, so the test below can say what it saw.
  event.preventDefault();
}

afterEach(() => {
  removeEventListener("unhandledrejection", onUnhandled);
  unhandled.length = 0;
});

/**
 * A body that gives `first` and then, when read again, the error an aborted fetch's body gives
 * (erroring at once would drop the chunk still queued).
 */
function cutOff(first: Uint8Array): ReadableStream<Uint8Array> {
  let pulls = 0;
  return new ReadableStream({
    pull(controller) {
      pulls += 1;
      if (pulls === 1) controller.enqueue(first);
      else controller.error(new DOMException("BodyStreamBuffer was aborted", "AbortError"));
    },
  });
}

describe("a page's data cut off mid-stream", () => {
  it("still gives the loaders' data it had and leaves no unhandled rejection behind", async () => {
    addEventListener("unhandledrejection", onUnhandled);
    const response = await call("/login.data");
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    expect(first.value?.byteLength).toBeGreaterThan(0);

    const decoded = await decodeViaTurboStream(cutOff(first.value!), globalThis);
    // The root loader's data arrived in the first line: the page has what it needs.
    expect(JSON.stringify(decoded.value)).toContain('"root"');
    // The completion promise still says how the stream ended, for a caller that asks.
    await expect(decoded.done).rejects.toThrow("BodyStreamBuffer was aborted");
    // Rejections are reported after the microtask queue drains; give them a macrotask to surface.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled.map(String)).toEqual([]);
  });
});
