import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { call, createUser } from "#test/helpers.ts";

// Every page action reads its form through readForm (app/lib/form.server.ts). A body that is not a
// readable form is the client's doing: a 400 with a message, never a 500 (docs/reliability.md).

const ACTION_PATHS = [
  "/login",
  "/register",
  "/logout",
  "/google/callback",
  "/dashboard",
  "/account",
  "/upload",
  "/sells",
  "/purchases",
  "/all-products",
  // A product's page (any id: the action reads the form before it looks the product up), Saved, Wanted.
  "/product/0b6a2f86-1111-4111-8111-111111111111",
  // A seller's page (its hearts without JavaScript; any id: the action reads the form first).
  "/seller/0b6a2f86-1111-4111-8111-111111111111",
  "/saved",
  "/wanted",
  "/find-writer",
  "/googleclassroom",
  "/become-writer",
  "/hostel-complaints",
  "/mess-menu",
  "/laundry-service",
  "/roommate-finder",
  "/verify",
  "/reset-password",
  "/staff",
  "/admin",
  "/admin/setup/college",
  "/admin/setup/blocks",
  "/admin/setup/mess",
  "/admin/setup/laundry",
  "/admin/setup/meetup-places",
  "/admin/setup/academics",
  "/notifications",
  // Adding to the library, and an item's page (any id: the action reads the form first).
  "/library/new",
  "/library/0b6a2f86-1111-4111-8111-111111111111",
  // A student's timetable, a class's week (any id: the action reads the form first), the admin's step.
  "/timetable",
  "/timetable/class/0b6a2f86-1111-4111-8111-111111111111/edit",
  "/admin/setup/timetable",
  // A conversation (any id: the action reads the form before it looks the conversation up).
  "/messages/0b6a2f86-1111-4111-8111-111111111111",
  // A reported conversation, as a moderator reads it.
  "/staff/conversations/0b6a2f86-1111-4111-8111-111111111111",
];

const BY_ID: Record<string, string> = {
  "routes/library.tsx": "routes/library-item.tsx",
  "routes/messages.tsx": "routes/messages-thread.tsx",
};

const MALFORMED = [
  {
    name: "multipart without its closing boundary",
    type: "multipart/form-data; boundary=XyZ",
    body: '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a form',
  },
  { name: "multipart with no boundary parameter", type: "multipart/form-data", body: "title=x" },
  {
    name: "multipart whose boundary never appears",
    type: "multipart/form-data; boundary=nothere",
    body: "just some text",
  },
  { name: "a JSON body", type: "application/json", body: '{"title":"x"}' },
];

describe("page actions refuse a body that is not a form with 400, never 500", () => {
  it("covers every route module that has an action", async () => {
    // A new action must be added above: the list is checked against the route table's modules.
    const modules = new Set<string>();
    const walk = (entries: readonly { file: string; children?: readonly unknown[] }[]) => {
      for (const entry of entries) {
        modules.add(entry.file);
        if (entry.children) walk(entry.children as { file: string }[]);
      }
    };
    walk(routes as unknown as { file: string }[]);
    const withAction = Object.entries(
      import.meta.glob("../app/routes/*.tsx", { eager: true }) as Record<string, { action?: unknown }>,
    )
      .filter(([, mod]) => typeof mod.action === "function")
      .map(([file]) => file.replace("../app/", ""));
    expect(withAction.length).toBeGreaterThan(5);
    for (const file of withAction) expect(modules.has(file), file).toBe(true);
    const covered = new Set(
      ACTION_PATHS.map(
        (path) =>
          `routes/${path
            .slice(1)
            .replace(/\/[0-9a-f-]{36}($|\/)/, "$1")
            .replace(/\//g, "-")}.tsx`,
      )
        // /login and /register are auth.tsx; /library/<id> is library-item.tsx, /messages/<id> messages-thread.tsx.
        .concat("routes/auth.tsx")
        .map((file) => BY_ID[file] ?? file),
    );
    // The catch-all's action reads no body: it answers 404 to any path.
    for (const file of withAction)
      expect(covered.has(file) || file === "routes/not-found.tsx", `${file} is missing from ACTION_PATHS`).toBe(true);
  });

  for (const path of ACTION_PATHS) {
    it(`${path}`, async () => {
      const user = await createUser();
      for (const bad of MALFORMED) {
        const res = await call(path, {
          method: "POST",
          headers: { Cookie: user.cookie, "Content-Type": bad.type },
          body: bad.body,
        });
        expect(res.status, `${bad.name} to ${path}`).toBeLessThan(500);
        if (res.status === 400) expect(await res.text()).toMatch(/(form|upload) could not be read/);
        else await res.body?.cancel();
      }
    });
  }
});
