import { Link } from "react-router";
import { BellIcon } from "#app/components/icons/bell.tsx";
import { BookIcon } from "#app/components/icons/book.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { GridIcon } from "#app/components/icons/grid.tsx";
import { RupeeIcon } from "#app/components/icons/rupee.tsx";
import { ShieldIcon } from "#app/components/icons/shield.tsx";
import { TagIcon } from "#app/components/icons/tag.tsx";
import { UploadIcon } from "#app/components/icons/upload.tsx";
import { FeatureGrid, StepList, type Feature, type Step } from "#app/components/market/Landing.tsx";
import type { Route } from "./+types/marketplace";

const FEATURES: Feature[] = [
  {
    title: "Sell in minutes",
    text: "Add photos and a price in rupees. Your product is live straight away.",
    icon: <UploadIcon />,
  },
  {
    title: "Notes, projects and gear",
    text: "Lab manuals, drafters, calculators, hand-written notes and finished projects from seniors.",
    icon: <BookIcon />,
  },
  {
    title: "Ask before you buy",
    text: "Message the seller on Campus: ask, make an offer and agree where to meet. Your number stays private.",
    icon: <ChatIcon />,
  },
  {
    title: "Sellers are told at once",
    text: "Every sale shows up in the seller's My Sells, with who bought and when.",
    icon: <BellIcon />,
  },
  {
    title: "Students only",
    text: "Everyone who buys or sells has a Campus account, and a product can be sold only once.",
    icon: <ShieldIcon />,
  },
  { title: "Fair prices", text: "Search and sort by price to find the best deal before you buy.", icon: <RupeeIcon /> },
];

const STEPS: Step[] = [
  { title: "List your product", text: "Upload a photo, describe it and set your price." },
  {
    title: "A student buys it",
    text: "They find it under Browse Products and buy it; you get a notification at once.",
  },
  { title: "Meet and exchange", text: "Agree a place in your messages, meet on campus and hand it over." },
];

export default function Marketplace() {
  return (
    <div className="space-y-12 py-4">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-sky-500 px-6 py-10 text-white sm:px-10 sm:py-14 dark:from-indigo-950 dark:via-indigo-900 dark:to-sky-900">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-100">Student Marketplace</p>
        <h1 className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
          Buy and sell with students on your campus
        </h1>
        <p className="mt-3 max-w-xl text-indigo-50">
          Notes, projects, books and gear, from people in your own classes. Sell what you no longer need; find what you
          do.
        </p>
        <div className="mt-6 flex flex-col gap-3 min-[420px]:flex-row">
          <Link
            to="/seller-dashboard"
            className="btn bg-white text-indigo-700 hover:bg-indigo-50 dark:bg-white dark:text-indigo-800"
          >
            <TagIcon className="h-5 w-5" />
            Start Selling
          </Link>
          <Link
            to="/all-products"
            prefetch="intent"
            className="btn border border-white/60 text-white hover:bg-white/10"
          >
            <GridIcon className="h-5 w-5" />
            Browse Products
          </Link>
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          Why students use it
        </h2>
        <div className="mt-4">
          <FeatureGrid features={FEATURES} />
        </div>
      </section>

      <section aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          How it works
        </h2>
        <div className="mt-4">
          <StepList steps={STEPS} />
        </div>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Marketplace · Campus" },
  { name: "description", content: "Buy and sell notes, projects, books and gear with students on your campus." },
];
