// The laundry and mess staff's rules as the screens and the server share them. Pure.
import type { BookingStatus } from "#common/hostel-labels.ts";
import { indiaInstant } from "#common/india-time.ts";

export type { BookingStatus };
export const LAUNDRY_STEPS = ["picked_up", "washing", "ready", "collected"] as const;
export type LaundryStep = (typeof LAUNDRY_STEPS)[number];
/** The one step that follows each status (forward only; nothing after collected or cancelled). */
export const NEXT_STEP: Partial<Record<BookingStatus, LaundryStep>> = {
  booked: "picked_up",
  picked_up: "washing",
  washing: "ready",
  ready: "collected",
};
export const MAX_SLOT_CAPACITY = 100;

/**
 * When a booking can first be marked picked up: its slot's start (India time). Every later step
 * follows that one, so no booking is washing or ready before its own day.
 */
export function pickupOpensAt(date: string, startsAtMin: number): number {
  return indiaInstant(date, startsAtMin);
}

export const RATING_WEEKS = 4;
export const MAX_DISHES = 12;
export const MAX_DISH_LENGTH = 60;
