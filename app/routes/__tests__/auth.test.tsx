// The sign-in screen's state machine (spec §4, Auth) in a React Router stub: 'Processing...' while
// the form is on its way, duplicate submits ignored, the error banner and its dismiss button, the
// success message and the move on ~100 ms later.
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { button, byText, click, render, type Rendered, settle, submit, type, waitFor } from "../../../test/component-dom";
import AuthScreen from "../auth";

let page: Rendered | null = null;
afterEach(() => {
  page?.unmount();
  page = null;
});

async function screen(answer: unknown) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const Stub = createRoutesStub([
    {
      path: "/login",
      Component: AuthScreen as never,
      loader: () => ({ hasRedirect: false }),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        await held;
        return answer;
      },
    },
    { path: "/dashboard", Component: () => <h1>Dashboard page</h1> },
  ]);
  page = await render(<Stub initialEntries={["/login"]} />);
  const { container } = page;
  await waitFor(() => container.querySelector("form"), "the form");
  await type(container.querySelector<HTMLInputElement>("#email")!, "priya@campus.test");
  await type(container.querySelector<HTMLInputElement>("#password")!, "correct horse");
  return { container, posted, release, form: container.querySelector("form")! };
}

describe("sign-in screen", () => {
  it("shows 'Processing...' while signing in and ignores a second submit", async () => {
    const { container, posted, release, form } = await screen({ side: "signin", message: "Invalid e-mail or password.", name: "", email: "priya@campus.test" });
    await submit(form);
    const busy = await waitFor(() => button(container, "Processing..."), "'Processing...'");
    expect(busy.disabled).toBe(true);
    await submit(form);
    await submit(form);
    await settle(20);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ intent: "signin", email: "priya@campus.test", password: "correct horse", via: "script" });
    release();
    await waitFor(() => button(container, "Sign In"), "the button back");
  });

  it("shows the server's message in an error banner that can be dismissed, and the form can be sent again", async () => {
    const { container, posted, release, form } = await screen({ side: "signin", message: "Invalid e-mail or password.", name: "", email: "priya@campus.test" });
    release();
    await submit(form);
    const alert = await waitFor(() => byText(container, "Invalid e-mail or password."), "the error banner");
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await click(container.querySelector<HTMLButtonElement>('button[aria-label="Dismiss message"]')!);
    expect(byText(container, "Invalid e-mail or password.")).toBeNull();
    await submit(form);
    await waitFor(() => posted.length === 2, "a second post");
  });

  it("shows the success message and goes on to the target about 100 ms later", async () => {
    const { container, release, form } = await screen({ signedIn: true, message: "Login successful! Redirecting...", target: "/dashboard" });
    release();
    await submit(form);
    await waitFor(() => byText(container, "Login successful! Redirecting..."), "the success message");
    expect(byText(container, "Dashboard page")).toBeNull();
    await waitFor(() => byText(container, "Dashboard page"), "the dashboard");
  });
});
