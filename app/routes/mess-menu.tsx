import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Badge, RouteError, SignInLink } from "#app/components/hostel/ui.tsx";
import { attempt, type ActionResult } from "#app/lib/action-result.server.ts";
import { envOf, getUser, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDateTime, formatIndiaDay } from "#common/format.ts";
import { clock, indiaDate, indiaMinutes } from "#common/india-time.ts";
import { WEEKDAYS } from "#common/hostel-labels.ts";
import { mealMoment, type MealTime } from "#common/meals.ts";
import { messOverview, rateMeal, rateSchema, type MealRating } from "#server/services/hostel/mess.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { HOSTEL_MESSAGES } from "#common/hostel-messages.ts";
import { hostelCampusOf } from "#server/services/hostel/common.ts";
import { mayAct } from "#common/membership.ts";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/mess-menu";
import { readForm } from "#app/lib/form.server.ts";
import { NotSetUp } from "#app/components/hostel/not-set-up.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = envOf(context);
  const user = await getUser(context);
  // A student sees their own campus's mess; a visitor the first college's (or ?campus=, as the API).
  // A campus that does not exist shows the first college's rather than an error page.
  const asked = new URL(request.url).searchParams.get("campus");
  const campus = await hostelCampusOf(env, user, asked).catch(() => hostelCampusOf(env, null));
  const overview = await messOverview(env, campus.id, user?.id ?? null);
  return {
    ...overview,
    campusName: campus.name,
    signedIn: user !== null,
    mayAct: user ? mayAct(user) : false,
    email: user?.email ?? "",
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return attempt("rate", HOSTEL_MESSAGES.mealRated, () =>
    rateMeal(envOf(context), user, parseWith(rateSchema, formInput(form))),
  );
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

/** The meal on now and the next one, re-checked every minute by India time while the page is open. */
function useMealMoment(meals: MealTime[], initial: { date: string; current: string | null; next: string | null }) {
  const [moment, setMoment] = useState({ current: initial.current, next: initial.next });
  const revalidator = useRevalidator();
  useEffect(() => {
    const tick = () => {
      const now = Date.now();
      if (indiaDate(now) !== initial.date) {
        void revalidator.revalidate(); // a new day: new menu and fresh ratings
        return;
      }
      setMoment(mealMoment(meals, indiaMinutes(now)));
    };
    tick();
    const timer = window.setInterval(tick, 60_000);
    return () => window.clearInterval(timer);
  }, [meals, initial.date, revalidator]);
  return moment;
}

export default function MessMenu({ loaderData }: Route.ComponentProps) {
  const { meals, week, today: now, signedIn, mayAct: canAct, email, campusName, updatedAt } = loaderData;
  const moment = useMealMoment(meals, now);
  const todayMenu = week[now.day - 1];
  const currentName = meals.find((m) => m.id === moment.current)?.name;
  const next = meals.find((m) => m.id === moment.next);

  if (meals.length === 0) return <NotSetUp title="Mess Menu" part="mess" />;

  return (
    <>
      <PageIntro
        title="Mess Menu"
        lead={`This week's meals in the mess of ${campusName}, with what's on right now (India time). Rate today's meals and see what everyone thinks.`}
      />

      <section aria-labelledby="today-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="today-heading" className="text-xl font-semibold">
            Today · {WEEKDAYS[now.day - 1]}, {formatIndiaDay(now.date).split(", ")[1]}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {currentName
              ? `Now serving: ${currentName}`
              : next
                ? `Next: ${next.name} at ${clock(next.startsAtMin)}`
                : "The mess is closed for today. See you at breakfast."}
          </p>
        </div>
        {!signedIn && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <SignInLink>Sign in</SignInLink> to rate today's meals.
          </p>
        )}
        {signedIn && !canAct && <VerifyBanner what="rate a meal" email={email} />}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {meals.map((meal) => {
            const rating = now.ratings.find((r) => r.mealId === meal.id);
            const isCurrent = moment.current === meal.id;
            return (
              <li
                key={meal.id}
                className={`card flex flex-col p-5 ${isCurrent ? "border-indigo-400 ring-2 ring-indigo-500/60 dark:border-indigo-500" : ""}`}
                aria-current={isCurrent ? "time" : undefined}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold">{meal.name}</h3>
                  {isCurrent ? (
                    <Badge tone="indigo">Now serving</Badge>
                  ) : moment.next === meal.id ? (
                    <Badge tone="amber">Next</Badge>
                  ) : null}
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {clock(meal.startsAtMin)}–{clock(meal.endsAtMin)}
                </p>
                <ul className="mt-3 flex-1 list-disc space-y-0.5 pl-5 text-slate-800 dark:text-slate-200">
                  {(todayMenu?.meals[meal.id] ?? []).map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                {rating && <RateMeal meal={meal} rating={rating} signedIn={signedIn && canAct} />}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="week-heading" className="mt-10">
        <h2 id="week-heading" className="text-xl font-semibold">
          This week
        </h2>
        {updatedAt !== null && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Updated {formatIndiaDateTime(updatedAt)} by the mess
          </p>
        )}
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {week.map((day) => {
            const isToday = day.day === now.day;
            return (
              <li
                key={day.day}
                className={`card p-5 ${isToday ? "border-indigo-400 ring-2 ring-indigo-500/40 dark:border-indigo-500" : ""}`}
                aria-current={isToday ? "date" : undefined}
              >
                <div className="flex items-center justify-between">
                  <h3 className="font-semibold">{WEEKDAYS[day.day - 1]}</h3>
                  {isToday && <Badge tone="indigo">Today</Badge>}
                </div>
                <dl className="mt-3 space-y-2 text-sm">
                  {meals.map((meal) => (
                    <div key={meal.id}>
                      <dt
                        className={`font-semibold ${isToday && moment.current === meal.id ? "text-indigo-700 dark:text-indigo-300" : "text-slate-700 dark:text-slate-300"}`}
                      >
                        {meal.name}
                      </dt>
                      <dd className="text-slate-600 dark:text-slate-400">
                        {(day.meals[meal.id] ?? []).join(", ") || "Not set"}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

function Stars({ value }: { value: number }) {
  return (
    <span aria-hidden="true" className="text-amber-500">
      {"★".repeat(Math.round(value))}
      <span className="text-slate-300 dark:text-slate-600">{"★".repeat(5 - Math.round(value))}</span>
    </span>
  );
}

function RateMeal({ meal, rating, signedIn }: { meal: MealTime; rating: MealRating; signedIn: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const pendingStars = fetcher.formData ? Number(fetcher.formData.get("stars")) : null;
  const mine = pendingStars ?? rating.mine;
  const name = meal.name.toLowerCase();
  return (
    <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
      <p className="text-sm">
        {rating.count > 0 && rating.average !== null ? (
          <>
            <Stars value={rating.average} /> <span className="font-semibold">{rating.average.toFixed(1)}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {" "}
              average from {rating.count} {rating.count === 1 ? "rating" : "ratings"}
            </span>
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">No ratings yet today.</span>
        )}
      </p>
      {signedIn && rating.canRate && (
        <fetcher.Form method="post" className="mt-2" aria-label={`Rate today's ${name}`}>
          <input type="hidden" name="meal" value={meal.id} />
          <div role="group" aria-label={`Your rating for ${name}`} className="flex gap-1">
            {[1, 2, 3, 4, 5].map((stars) => (
              <button
                key={stars}
                type="submit"
                name="stars"
                value={stars}
                aria-pressed={mine === stars}
                aria-label={`${stars} ${stars === 1 ? "star" : "stars"}`}
                disabled={fetcher.state !== "idle"}
                className={`inline-flex h-11 w-11 items-center justify-center rounded-xl border text-xl transition-colors ${
                  mine !== null && stars <= mine
                    ? "border-amber-300 bg-amber-50 text-amber-500 dark:border-amber-700 dark:bg-amber-950"
                    : "border-slate-200 text-slate-400 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-500 dark:hover:bg-slate-800"
                }`}
              >
                ★
              </button>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {fetcher.state !== "idle"
              ? "Saving your rating..."
              : rating.mine
                ? `You rated it ${rating.mine} of 5. Tap to change.`
                : "Tap a star to rate."}
          </p>
          {fetcher.data && !fetcher.data.ok && (
            <div className="mt-2">
              <Alert tone="error">{fetcher.data.message}</Alert>
            </div>
          )}
        </fetcher.Form>
      )}
      {signedIn && !rating.canRate && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Rating opens at {clock(meal.startsAtMin)}, when it's served.
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Mess Menu · Campus" },
  { name: "description", content: "This week's meals in the mess, and what's on right now." },
];

export function ErrorBoundary() {
  return <RouteError title="Mess Menu" />;
}
