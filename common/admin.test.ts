import { describe, expect, it } from "vitest";
import { describeAuditAction } from "#common/admin.ts";

describe("describeAuditAction", () => {
  it("words the actions staff take", () => {
    expect(describeAuditAction("role.grant")).toBe("Granted a role");
    expect(describeAuditAction("complaint.resolved")).toBe("Complaint resolved");
    expect(describeAuditAction("auto_hide")).toBe("Hidden after 3 reports");
  });
  it("shows an action it does not know as written, rather than nothing", () => {
    expect(describeAuditAction("block.approve")).toBe("block.approve");
  });
});
