// The /studyswap landing shows the specification's demo-mode note exactly when its loader says the
// backend could not be read (test/studyswap-landing.test.ts covers the loader).
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { byText, render, type Rendered, waitFor } from "#test/component-dom.ts";
import StudySwap from "#app/routes/studyswap.tsx";

const NOTE = "Note: Demo mode active. Backend API not connected.";
let page: Rendered | null = null;
afterEach(() => {
  page?.unmount();
  page = null;
});

async function landing(demoMode: boolean) {
  const Stub = createRoutesStub([
    { path: "/studyswap", Component: StudySwap as never, loader: () => ({ signedIn: true, writers: [], demoMode }) },
  ]);
  page = await render(<Stub initialEntries={["/studyswap"]} />);
  await waitFor(() => byText(page!.view, "Academic Excellence Made Accessible"), "the landing");
  return page.view;
}

describe("Study Swap landing", () => {
  it("says nothing about demo mode when the backend answered", async () => {
    expect(byText(await landing(false), NOTE)).toBeNull();
  });

  it("shows the note when it did not", async () => {
    expect(byText(await landing(true), NOTE)).not.toBeNull();
  });
});
