// The one labelled field (docs/decisions/0127-one-field-and-one-set-up-page.md): what a screen
// reader is told about a field, its hint and its problem, whichever way the control is given.
import { afterEach, describe, expect, it } from "vitest";
import { render, type Rendered } from "#test/component-dom.ts";
import { Field } from "#app/components/Field.tsx";

let page: Rendered | null = null;
afterEach(() => {
  page?.unmount();
  page = null;
});

const control = (id: string) => page!.view.querySelector<HTMLElement>(`#${id}`)!;

describe("a field", () => {
  it("labels its control, which carries the form's look, its name and no problem while there is none", async () => {
    page = await render(
      <Field name="title" label="Title" hint="What it is.">
        <input required />
      </Field>,
    );
    const input = control("title");
    expect(page.view.querySelector("label")!.htmlFor).toBe("title");
    expect(input.getAttribute("name")).toBe("title");
    expect(input.className).toBe("input");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("title-hint");
    expect(page.view.querySelector("#title-hint")!.textContent).toBe("What it is.");
    expect(page.view.querySelector("#title-error")).toBeNull();
  });

  it("shows the problem an answer reports for its name, tied after the hint and any description drawn elsewhere", async () => {
    page = await render(
      <Field
        id="add-price"
        name="price"
        label="Price"
        hint="In rupees."
        describedBy="price-note"
        result={{ ok: false, intent: "add", message: "Check the form.", fields: { price: "Too high." } }}
      >
        <input className="input w-28" />
      </Field>,
    );
    const input = control("add-price");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("add-price-hint price-note add-price-error");
    expect(input.className).toBe("input w-28");
    expect(page.view.querySelector("#add-price-error")!.textContent).toBe("Too high.");
  });

  it("a problem drawn by the caller below a row still describes the control; a function draws a control in a row", async () => {
    page = await render(
      <Field name="text" label="Message" labelClassName="sr-only" error="Write something." errorElsewhere>
        {(props) => (
          <div className="flex">
            <textarea {...props} className="input" />
            <button type="submit">Send</button>
          </div>
        )}
      </Field>,
    );
    const textarea = control("text");
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea.getAttribute("aria-invalid")).toBe("true");
    expect(textarea.getAttribute("aria-describedby")).toBe("text-error");
    expect(page.view.querySelector("#text-error")).toBeNull();
    expect(page.view.querySelector("label")!.className).toBe("sr-only");
  });

  it("a hint above the control, as the set-up forms show it", async () => {
    page = await render(
      <Field id="add-id" name="id" label="Short id" hint="Up to 8 letters." hintAbove>
        <input />
      </Field>,
    );
    const order = [...page.view.querySelector("div")!.children].map((el) => el.tagName);
    expect(order).toEqual(["LABEL", "P", "INPUT"]);
  });
});
