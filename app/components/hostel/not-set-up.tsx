import { PageIntro } from "#app/components/PageIntro.tsx";
import { EmptyState } from "#app/components/hostel/ui.tsx";
import { NOT_SET_UP } from "#common/setup-missing.ts";

/** A hostel screen whose part the student's college has not set up yet: said, instead of an empty form. */
export function NotSetUp({ title, part }: { title: string; part: "laundry" | "mess" | "blocks" }) {
  return (
    <>
      <PageIntro title={title} />
      <EmptyState title={NOT_SET_UP[part]}>{NOT_SET_UP.who}</EmptyState>
    </>
  );
}
