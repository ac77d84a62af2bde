// Renders a React tree into happy-dom for the component tests (app/**/*.test.tsx), with React's act()
// around every step so effects and state updates have settled before a test looks.
import { act, type ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  view: HTMLElement;
  unmount: () => void;
}

export async function render(element: ReactElement): Promise<Rendered> {
  const view = document.createElement("div");
  document.body.appendChild(view);
  let root: Root | null = null;
  await act(async () => {
    root = createRoot(view);
    root.render(element);
  });
  return {
    view,
    unmount: () => {
      act(() => root?.unmount());
      view.remove();
    },
  };
}

/** Lets pending promises, timers of 0 ms and React's updates run. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Waits (up to a second) until `find` returns something, then returns it. */
export async function waitFor<T>(find: () => T | null | undefined | false, what = "the expected content"): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const found = find();
    if (found) return found;
    await settle(10);
  }
  throw new Error(`timed out waiting for ${what}; the page shows: ${document.body.textContent}`);
}

export function byText(view: HTMLElement, text: string | RegExp, selector = "*"): HTMLElement | null {
  const matches = [...view.querySelectorAll<HTMLElement>(selector)].filter((el) => {
    const own = el.textContent?.trim() ?? "";
    return typeof text === "string" ? own === text : text.test(own);
  });
  // The innermost element that matches.
  return matches.at(-1) ?? null;
}

export function button(view: HTMLElement, name: string | RegExp): HTMLButtonElement | null {
  return byText(view, name, "button") as HTMLButtonElement | null;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

/** Types into a form field as a user would (React reads the native value setter). */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}
