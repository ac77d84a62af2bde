import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { data, Link, useActionData, useFetcher } from "react-router";
import { BedIcon } from "#app/components/icons/bed.tsx";
import { ConfirmName } from "#app/components/account/ConfirmName.tsx";
import { LightbulbIcon } from "#app/components/icons/lightbulb.tsx";
import { SunIcon } from "#app/components/icons/sun.tsx";
import type { IconComponent } from "#app/components/icons/stroke.tsx";
import { tiles, tips } from "#app/content/dashboard.ts";
import { parseMode, readMode, type Mode } from "#common/dashboard-mode.ts";
import { getUser } from "#app/lib/session.server.ts";
import { indiaDate } from "#common/india-time.ts";
import { verifiedBadge } from "#common/membership.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/dashboard";
import { readForm } from "#app/lib/form.server.ts";
import { succeeded } from "#app/lib/action-result.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { chooseMode, modeChoiceSchema } from "#server/services/dashboard-mode.ts";

/** Where the dashboard's "Verify my e-mail" comes back to: here, saying it worked. */
const VERIFY_LINK = `/verify?returnTo=${encodeURIComponent("/dashboard?verified=1")}`;

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context);
  const now = Date.now();
  // A college account's address is proven with the e-mailed code; the Open community has none to prove.
  const mustVerify = user !== null && !user.openCommunity && !user.verified;
  const justVerified =
    user !== null && !user.openCommunity && user.verified && new URL(request.url).searchParams.get("verified") === "1";
  return {
    mode: readMode(request.headers.get("Cookie")),
    firstName: user?.name.split(/\s+/)[0] ?? null,
    // "Welcome back" from the day after the account was made: on its first day it is new here.
    returning: user !== null && indiaDate(user.joinedAt) !== indiaDate(now),
    verify: mustVerify ? { email: user.email } : null,
    verifiedAs: justVerified ? verifiedBadge(user.campusShortName) : null,
    // A claimed account's name is the earlier holder's until the student confirms it (decision 0095).
    confirmName: user?.confirmName ? user.name : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  let chosen;
  try {
    chosen = chooseMode(parseWith(modeChoiceSchema, formInput(form)));
  } catch (error) {
    // Only a hand-made post names another mode: the error page says which two there are.
    if (error instanceof ApiError) throw data(error.message, { status: error.status });
    throw error;
  }
  // The answer carries the new mode too: a browser without JavaScript renders this very response,
  // whose loader still saw the old cookie.
  return succeeded("mode", "", { mode: chosen.mode }, { headers: { "Set-Cookie": chosen.cookie } });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

const MODES: { value: Mode; label: string; icon: IconComponent }[] = [
  { value: "day-scholar", label: "Day-Scholar", icon: SunIcon },
  { value: "hosteller", label: "Hosteller", icon: BedIcon },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  // Optimistic: show the chosen mode while the preference is being saved.
  const mode = parseMode(fetcher.formData?.get("mode")) ?? fetcher.data?.mode ?? actionData?.mode ?? loaderData.mode;
  const tip = tips[mode];

  return (
    <div className="space-y-8 py-4">
      {loaderData.confirmName && <ConfirmName name={loaderData.confirmName} />}
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {!loaderData.firstName
              ? "Welcome to Campus"
              : loaderData.returning
                ? `Welcome back, ${loaderData.firstName}`
                : `Welcome to Campus, ${loaderData.firstName}`}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">Everything for your college day, in one place.</p>
        </div>
        <fetcher.Form
          method="post"
          className="inline-flex self-start rounded-2xl border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          aria-label="Dashboard mode"
        >
          {MODES.map((option) => {
            const active = option.value === mode;
            return (
              <button
                key={option.value}
                type="submit"
                name="mode"
                value={option.value}
                aria-pressed={active}
                className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors ${
                  active
                    ? "bg-indigo-600 text-white dark:bg-indigo-500 dark:text-slate-950"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                }`}
              >
                <option.icon className="h-5 w-5" />
                {option.label}
              </button>
            );
          })}
        </fetcher.Form>
      </section>

      {loaderData.verify && (
        <section
          aria-labelledby="verify-heading"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <h2 id="verify-heading" className="font-semibold">
            Verify your college e‑mail
          </h2>
          <p className="mt-1 text-sm">
            We e-mailed a 6-digit code to <strong className="break-all">{loaderData.verify.email}</strong>. Until you
            enter it you can look around, but not buy, sell, post, book or see contacts.
          </p>
          <Link to={VERIFY_LINK} className="btn-primary mt-3">
            Verify my e-mail
          </Link>
        </section>
      )}
      {loaderData.verifiedAs && (
        <p
          role="status"
          className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-sm font-medium text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100"
        >
          Your college e-mail is verified: you are a {loaderData.verifiedAs}.
        </p>
      )}

      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="sr-only">
          {mode === "hosteller" ? "Hosteller services" : "Day-Scholar services"}
        </h2>
        <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
          {tiles[mode].map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                prefetch="intent"
                className="card group flex h-full items-start gap-4 p-4 transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md sm:flex-col sm:gap-3 sm:p-5 dark:hover:border-indigo-700"
              >
                <span className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tile.tone}`}>
                  <tile.icon />
                </span>
                <span className="flex flex-col gap-1">
                  <span className="text-lg font-semibold group-hover:text-indigo-700 dark:group-hover:text-indigo-300">
                    {tile.title}
                  </span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">{tile.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="tips-heading"
        className="card flex gap-4 border-amber-200 bg-amber-50 p-5 dark:border-amber-900 dark:bg-amber-950/40"
      >
        <span className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-amber-200 text-amber-900 sm:inline-flex dark:bg-amber-900 dark:text-amber-200">
          <LightbulbIcon />
        </span>
        <div>
          <h2 id="tips-heading" className="font-semibold text-amber-900 dark:text-amber-200">
            {tip.title}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-950 dark:text-amber-100">
            {tip.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>
      {/* "Install Campus" appears here (app/sw/client.ts) where the browser offers installation. */}
      <div id="campus-install-slot" />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Campus · Your student dashboard" },
  {
    name: "description",
    content: "Campus brings your marketplace, notes, study swap, Google Classroom and hostel services together.",
  },
];
