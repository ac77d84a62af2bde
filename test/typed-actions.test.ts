import { describe, expect, it } from "vitest";
import { succeeded } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { type IntentOf, intents } from "#app/lib/intents.ts";
import { call, createUser, ORIGIN, uniqueIp } from "#test/helpers.ts";

// A page's actions are declared once and dispatched through one helper (docs/decisions/0124-typed-actions.md):
// each declared intent runs its handler, anything else gets the one "Unknown action." refusal.

const INTENTS = intents("save", "remove");

function formWith(intent?: string) {
  const form = new FormData();
  if (intent !== undefined) form.set("intent", intent);
  return form;
}

function recording() {
  const ran: string[] = [];
  const handlers = {
    save: (intent: string) => (ran.push(`save:${intent}`), succeeded(intent, "Saved.")),
    remove: (intent: string) => (ran.push(`remove:${intent}`), succeeded(intent, "Removed.")),
  };
  return { ran, handlers };
}

describe("typed page actions", () => {
  it("declares frozen intents whose values are their names", () => {
    expect(INTENTS).toEqual({ save: "save", remove: "remove" });
    expect(Object.isFrozen(INTENTS)).toBe(true);
  });

  it("runs the handler of each declared intent, with the intent as posted", async () => {
    for (const intent of [INTENTS.save, INTENTS.remove]) {
      const { ran, handlers } = recording();
      const answer = await dispatch(formWith(intent), INTENTS, handlers);
      expect(ran).toEqual([`${intent}:${intent}`]);
      expect(answer.data).toMatchObject({ ok: true, intent });
    }
  });

  it("answers an unknown, a missing or an inherited intent with 400 Unknown action. and runs nothing", async () => {
    for (const posted of ["publish", undefined, "", "constructor", "__proto__", "toString"]) {
      const { ran, handlers } = recording();
      const answer = await dispatch(formWith(posted), INTENTS, handlers);
      expect(ran).toEqual([]);
      expect(answer.init?.status).toBe(400);
      expect(answer.data).toEqual({ ok: false, intent: posted ?? "", message: "Unknown action.", status: 400 });
    }
  });

  it("dispatches an intent read beforehand by its declared name (a set-up step's save:<id>)", async () => {
    const { ran, handlers } = recording();
    await dispatch({ intent: "save:42", name: "save" }, INTENTS, handlers);
    expect(ran).toEqual(["save:save:42"]);
    const refusedAnswer = await dispatch({ intent: "publish:42", name: "publish" }, INTENTS, handlers);
    expect(refusedAnswer.data).toMatchObject({ ok: false, intent: "publish:42", message: "Unknown action." });
  });

  it("is checked by tsc: a handler for every declared intent, none for an undeclared one, forms post declared names", () => {
    // These lines are what `npm run typecheck:tsc` verifies; at run time they only build values.
    const ok = () => succeeded("x", "");
    // @ts-expect-error a declared intent ("remove") without a handler
    void dispatch(formWith("save"), INTENTS, { save: ok });
    // @ts-expect-error a handler for an intent the page does not declare
    void dispatch(formWith("save"), INTENTS, { save: ok, remove: ok, publish: ok });
    // @ts-expect-error a form value that is not a declared intent
    const value: string = INTENTS.publish;
    // @ts-expect-error the names are literals: a bare string is not an intent of the page
    const name: IntentOf<typeof INTENTS> = "publish";
    expect([value, name]).toEqual([undefined, "publish"]);
  });
});

describe("every page dispatching typed intents answers an undeclared one the same way", () => {
  // A signed-in student's pages (the staff, admin and set-up pages refuse a student before the form).
  const ANY_ID = "0b6a2f86-1111-4111-8111-111111111111";
  const PAGES = [
    "/all-products",
    `/product/${ANY_ID}`,
    `/seller/${ANY_ID}`,
    "/saved",
    "/wanted",
    "/sells",
    "/purchases",
    "/hostel-complaints",
    "/laundry-service",
    "/roommate-finder",
    "/notifications",
    "/account",
    "/timetable",
    `/library/${ANY_ID}`,
    `/messages/${ANY_ID}`,
  ];

  it("400 Unknown action. for an undeclared and for a missing intent", async () => {
    const student = await createUser();
    for (const path of PAGES) {
      for (const fields of [{ intent: "publish" }, { id: ANY_ID }] as Record<string, string>[]) {
        const res = await call(`${path}.data`, {
          method: "POST",
          headers: {
            Cookie: student.cookie,
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: ORIGIN,
            "CF-Connecting-IP": uniqueIp(),
          },
          body: new URLSearchParams(fields).toString(),
        });
        expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
        expect(await res.text(), path).toContain("Unknown action.");
      }
    }
  });
});
