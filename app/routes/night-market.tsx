import { Link } from "react-router";
import { BookIcon } from "#app/components/icons/book.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { GridIcon } from "#app/components/icons/grid.tsx";
import { MoonIcon } from "#app/components/icons/moon.tsx";
import { SparklesIcon } from "#app/components/icons/sparkles.tsx";
import { StarIcon } from "#app/components/icons/star.tsx";
import { TagIcon } from "#app/components/icons/tag.tsx";
import { FeatureGrid, StepList, type Feature, type Step } from "#app/components/market/Landing.tsx";
import { rememberRedirect } from "#app/lib/redirect.ts";
import { getUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/night-market";

export async function loader({ context }: Route.LoaderArgs) {
  return { signedIn: (await getUser(context)) !== null };
}

// The specification's four titles; each card's text says only what Campus does: the library and the
// marketplace, Campus's own messages (decision 0113), saving library items for offline reading.
const ADVANTAGES: Feature[] = [
  {
    title: "Night Owl Study Materials",
    text: "Lecture notes, important questions and past papers in your college's library, open at any hour, and notes seniors sell on the marketplace.",
    icon: <BookIcon />,
  },
  {
    title: "Midnight Market Deals",
    text: "Hostellers clearing out their rooms: books, lamps, kettles and gear at student prices.",
    icon: <StarIcon />,
  },
  {
    title: "Connect After Hours",
    text: "Message sellers on Campus at any hour: ask, make an offer and agree where to meet. Your number stays private.",
    icon: <ChatIcon />,
  },
  {
    title: "Exclusive After-Dark Content",
    text: "Save library notes and papers on your phone and read them after lights-out, even when the hostel Wi-Fi is down.",
    icon: <SparklesIcon />,
  },
];

const STEPS: Step[] = [
  { title: "Join After Hours", text: "Sign in with your Campus account." },
  { title: "Explore Deals", text: "Browse what others are selling, or list something of your own." },
  {
    title: "Complete Exchange",
    text: "Message the seller, agree where to meet on campus, and pay them when you get the item.",
  },
];

export default function NightMarket({ loaderData }: Route.ComponentProps) {
  return (
    // The Night Market looks after-dark whatever the system theme.
    <div className="relative -mx-4 space-y-12 overflow-hidden bg-slate-950 bg-[radial-gradient(ellipse_at_top,_rgba(124,58,237,0.35),_transparent_60%),radial-gradient(circle_at_80%_20%,_rgba(251,191,36,0.12),_transparent_30%)] px-4 py-10 text-slate-100 sm:mx-0 sm:rounded-3xl sm:px-10 sm:py-14">
      <section className="text-center">
        <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-300/15 text-amber-200">
          <MoonIcon className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-5xl">Night Market</h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">
          The after-hours marketplace for night-owl students: buy and sell when the campus is asleep and the hostel is
          not.
        </p>
        <div className="mt-7 flex flex-col justify-center gap-3 min-[420px]:flex-row">
          {loaderData.signedIn ? (
            <Link to="/seller-dashboard" className="btn bg-amber-300 text-slate-950 hover:bg-amber-200">
              <TagIcon className="h-5 w-5" />
              Start Selling
            </Link>
          ) : (
            <Link
              to="/login"
              onClick={() => rememberRedirect("/seller-dashboard")}
              className="btn bg-amber-300 text-slate-950 hover:bg-amber-200"
            >
              <TagIcon className="h-5 w-5" />
              Start Selling
            </Link>
          )}
          <Link
            to="/all-products"
            prefetch="intent"
            className="btn border border-violet-300/50 text-violet-100 hover:bg-violet-400/10"
          >
            <GridIcon className="h-5 w-5" />
            Browse Products
          </Link>
        </div>
      </section>

      <section aria-labelledby="advantages-heading">
        <h2 id="advantages-heading" className="text-center text-2xl font-bold tracking-tight text-white">
          Night Owl Advantages
        </h2>
        <div className="mt-6">
          <FeatureGrid features={ADVANTAGES} night />
        </div>
      </section>

      <section aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-2xl font-bold tracking-tight text-white">
          How The Night Market Works
        </h2>
        <div className="mt-6">
          <StepList steps={STEPS} night />
        </div>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Night Market · Campus" },
  { name: "description", content: "The after-hours marketplace for night-owl students." },
];
