// The hostel screens' actions answer in the shape every screen uses (app/lib/action-result.server.ts).
export { attempt, type ActionResult } from "./action-result.server";
