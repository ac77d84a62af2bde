import { formatIndiaDateTime } from "#common/format.ts";

// What reports and moderation answer (docs/decisions/0082-reports-and-moderation.md), written
// once for both doors (docs/decisions/0103-use-cases-messages-and-forms.md): the API's answer and,
// where it says more, the staff console's. Pure.

export type ModerationActionName = "hide" | "restore" | "dismiss" | "suspend" | "lift";

export const MODERATION_MESSAGES = {
  reported: "Thank you: a moderator will look at it.",
  reportedAgain: "You have reported this already; it counts once.",
  reportsTooFast: "Too many reports in a minute. Please wait a minute and try again.",
  actionsTooFast: "Too many moderation actions in a minute. Please wait a minute and try again.",
  adminsOnlyForAdmins: "Only a campus admin can suspend a campus admin.",
  adminsOnlyLift: "Only a campus admin can lift a campus admin's suspension.",
  lastAdmin:
    "A campus keeps one admin who is not suspended: lift a suspension or grant the admin role to someone else first.",
  noStudent: "There is no student of your campus with that id.",
  notSuspended: "That student is not suspended.",
  lifted: "The suspension is lifted. The student is told.",
  dismissed: "The reports are dismissed.",
  hidden: (label: string) => `The ${label} is hidden.`,
  restored: (label: string) => `The ${label} is visible again.`,
  suspendedUntil: (until: number) => `Suspended until ${formatIndiaDateTime(until)}.`,
} as const;

/** The staff console's answer to each action: what the moderator did and that the student is told. */
export const MODERATED_ON_SCREEN: Record<ModerationActionName, string> = {
  hide: "Hidden. The student is told why.",
  restore: "Restored. The student is told.",
  dismiss: "Reports dismissed; it is visible.",
  suspend: "Suspended. The student is told why and until when.",
  lift: MODERATION_MESSAGES.lifted,
};
