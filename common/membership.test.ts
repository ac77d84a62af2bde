import { describe, expect, it } from "vitest";
import {
  domainCandidates,
  emailDomain,
  mayAct,
  mayContact,
  suspendedMessage,
  verifiedBadge,
  verifyFirst,
} from "./membership.ts";

describe("membership rules", () => {
  it("lets verified college members and the Open community act, not unverified college members", () => {
    expect(mayAct({ openCommunity: false, verified: true })).toBe(true);
    expect(mayAct({ openCommunity: true, verified: false })).toBe(true);
    expect(mayAct({ openCommunity: false, verified: false })).toBe(false);
  });

  it("shows contacts only to members who may act, of the owner's own campus", () => {
    const verifiedCit = { campusId: "cit", openCommunity: false, verified: true };
    expect(mayContact(verifiedCit, "cit")).toBe(true);
    expect(mayContact(verifiedCit, "rce")).toBe(false);
    expect(mayContact({ ...verifiedCit, verified: false }, "cit")).toBe(false);
    expect(mayContact(null, "cit")).toBe(false);
    expect(mayContact({ campusId: "open", openCommunity: true, verified: false }, "open")).toBe(true);
  });

  it("words the gate and the badge", () => {
    expect(verifyFirst("sell on the marketplace")).toBe("Verify your college e-mail to sell on the marketplace.");
    expect(verifiedBadge("CIT")).toBe("Verified CIT student");
  });

  it("ends the suspension message with one full stop, whatever the moderator typed", () => {
    const until = Date.parse("2026-12-01T12:30:00+05:30");
    expect(suspendedMessage(until, "Abusive listings.")).toBe(
      "Your account is suspended until 1 Dec 2026, 12:30 pm: Abusive listings.",
    );
    expect(suspendedMessage(until, "Spam")).toBe("Your account is suspended until 1 Dec 2026, 12:30 pm: Spam.");
    expect(suspendedMessage(until, null)).toBe("Your account is suspended until 1 Dec 2026, 12:30 pm.");
  });

  it("finds the domain and its parents", () => {
    expect(emailDomain("Asha@CSE.Campus.test")).toBe("cse.campus.test");
    expect(domainCandidates("cse.campus.test")).toEqual(["cse.campus.test", "campus.test", "test"]);
  });
});
