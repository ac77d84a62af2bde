// useHydrated (app/lib/use-hydrated.ts): false in the server's HTML and in the render that hydrates
// it, so hydration matches; true from then on; and true at once for a part drawn after the page
// hydrated (a later screen).
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { render } from "#test/component-dom.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? "with JavaScript" : "without JavaScript"}</p>;
}

describe("useHydrated", () => {
  it("draws the server's HTML while hydrating, then the browser's, with no mismatch", async () => {
    const html = renderToString(<Probe seen={[]} />);
    expect(html).toContain("without JavaScript");

    const view = document.createElement("div");
    view.innerHTML = html;
    document.body.appendChild(view);
    const seen: boolean[] = [];
    const problems: unknown[] = [];
    await act(async () => {
      hydrateRoot(view, <Probe seen={seen} />, { onRecoverableError: (error) => problems.push(error) });
    });
    expect(problems).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(view.textContent).toBe("with JavaScript");
    view.remove();
  });

  it("draws a part mounted after the page hydrated as the browser's at once", async () => {
    // What the root's effect marks once the page has hydrated (app/root.tsx).
    document.documentElement.dataset.hydrated = "true";
    const seen: boolean[] = [];
    const page = await render(<Probe seen={seen} />);
    expect(seen.every(Boolean)).toBe(true);
    expect(page.view.textContent).toBe("with JavaScript");
    page.unmount();
    delete document.documentElement.dataset.hydrated;
  });
});
