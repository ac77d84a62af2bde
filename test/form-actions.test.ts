import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { call, createUser } from "#test/helpers.ts";

// Every page action reads its form through readForm (app/lib/form.server.ts). A body that is not a
// readable form is the client's doing: a 400 with a message, never a 500 (docs/reliability.md).

type RouteEntry = { file: string; path?: string; index?: boolean; children?: readonly RouteEntry[] };

const MODULES = import.meta.glob("../app/routes/*.tsx", { eager: true }) as Record<string, { action?: unknown }>;
const hasAction = (file: string) => typeof MODULES[`../app/${file}`]?.action === "function";

/**
 * Every URL of the route table whose module has an action. A `:param` gets an id nobody has: each
 * action reads the form before it looks anything up. The catch-all's action reads no body (it answers
 * 404 to any path), so it is left out.
 */
function actionPaths(): string[] {
  const paths = new Set<string>();
  const walk = (entries: readonly RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      if (hasAction(entry.file) && entry.file !== "routes/not-found.tsx")
        paths.add(`/${path}`.replace(/:\w+/g, "0b6a2f86-1111-4111-8111-111111111111"));
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(routes as unknown as readonly RouteEntry[], "");
  return [...paths].sort();
}

const ACTION_PATHS = actionPaths();

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
  it("covers every route module that has an action, found from the route table", () => {
    const withAction = Object.keys(MODULES)
      .map((file) => file.replace("../app/", ""))
      .filter(hasAction);
    expect(withAction.length).toBeGreaterThan(5);
    // Every module with an action is mounted, so its URLs are among those posted to below.
    const mounted = new Set<string>();
    const walk = (entries: readonly RouteEntry[]) => {
      for (const entry of entries) {
        mounted.add(entry.file);
        if (entry.children) walk(entry.children);
      }
    };
    walk(routes as unknown as readonly RouteEntry[]);
    for (const file of withAction) expect(mounted.has(file), file).toBe(true);
    expect(ACTION_PATHS).toContain("/login");
    expect(ACTION_PATHS).toContain("/messages/0b6a2f86-1111-4111-8111-111111111111");
    expect(ACTION_PATHS.length).toBeGreaterThanOrEqual(38);
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
