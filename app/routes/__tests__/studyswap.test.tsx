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

async function landing(demoMode: boolean, writers: unknown[] = []) {
  const Stub = createRoutesStub([
    { path: "/studyswap", Component: StudySwap as never, loader: () => ({ signedIn: true, writers, demoMode }) },
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

  it("gives a writer's rate in rupees as India writes them, paise when there are any", async () => {
    const writer = (id: string, rate: number | null) => ({
      _id: id,
      name: `Writer ${id}`,
      expertise: "Maths",
      rate,
      contact: null,
    });
    const view = await landing(false, [writer("a", 120), writer("b", 249.5), writer("c", 100_000), writer("d", null)]);
    expect(byText(view, "From ₹120 per page")).not.toBeNull();
    expect(byText(view, "From ₹249.50 per page")).not.toBeNull();
    expect(byText(view, "From ₹1,00,000 per page")).not.toBeNull();
    expect(view.textContent?.match(/per page/g)).toHaveLength(3);
  });
});
