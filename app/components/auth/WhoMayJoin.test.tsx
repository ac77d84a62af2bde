// The register screen's note on who may join (docs/decisions/0123-changing-the-address.md): on a phone
// it names three colleges inline and puts the rest behind "See all".
import { afterEach, describe, expect, it } from "vitest";
import { render, type Rendered } from "#test/component-dom.ts";
import { WhoMayJoin } from "#app/components/auth/WhoMayJoin.tsx";

let page: Rendered | null = null;
afterEach(() => {
  page?.unmount();
  page = null;
});

const college = (n: number) => ({
  shortName: `C${n}`,
  name: `College ${n}`,
  domains: [`c${n}.test`, `mail.c${n}.test`],
});

describe("who may join", () => {
  it("names up to three colleges inline, with no list to open", async () => {
    page = await render(
      <WhoMayJoin choices={{ colleges: [1, 2].map(college), lead: "Use your college e-mail:", otherwise: "Other." }} />,
    );
    expect(page.view.textContent).toContain(
      "Use your college e-mail: C1 (c1.test, mail.c1.test), C2 (c2.test, mail.c2.test)",
    );
    expect(page.view.querySelector("details")).toBeNull();
  });

  it("with more, three inline and every one, by full name, behind See all", async () => {
    page = await render(
      <WhoMayJoin
        choices={{ colleges: [1, 2, 3, 4, 5].map(college), lead: "Use your college e-mail:", otherwise: "Other." }}
      />,
    );
    const inline = page.view.querySelector("p")!.textContent;
    expect(inline).toContain("C3 (c3.test, mail.c3.test)...");
    expect(inline).not.toContain("C4");
    expect(page.view.querySelector("summary")!.textContent).toBe("See all 5 colleges");
    expect([...page.view.querySelectorAll("li")].map((li) => li.textContent)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `College ${n}: c${n}.test, mail.c${n}.test`),
    );
    expect(page.view.textContent).toContain("Other.");
  });

  it("with no college, only what becomes of an address", async () => {
    page = await render(<WhoMayJoin choices={{ colleges: [], lead: null, otherwise: "Not open yet." }} />);
    expect(page.view.textContent).toBe("Not open yet.");
  });
});
