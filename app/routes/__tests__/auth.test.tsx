// The sign-in screen's state machine (spec §4, Auth) in a React Router stub: 'Processing...' while
// the form is on its way, duplicate submits ignored, the error banner and its dismiss button, the
// success message and the move on ~100 ms later.
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { button, byText, click, render, type Rendered, settle, submit, type, waitFor } from "#test/component-dom.ts";
import AuthScreen from "#app/routes/auth.tsx";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";

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
  const { view } = page;
  await waitFor(() => view.querySelector("form"), "the form");
  await type(view.querySelector<HTMLInputElement>("#email")!, "priya@campus.test");
  await type(view.querySelector<HTMLInputElement>("#password")!, "correct horse");
  return { view, posted, release, form: view.querySelector("form")! };
}

describe("sign-in screen", () => {
  it("shows 'Processing...' while signing in and ignores a second submit", async () => {
    const { view, posted, release, form } = await screen({
      ok: false,
      intent: "signin",
      message: "Invalid e-mail or password.",
      status: 401,
      details: { name: "", email: "priya@campus.test" },
    });
    await submit(form);
    const busy = await waitFor(() => button(view, "Processing..."), "'Processing...'");
    expect(busy.disabled).toBe(true);
    await submit(form);
    await submit(form);
    await settle(20);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      intent: "signin",
      email: "priya@campus.test",
      password: "correct horse",
      via: "script",
    });
    release();
    await waitFor(() => button(view, "Sign In"), "the button back");
  });

  it("shows the server's message in an error banner that can be dismissed, and the form can be sent again", async () => {
    const { view, posted, release, form } = await screen({
      ok: false,
      intent: "signin",
      message: "Invalid e-mail or password.",
      status: 401,
      details: { name: "", email: "priya@campus.test" },
    });
    release();
    await submit(form);
    const alert = await waitFor(() => byText(view, "Invalid e-mail or password."), "the error banner");
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await click(view.querySelector<HTMLButtonElement>('button[aria-label="Dismiss message"]')!);
    expect(byText(view, "Invalid e-mail or password.")).toBeNull();
    await submit(form);
    await waitFor(() => posted.length === 2, "a second post");
  });

  it("shows the success message and goes on to the target about 100 ms later", async () => {
    const { view, release, form } = await screen({
      ok: true,
      intent: "signin",
      message: AUTH_MESSAGES.signedIn,
      target: "/dashboard",
    });
    release();
    await submit(form);
    await waitFor(() => byText(view, AUTH_MESSAGES.signedIn), "the success message");
    expect(byText(view, "Dashboard page")).toBeNull();
    await waitFor(() => byText(view, "Dashboard page"), "the dashboard");
  });
});
