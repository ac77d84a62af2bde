import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { laundryStepMessage, STAFF_MESSAGES } from "#common/staff-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireRoles } from "#server/services/staff.ts";
import {
  laundryStepSchema,
  setSlotCapacity,
  slotCapacitySchema,
  stepBooking,
} from "#server/services/hostel/laundry-staff.ts";
import { editMenu, menuEditSchema } from "#server/services/hostel/mess-staff.ts";

// The /staff page's laundry and mess actions: `laundry.step`, `laundry.capacity`, `mess.menu`,
// each the form through the API's schema into the same use-case, which checks role and campus.
// Their handlers, for /staff's dispatch (the intents: #app/components/staff/staff-intents.ts).
export function opsHandlers(env: Env, user: SessionUser, form: FormData) {
  const input = () => formInput(form);
  return {
    "laundry.step": (intent: string) =>
      attemptTold(intent, async () => {
        requireRoles(user, ["laundry"]);
        const step = await stepBooking(env, user, String(form.get("id") ?? ""), parseWith(laundryStepSchema, input()));
        return { message: laundryStepMessage(step.status) };
      }),
    "laundry.capacity": (intent: string) =>
      attempt(intent, STAFF_MESSAGES.capacitySavedOnScreen, () => {
        requireRoles(user, ["laundry"]);
        return setSlotCapacity(env, user, String(form.get("slotId") ?? ""), parseWith(slotCapacitySchema, input()));
      }),
    "mess.menu": (intent: string) =>
      attempt(intent, STAFF_MESSAGES.menuSavedOnScreen, () => {
        requireRoles(user, ["mess"]);
        return editMenu(env, user, parseWith(menuEditSchema, input()));
      }),
  };
}
