import { z } from "zod";
import { MODE_MISSING, MODES, modeCookie, type Mode } from "#common/dashboard-mode.ts";

/** The dashboard's Day-Scholar / Hosteller switch, as its form posts it. */
export const modeChoiceSchema = z.object({ mode: z.enum(MODES, { error: MODE_MISSING }) });

/**
 * Choosing the dashboard's tiles: a preference of this browser with no account behind it, so nothing
 * is stored but the cookie the door sets (decision 0004).
 */
export function chooseMode(input: z.output<typeof modeChoiceSchema>): { mode: Mode; cookie: string } {
  return { mode: input.mode, cookie: modeCookie(input.mode) };
}
