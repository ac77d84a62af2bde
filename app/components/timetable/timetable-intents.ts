import { intents } from "#app/lib/intents.ts";

/** Choosing one's class (ClassPicker): /account and /timetable answer it through the same use-case. */
export const CLASS_CHOICE_INTENTS = intents("choose");
/** One tap of attendance, "mark:<period>" (MarkButtons): /timetable and Today on the dashboard. */
export const MARK_INTENTS = intents("mark");
/** A rep's week of periods (period-forms): "add", and "save:", "remove:", "change:" with the period's id. */
export const PERIOD_INTENTS = intents("add", "save", "remove", "change");
/** A one-day change to a period (change-forms): "change:<period>", "edit-change:<id>", "remove-change:<id>". */
export const CHANGE_INTENTS = intents("change", "edit-change", "remove-change");
