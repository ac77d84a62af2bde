import { Link, redirect } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { getUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/account-deleted";

// Where "Delete my account" lands: the account is gone and this browser is signed out.

// Someone signed in has an account: the page would tell them something untrue.
export async function loader({ context }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect("/account");
  return null;
}

export default function AccountDeleted() {
  return (
    <>
      <PageIntro title="Your account has been deleted" />
      <div className="card max-w-2xl p-5">
        <p>
          Your profile, listings, requests, bookings and Classroom connection have been removed from Campus, and every
          device has been signed out. Purchases, sales and complaints that other students hold stay, signed “Deleted
          student”.
        </p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          You can register again with the same e-mail address whenever you like.
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link to="/dashboard" className="btn-primary">
            Go to the home page
          </Link>
          <Link to="/register" className="btn-secondary">
            Register again
          </Link>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Account deleted · Campus" },
  { name: "robots", content: "noindex" },
];
