import { Link } from "react-router";
import { TagIcon } from "#app/components/icons/tag.tsx";
import { UploadIcon } from "#app/components/icons/upload.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { mayAct } from "#common/membership.ts";
import { SELL } from "#common/market.ts";
import { requireUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/seller-dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { firstName: user.name.split(/\s+/)[0] ?? user.name, verifyEmail: mayAct(user) ? null : user.email };
}

const CARDS = [
  {
    to: "/upload",
    title: "Upload Product",
    text: "Add photos and a price to list something for sale.",
    icon: UploadIcon,
  },
  {
    to: "/mysells",
    title: "My Products",
    text: "See what you listed, edit or delete unsold products, and check your sales.",
    icon: TagIcon,
  },
];

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <SellerLayout>
      <PageIntro
        title="Seller Dashboard"
        lead={`Hi ${loaderData.firstName}, upload a product or manage the ones you listed.`}
      />
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {CARDS.map((card) => (
          <li key={card.to}>
            {/* An unverified college account: the verify banner instead of Upload Product. */}
            {card.to === "/upload" && loaderData.verifyEmail ? (
              <VerifyBanner what={SELL} email={loaderData.verifyEmail} />
            ) : (
              <Link
                to={card.to}
                prefetch="intent"
                className="card group flex h-full flex-col gap-3 p-6 transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:hover:border-indigo-700"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  <card.icon />
                </span>
                <span className="text-lg font-semibold group-hover:text-indigo-700 dark:group-hover:text-indigo-300">
                  {card.title}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-400">{card.text}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Seller Dashboard · Campus" },
  { name: "description", content: "Upload a product or manage the ones you listed." },
];
