import { intents } from "#app/lib/intents.ts";

/** The "Report" form (ReportControl), posted to the page's own action (app/lib/report.server.ts). */
export const REPORT_INTENTS = intents("report");
