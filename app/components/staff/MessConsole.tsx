import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDay } from "#common/format.ts";
import { WEEKDAYS } from "#common/hostel-labels.ts";
import { MAX_DISHES } from "#common/hostel-staff.ts";
import type { MealRatings } from "#server/services/hostel/mess-staff.ts";
import type { MessConsoleView } from "#server/services/hostel/ops-console.ts";
import { MESS_CONSOLE_INTENTS } from "#app/components/staff/staff-intents.ts";
import { Field } from "#app/components/Field.tsx";

// The mess staff's part of /staff: the week's menu per day and meal, and each meal's
// ratings over the last weeks. Plain forms: they work without JavaScript.

export function MessConsole({ view, today }: { view: MessConsoleView; today: number }) {
  return (
    <section aria-labelledby="mess-heading" className="min-w-0 space-y-4">
      <h2 id="mess-heading" className="text-lg font-semibold">
        Mess: this week's menu
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Dishes separated by commas, at most {MAX_DISHES}. The mess page shows the time of your last change.
      </p>
      <div className="space-y-3">
        {WEEKDAYS.map((name, i) => (
          <details key={name} open={i + 1 === today} className="card p-4">
            <summary className="cursor-pointer font-semibold">
              {name}
              {i + 1 === today ? " (today)" : ""}
            </summary>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {view.meals.map((meal) => (
                <MealForm
                  key={meal.id}
                  day={i + 1}
                  dayName={name}
                  meal={meal}
                  items={view.menu[i + 1]?.[meal.id] ?? ""}
                />
              ))}
            </div>
          </details>
        ))}
      </div>
      <RatingsChart ratings={view.ratings} />
    </section>
  );
}

function MealForm({
  day,
  dayName,
  meal,
  items,
}: {
  day: number;
  dayName: string;
  meal: { id: string; name: string };
  items: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const id = `menu-${day}-${meal.id}`;
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={MESS_CONSOLE_INTENTS["mess.menu"]} />
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="meal" value={meal.id} />
      <Field
        id={id}
        name="items"
        label={
          <>
            {meal.name}
            <span className="sr-only"> on {dayName}</span>
          </>
        }
        className="space-y-2"
      >
        <textarea rows={2} required maxLength={800} defaultValue={items} className="input" />
      </Field>
      <SubmitButton busy={busy} busyLabel="Saving..." className="btn-secondary">
        Save
        <span className="sr-only">
          {" "}
          {dayName}'s {meal.name.toLowerCase()}
        </span>
      </SubmitButton>
      {result && <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>}
    </fetcher.Form>
  );
}

const weekName = (i: number, count: number) =>
  i === count - 1 ? "This week" : i === count - 2 ? "Last week" : `${count - 1 - i} weeks ago`;

/** Average stars per meal and week, as a table whose cells carry a bar: the numbers are the text. */
function RatingsChart({ ratings }: { ratings: MealRatings[] }) {
  const weeks = ratings[0]?.weeks ?? [];
  return (
    <section aria-labelledby="ratings-heading" className="card p-5">
      <h3 id="ratings-heading" className="text-lg font-semibold">
        Ratings of each meal
      </h3>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[18rem] text-sm">
          <caption className="mb-2 text-left text-slate-600 dark:text-slate-400">
            Average stars out of 5 and the number of ratings, per week (7 days ending on the date shown).
          </caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-2 text-left font-medium">
                Meal
              </th>
              {weeks.map((w, i) => (
                <th key={w.from} scope="col" className="px-1 py-1 text-left font-medium">
                  {weekName(i, weeks.length)}
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                    to {formatIndiaDay(w.to).split(", ")[1]}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ratings.map((meal) => (
              <tr key={meal.mealId} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="py-2 pr-2 text-left font-medium">
                  {meal.name}
                </th>
                {meal.weeks.map((w) => (
                  <td key={w.from} className="px-1 py-2 align-bottom">
                    <span
                      aria-hidden="true"
                      className="mb-1 block h-2 w-full rounded-full bg-slate-100 dark:bg-slate-800"
                    >
                      <span
                        className="block h-2 rounded-full bg-amber-500 dark:bg-amber-400"
                        style={{ width: `${w.average === null ? 0 : (w.average / 5) * 100}%` }}
                      />
                    </span>
                    <span className="tabular-nums">
                      {w.average === null ? (
                        "–"
                      ) : (
                        <>
                          {w.average.toFixed(1)}
                          <span aria-hidden="true">★</span>
                          <span className="sr-only"> stars</span>
                        </>
                      )}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {w.count === 0 ? "no ratings" : `${w.count} rating${w.count === 1 ? "" : "s"}`}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
