import { attempt } from "#app/lib/action-result.server.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { bookingStatusLabel } from "#common/hostel-labels.ts";
import { formFields } from "#server/services/hostel/common.ts";
import { setSlotCapacity, stepBooking } from "#server/services/hostel/laundry-staff.ts";
import { editMenu } from "#server/services/hostel/mess-staff.ts";

// The /staff page's laundry and mess actions: `laundry.step`, `laundry.capacity`,
// `mess.menu`. The services check role and campus; null: not one of these intents.
export function opsAction(env: Env, user: SessionUser, intent: string, form: FormData) {
  const fields = formFields(form) as Record<string, unknown>;
  switch (intent) {
    case "laundry.step": {
      const status = String(form.get("status") ?? "");
      const label =
        status in bookingStatusLabel
          ? bookingStatusLabel[status as keyof typeof bookingStatusLabel].toLowerCase()
          : status;
      return attempt(intent, `Marked ${label}.${status === "ready" ? " The student is told." : ""}`, () =>
        stepBooking(env, user, String(form.get("id") ?? ""), { status: fields.status }),
      );
    }
    case "laundry.capacity":
      return attempt(intent, "Capacity saved.", () =>
        setSlotCapacity(env, user, String(form.get("slotId") ?? ""), { capacity: fields.capacity }),
      );
    case "mess.menu":
      return attempt(intent, "Menu saved. The mess page shows it now.", () =>
        editMenu(env, user, { day: fields.day, meal: fields.meal, items: fields.items }),
      );
    default:
      return null;
  }
}
