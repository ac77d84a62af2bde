import { LazyShare } from "#app/components/share/LazyShare.tsx";
import { CLASS_WEEK_SHARE_WORDS } from "#common/share.ts";

// Sharing a class's week as a link members of its college open (docs/decisions/0136-the-week-on-a-phone.md).

/** The class's week page: this week's without a date (a link that stays current), another week's by its Monday. */
export function classWeekPath(classId: string, monday: string, thisMonday: string): string {
  return `/timetable/class/${encodeURIComponent(classId)}${monday === thisMonday ? "" : `?date=${monday}`}`;
}

/** The phone's share sheet, else the link copied (drawn once the page runs: without JavaScript a link beside it does). */
export function ShareWeek({ url, label }: { url: string; label: string }) {
  // Its place is kept from the first paint (the button's own size), so nothing moves when it is drawn.
  return (
    <span className="inline-flex min-h-11 min-w-[13.5rem]">
      <LazyShare url={url} title={`${label}: the week`} words={CLASS_WEEK_SHARE_WORDS} />
    </span>
  );
}
