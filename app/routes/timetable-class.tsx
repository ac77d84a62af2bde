import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { RouteError } from "#app/components/hostel/ui.tsx";
import { answerFor, FormAnswer, useSending } from "#app/components/setup/fields.tsx";
import { DaySlots } from "#app/components/timetable/slots.tsx";
import { classWeekPath, ShareWeek } from "#app/components/timetable/ShareWeek.tsx";
import { CLASS_CHOICE_INTENTS } from "#app/components/timetable/timetable-intents.ts";
import { WeekGrid } from "#app/components/timetable/WeekGrid.tsx";
import { attemptTold } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { addDays } from "#common/india-time.ts";
import { weekStart } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { classChoiceSchema, idParamSchema } from "#server/services/timetable/schema.ts";
import { readSharedWeek, sharedWeekQuerySchema } from "#server/services/timetable/shared-week.ts";
import { chooseClass } from "#server/services/timetable/student.ts";
import type { Route } from "./+types/timetable-class";

// A class's week as a link a classmate shared (docs/decisions/0136-the-week-on-a-phone.md): read
// only, for any signed-in member of its college (a visitor signs in first and comes back here;
// another college's class is a 404, as an unknown one). The week by ?date= (its grid first: the
// week is what was shared), a day of it in full under it, and "make it my class". Two D1 queries: the session and one batch.
export const handle = { bodyLimit: TIMETABLE_FORM_LIMIT };

/** Another college's class, or no such class: the page says so (ErrorBoundary below). */
const notFound = () => data(M.noSuchClass, { status: 404 });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const id = idParamSchema.safeParse({ id: params.id });
  if (!id.success) throw notFound();
  const url = new URL(request.url);
  // A bad ?date= is this week, as on /timetable.
  const query = sharedWeekQuerySchema.safeParse({ date: url.searchParams.get("date") ?? "" });
  try {
    const week = await readSharedWeek(envOf(context), user, id.data, query.success ? query.data : {});
    return { ...week, origin: url.origin };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const env = envOf(context);
  return dispatch(form, CLASS_CHOICE_INTENTS, {
    // The class of the page, whatever the form says: the button reads "make it my class".
    choose: (intent) =>
      attemptTold(intent, async () => ({
        message: M.classChosen(
          (await chooseClass(env, user, parseWith(classChoiceSchema, { classId: params.id }))).label,
        ),
      })),
  });
}

const linkClass = "font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300";

export default function ClassWeek({ loaderData, actionData }: Route.ComponentProps) {
  const { class: cls, date, today, days, mine, origin } = loaderData;
  const day = days.find((d) => d.date === date) ?? days[0]!;
  const answer = answerFor(actionData ?? null, CLASS_CHOICE_INTENTS.choose);
  const choosing = useSending(CLASS_CHOICE_INTENTS.choose);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/timetable" className={linkClass}>
          Your timetable
        </Link>
      </p>
      <PageIntro
        title={cls.label}
        lead="The class's week with its one-off changes and your college's holidays. Times are India time."
      />
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        {mine ? (
          <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">This is your class.</p>
        ) : (
          <Form method="post">
            <SubmitButton
              busy={choosing}
              busyLabel="Saving..."
              name="intent"
              value={CLASS_CHOICE_INTENTS.choose}
              className="btn-primary"
            >
              Make it my class
            </SubmitButton>
          </Form>
        )}
        <ShareWeek url={`${origin}${classWeekPath(cls.id, days[0]!.date, weekStart(today))}`} label={cls.label} />
      </div>
      {answer && (
        <div className="-mt-3 mb-6 max-w-xl">
          <FormAnswer result={answer} />
        </div>
      )}

      <WeekGrid
        days={days}
        today={today}
        selected={day.date}
        dayHref={(d) => `?date=${d}#day-heading`}
        actions={
          <nav aria-label="Weeks" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <Link to={`?date=${addDays(date, -7)}`} preventScrollReset className={linkClass}>
              ‹ Previous week
            </Link>
            {weekStart(date) !== weekStart(today) && (
              <Link to="." preventScrollReset className={linkClass}>
                This week
              </Link>
            )}
            <Link to={`?date=${addDays(date, 7)}`} preventScrollReset className={linkClass}>
              Next week ›
            </Link>
          </nav>
        }
      />
      <DaySlots day={day} today={today} className="mt-8 space-y-3" />
    </>
  );
}

// The class's name only for the member who opened it: a visitor (as a chat app drawing a preview)
// is sent to sign in and never gets here (docs/decisions/0131-sharing-without-leaking.md).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.class.label}: the week · Campus` : "Class week · Campus" },
  // Members only: a crawler or a chat preview is sent to sign in, so the page itself needs no noindex.
  {
    name: "description",
    content: "A class's week on Campus: its periods, this week's changes and the college's holidays.",
  },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <>
        <PageIntro title="Class week not found" lead={typeof error.data === "string" ? error.data : M.noSuchClass} />
        <Link to="/timetable" className="btn-primary">
          Open your timetable
        </Link>
      </>
    );
  return <RouteError title="Class week" />;
}
