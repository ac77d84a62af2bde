import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { TopBar } from "#app/components/TopBar.tsx";
import { TabBar } from "#app/components/TabBar.tsx";
import { readMode } from "#common/dashboard-mode.ts";
import { SuspendedBanner } from "#app/components/SuspendedBanner.tsx";
import { isSuspended, mayAct, suspendedBanner, suspendedMessage, verifyFirst } from "#common/membership.ts";
import { REPORT_WHAT } from "#common/moderation.ts";
import { InlineScript, InlineStyles } from "#app/lib/inline-css.tsx";
import { useNonce } from "#app/lib/nonce.tsx";
import { getUser, sessionMiddleware } from "#app/lib/session.server.ts";

// Who is signed in is looked up once per request, by the first loader or action that asks
// (app/lib/session.server.ts).
export const middleware = [sessionMiddleware];

// The first page inlined only the styles its own markup uses (decision 0140): a screen rendered in
// the browser waits for the whole stylesheet (at once when it is there, as it is after the first
// moments; a navigation never waits on it for more than a few seconds).
// Its loader is a file of its own, as only a first visit's first moments need it.
const fullStylesheet = () => import("#app/lib/full-stylesheet.ts").then((module) => module.fullStylesheet());
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [(_args, next) => fullStylesheet().then(next)];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context);
  const suspended = user && isSuspended(user) ? { until: user.suspendedUntil!, reason: user.suspensionReason } : null;
  // Gated controls on cards (Report) say why instead of offering a form the server refuses: the
  // server's own sentence, made here so the cards carry no date formatting of their own.
  const refusal = suspended
    ? { message: suspendedMessage(suspended.until, suspended.reason), verify: false }
    : user && !mayAct(user)
      ? { message: verifyFirst(REPORT_WHAT), verify: true }
      : null;
  return {
    user: user
      ? {
          name: user.name,
          email: user.email,
          unread: user.unreadNotices,
          messages: user.unreadConversations,
          staff: user.staff,
          refusal,
        }
      : null,
    grievance: user && !user.openCommunity ? grievanceOf(user) : null,
    suspended: suspended ? suspendedBanner(suspended.until, suspended.reason) : null,
    // The phone's tab bar shows Hostel or Study Swap by the dashboard's mode (a cookie: no query).
    mode: readMode(request.headers.get("Cookie")),
  };
}

// Who is signed in changes only on the sign-in screen, on logout and when the API answers 401;
// those paths revalidate, every other navigation reuses the root data.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const authPaths = /^\/(auth|login|register|logout)$/i;
  if (authPaths.test(currentUrl.pathname) || authPaths.test(nextUrl.pathname)) return true;
  if (formAction && authPaths.test(formAction)) return true;
  // The unread count in the top bar is fresh on the inbox itself.
  if (/^\/(notifications|messages(\/.*)?)$/i.test(nextUrl.pathname)) return true;
  // Leaving a conversation: what was read there leaves the counts.
  if (/^\/messages\//i.test(currentUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable: public/manifest.webmanifest is named once the page has loaded (SERVICE_WORKER_LOADER).
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The same nonce on the server and in the browser, or React reports every <link> as a mismatch.
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />
        <Meta />
        <InlineStyles />
        <Links nonce={nonce} />
        {/* Built by `npm run build` only: the dev server (hot reload) runs without a service worker. */}
        {import.meta.env.PROD && <InlineScript nonce={nonce} />}
      </head>
      <body className="min-h-dvh font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-indigo-700"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The college's grievance officer, for its signed-in members: named with an address when the campus
 * admin set one, and said plainly when not (a footer that promised an officer it cannot name would
 * mislead). Visitors and the Open community have no college to name one.
 */
function grievanceOf(user: { campusName: string; grievanceName?: string | null; grievanceEmail?: string | null }) {
  return {
    college: user.campusName,
    name: user.grievanceName ?? null,
    email: user.grievanceEmail ?? null,
  };
}

function GrievanceFooter({ college, name, email }: { college: string; name: string | null; email: string | null }) {
  return (
    <footer className="mx-auto w-full max-w-6xl border-t border-slate-200 px-4 py-6 text-sm text-slate-600 sm:px-6 dark:border-slate-800 dark:text-slate-400">
      {name && email ? (
        <p>
          Grievance officer for {college}: {name},{" "}
          <a href={`mailto:${email}`} className="text-indigo-700 underline dark:text-indigo-300">
            {email}
          </a>
        </p>
      ) : (
        <p>{college} has not named a grievance officer on Campus yet; ask your campus admin.</p>
      )}
    </footer>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // React is now interactive: a marker for browser tests, and what useHydrated reads to draw a part
  // that comes later as the browser's at once (app/lib/use-hydrated.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // The page's loader script asks for the whole stylesheet once the page has loaded; the dev
    // server renders no such script (decision 0140).
    if (import.meta.env.DEV) void fullStylesheet();
  }, []);
  // Tells the service worker's page script (app/sw/client.ts) that another page is on screen.
  const location = useLocation();
  useEffect(() => {
    document.dispatchEvent(new Event("campus:navigated"));
  }, [location.key]);
  return (
    <>
      <TopBar user={loaderData.user} />
      {loaderData.suspended && <SuspendedBanner {...loaderData.suspended} />}
      <main id="main" className="mx-auto w-full max-w-6xl px-4 pb-16 pt-4 sm:px-6">
        <Outlet />
      </main>
      {loaderData.grievance && <GrievanceFooter {...loaderData.grievance} />}
      {/* Room under the page for the phone's tab bar, so it never covers the last line. */}
      <div aria-hidden="true" className="h-[calc(3.5rem+env(safe-area-inset-bottom))] sm:hidden" />
      <TabBar mode={loaderData.mode} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Page not found";
      detail = "We couldn't find that page. It may have moved, or the link may be mistyped.";
    } else {
      title = `${error.status} ${error.statusText || "Error"}`;
      detail = typeof error.data === "string" && error.data ? error.data : detail;
    }
  }
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <title>{`${title} · Campus`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{detail}</p>
      <a className="btn-primary" href="/dashboard">
        Go to the dashboard
      </a>
    </main>
  );
}
