import { GuardedLink } from "#app/components/studyswap/parts.tsx";
import { CapIcon } from "#app/components/icons/cap.tsx";
import { ChartIcon } from "#app/components/icons/chart.tsx";
import { MailIcon } from "#app/components/icons/mail.tsx";
import { PaperIcon } from "#app/components/icons/paper.tsx";
import { PenIcon } from "#app/components/icons/pen.tsx";
import { PhoneIcon } from "#app/components/icons/phone.tsx";
import type { IconComponent } from "#app/components/icons/stroke.tsx";
import { formatRupees } from "#common/format.ts";
import { contactHref, type Writer } from "#common/studyswap.ts";
import { envOf, getUser, logLoaderFailure } from "#app/lib/session.server.ts";
import { listWriters } from "#server/services/studyswap/writers.ts";
import type { Route } from "./+types/studyswap";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context);
  // The landing page still works when the writer list cannot be read: it is an extra, not the page.
  // That read is the health check too: when D1 cannot answer it, the page says it is in demo mode.
  let demoMode = false;
  // A signed-in student sees their own campus's writers, with contacts once verified; a visitor every
  // college's, without contacts (docs/decisions/0076-campus-market.md).
  const writers = await listWriters(envOf(context), user).catch((error: unknown) => {
    logLoaderFailure(context, request, "writer list failed", error);
    demoMode = true;
    return [] as Writer[];
  });
  return { signedIn: user !== null, writers, demoMode };
}

const SERVICES: { title: string; text: string; icon: IconComponent; tone: string }[] = [
  {
    title: "Research Papers",
    text: "Help with finding sources, structuring arguments and citing them properly.",
    icon: PaperIcon,
    tone: "bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300",
  },
  {
    title: "Essay Writing",
    text: "Guidance from outline to final draft, in the style your course expects.",
    icon: PenIcon,
    tone: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
  },
  {
    title: "Technical Reports",
    text: "Lab reports, project write-ups and documentation with clear figures.",
    icon: ChartIcon,
    tone: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  },
  {
    title: "Thesis Support",
    text: "Planning, literature reviews and feedback on long-form work.",
    icon: CapIcon,
    tone: "bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300",
  },
];

export default function StudySwap({ loaderData }: Route.ComponentProps) {
  const { signedIn, writers, demoMode } = loaderData;

  return (
    <div className="space-y-10 py-4">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-5 py-10 text-white shadow-sm sm:px-10 sm:py-14 dark:from-indigo-900 dark:to-violet-950">
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-100">Study Swap</p>
        <h1 className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
          Academic Excellence Made Accessible
        </h1>
        <p className="mt-3 max-w-2xl text-indigo-50">
          Post an assignment request and get contacted by student writers, or browse requests and help others with
          subjects you know well.
        </p>
        <div className="mt-6 flex flex-col gap-3 min-[420px]:flex-row">
          <GuardedLink
            to="/become-writer"
            signedIn={signedIn}
            className="btn bg-white text-indigo-700 hover:bg-indigo-50 dark:bg-slate-100 dark:text-indigo-900"
          >
            Become a Writer
          </GuardedLink>
          <GuardedLink
            to="/find-writer"
            signedIn={signedIn}
            className="btn border border-white/70 text-white hover:bg-white/10"
          >
            Find a Writer
          </GuardedLink>
        </div>
        {!signedIn && <p className="mt-3 text-sm text-indigo-100">You will be asked to sign in first.</p>}
      </section>

      {demoMode && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          Note: Demo mode active. Backend API not connected.
        </p>
      )}

      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="text-xl font-semibold">
          What students ask for
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => (
            <li key={service.title} className="card p-5">
              <span className={`inline-flex h-11 w-11 items-center justify-center rounded-xl ${service.tone}`}>
                <service.icon />
              </span>
              <h3 className="mt-3 font-semibold">{service.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {writers.length > 0 && (
        <section aria-labelledby="writers-heading">
          <h2 id="writers-heading" className="text-xl font-semibold">
            Writers on Campus
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Students offering help. Agree on the work and the price directly with them.
          </p>
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {writers.map((writer) => (
              <li key={writer._id} className="card flex flex-col gap-2 p-5">
                <h3 className="break-words font-semibold">{writer.name}</h3>
                <p className="break-words text-sm text-slate-700 dark:text-slate-300">{writer.expertise}</p>
                {writer.rate !== null && (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    From {formatRupees(Math.round(writer.rate * 100))} per page
                  </p>
                )}
                <div className="mt-auto pt-2">
                  {writer.contact ? (
                    <a
                      href={contactHref(writer.contact)}
                      className="inline-flex min-h-11 items-center gap-2 break-all text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {writer.contact.includes("@") ? (
                        <MailIcon className="h-5 w-5 shrink-0" />
                      ) : (
                        <PhoneIcon className="h-5 w-5 shrink-0" />
                      )}
                      {writer.contact}
                    </a>
                  ) : signedIn ? (
                    <p className="inline-flex min-h-11 items-center text-sm text-slate-600 dark:text-slate-400">
                      Verify your college e-mail to see contact details
                    </p>
                  ) : (
                    <GuardedLink
                      to="/studyswap"
                      signedIn={false}
                      className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      Sign in to see contact details
                    </GuardedLink>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Study Swap · Academic Excellence Made Accessible · Campus" },
  { name: "description", content: "Post an assignment request or help other students as a writer." },
];
