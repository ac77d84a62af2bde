import { z } from "zod";
import type { AcademicsTree } from "#common/academics.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { treeToCsv } from "#server/services/academics/csv.ts";
import { readAdminAcademics } from "#server/services/academics/tree.ts";

// The admin's download of their campus's tree, in either format the import reads back: importing an
// export gives the same tree (ids included: the nodes are found again by their natural keys).

/** `GET /api/admin/campus/academics/export?format=` and the set-up page's export links. */
export const exportQuerySchema = z.object({
  format: z.enum(["csv", "json"], { error: "Choose the format: csv or json." }).default("csv"),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

export interface AcademicsDownload {
  filename: string;
  contentType: string;
  body: string;
}

/** The JSON file: the tree as the import reads it (ids are kept for reference; the import ignores them). */
export function treeToJson(tree: AcademicsTree): string {
  return `${JSON.stringify({ campusId: tree.campusId, programmes: tree.programmes }, null, 2)}\n`;
}

export async function exportAcademics(
  env: Env,
  admin: Pick<SessionUser, "id" | "campusId">,
  { format }: ExportQuery,
): Promise<AcademicsDownload> {
  const tree = await readAdminAcademics(env, admin);
  return format === "json"
    ? {
        filename: `academics-${admin.campusId}.json`,
        contentType: "application/json; charset=utf-8",
        body: treeToJson(tree),
      }
    : { filename: `academics-${admin.campusId}.csv`, contentType: "text/csv; charset=utf-8", body: treeToCsv(tree) };
}
