import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { data, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { BedIcon } from "#app/components/icons/bed.tsx";
import { ConfirmName } from "#app/components/account/confirm-name.ts";
import { LightbulbIcon } from "#app/components/icons/lightbulb.tsx";
import { SunIcon } from "#app/components/icons/sun.tsx";
import type { IconComponent } from "#app/components/icons/stroke.tsx";
import { tiles, tips } from "#app/content/dashboard.ts";
import { parseMode, readMode, type Mode } from "#common/dashboard-mode.ts";
import { envOf, getSession, requireUser } from "#app/lib/session.server.ts";
import { JoinCollege } from "#app/components/account/join-college.ts";
import { EMAIL_CHANGE_MESSAGES } from "#common/account-messages.ts";
import { emailChangeState } from "#server/services/account/settings.ts";
import { indiaDate } from "#common/india-time.ts";
import { verifiedBadge } from "#common/membership.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/dashboard";
import { readForm } from "#app/lib/form.server.ts";
import { succeeded } from "#app/lib/action-result.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { chooseMode, modeChoiceSchema } from "#server/services/dashboard/mode.ts";
import { Today } from "#app/components/dashboard/Today.tsx";
import { TileGrid } from "#app/components/TileGrid.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { readToday } from "#server/services/dashboard/today.ts";
import { markAction } from "#app/lib/attendance.server.ts";
import { setupStepsLeft } from "#server/services/campus-setup/overview.ts";
import { SETUP_MESSAGES } from "#common/campus-setup-messages.ts";
import { MARK_INTENTS } from "#app/components/timetable/timetable-intents.ts";

/** Where the dashboard's "Verify my e-mail" comes back to: here, saying it worked. */
const VERIFY_LINK = `/verify?returnTo=${encodeURIComponent("/dashboard?verified=1")}`;

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await getSession(context);
  const user = session?.user ?? null;
  const now = Date.now();
  const mode = readMode(request.headers.get("Cookie"));
  // A college account's address is proven with the e-mailed code; the Open community has none to prove.
  const mustVerify = user !== null && !user.openCommunity && !user.verified;
  const justVerified =
    user !== null && !user.openCommunity && user.verified && new URL(request.url).searchParams.get("verified") === "1";
  const [today, setup, joinCollege] = await Promise.all([
    // What the student needs next: one D1 batch beside the session (docs/decisions/0112-today.md).
    user ? readToday(envOf(context), user, mode, now) : null,
    // A campus admin whose college is not fully set up is pointed to the checklist (decision 0104).
    user ? setupStepsLeft(envOf(context), user) : null,
    // A member of the Open community is shown how to join their college (decision 0123): one query, theirs only.
    session && session.user.openCommunity
      ? emailChangeState(envOf(context), session.user.id, session.sessionId, now)
      : null,
  ]);
  return {
    mode,
    today,
    joinCollege:
      user && joinCollege
        ? {
            email: user.email,
            hasPassword: joinCollege.hasPassword,
            blockedHint:
              joinCollege.hasPassword || joinCollege.freshSignIn ? null : EMAIL_CHANGE_MESSAGES.needFreshSignIn,
            pendingEmail: joinCollege.pending?.email ?? null,
          }
        : null,
    // The sentences, not the set-up's message table: the dashboard's bundle stays as it was.
    setup:
      setup && setup.left > 0
        ? {
            title: SETUP_MESSAGES.setupCardTitle,
            text: SETUP_MESSAGES.setupCard(setup.left, setup.total),
            link: SETUP_MESSAGES.setupCardLink,
          }
        : null,
    firstName: user?.name.split(/\s+/)[0] ?? null,
    // "Welcome back" from the day after the account was made: on its first day it is new here.
    returning: user !== null && indiaDate(user.joinedAt) !== indiaDate(now),
    verify: mustVerify ? { email: user.email } : null,
    verifiedAs: justVerified ? verifiedBadge(user.campusShortName) : null,
    // A claimed account's name is the earlier holder's until the student confirms it (decision 0095).
    confirmName: user?.confirmName ? user.name : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  // Today's one-tap attendance: the same use-case as /timetable and PUT /api/attendance/:date/:periodId.
  if (intent.startsWith(`${MARK_INTENTS.mark}:`))
    return markAction(envOf(context), await requireUser(context), intent, form);
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

/** The mode an answer carries (the mode form's), if it is one. */
const modeOf = (answer: unknown): Mode | null =>
  answer && typeof answer === "object" && "mode" in answer ? parseMode(String(answer.mode)) : null;

const MODES: { value: Mode; label: string; icon: IconComponent }[] = [
  { value: "day-scholar", label: "Day-Scholar", icon: SunIcon },
  { value: "hosteller", label: "Hosteller", icon: BedIcon },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  // Optimistic: show the chosen mode while the preference is being saved.
  const mode =
    parseMode(fetcher.formData?.get("mode")) ?? modeOf(fetcher.data) ?? modeOf(actionData) ?? loaderData.mode;
  // The answer of Today's attendance buttons (a page post: they work without JavaScript).
  const marked = actionData && !("mode" in actionData) ? (actionData as ActionResult) : null;
  const tip = tips[mode];
  // The join-your-college card posts to /account (which then asks for the code): its button says so meanwhile.
  const navigation = useNavigation();
  const joining =
    navigation.state === "submitting" && navigation.formAction === "/account"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;

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
      {loaderData.setup && (
        <section
          aria-labelledby="setup-heading"
          className="rounded-2xl border border-indigo-300 bg-indigo-50 p-4 text-indigo-950 sm:p-5 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-100"
        >
          <h2 id="setup-heading" className="font-semibold">
            {loaderData.setup.title}
          </h2>
          <p className="mt-1 text-sm">{loaderData.setup.text}</p>
          <Link to="/admin/setup" className="btn-primary mt-3">
            {loaderData.setup.link}
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

      {loaderData.joinCollege && <JoinCollege {...loaderData.joinCollege} busy={joining === "email-change"} />}

      {loaderData.today && <Today today={loaderData.today} mode={mode} result={marked} />}

      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="sr-only">
          {mode === "hosteller" ? "Hosteller services" : "Day-Scholar services"}
        </h2>
        <TileGrid tiles={tiles[mode]} />
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
