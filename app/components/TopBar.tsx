import type { ReactNode } from "react";
import { Form, Link, useLocation, useMatches, useNavigate, useNavigation } from "react-router";
import { clearGoogleToken } from "#app/lib/google.ts";
import { BackIcon } from "#app/components/icons/back.tsx";
import { UserIcon } from "#app/components/icons/user.tsx";
import { BellIcon } from "#app/components/icons/bell.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { ShieldIcon } from "#app/components/icons/shield.tsx";

type TopBarUser = { name: string; email: string; unread?: number; messages?: number; staff?: boolean } | null;

/**
 * The counts came with the session, read before the page's own loader ran; a conversation's page
 * marks itself read and says what it cleared, which is taken off here.
 */
function useCounts(user: TopBarUser): TopBarUser {
  const thread = useMatches().find((match) => match.id === "routes/messages-thread")?.loaderData as
    { thread?: { cleared?: { conversation: boolean; notices: number } } } | undefined;
  const cleared = thread?.thread?.cleared;
  if (!user || !cleared) return user;
  return {
    ...user,
    unread: user.unread === undefined ? undefined : Math.max(0, user.unread - cleared.notices),
    messages: user.messages === undefined ? undefined : Math.max(0, user.messages - (cleared.conversation ? 1 : 0)),
  };
}

/** Who is signed in is known from the page's first byte: every page is rendered by the Worker. */
export function TopBar({ user: loaderUser }: { user: TopBarUser }) {
  const user = useCounts(loaderUser);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isHome = location.pathname === "/" || location.pathname.toLowerCase() === "/dashboard";
  const busy = navigation.state !== "idle";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div
        role="progressbar"
        aria-label="Loading page"
        aria-hidden={!busy}
        className={`h-0.5 origin-left bg-indigo-500 transition-transform duration-500 ${busy ? "scale-x-75" : "scale-x-0"}`}
      />
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        {!isHome && (
          <button
            type="button"
            onClick={() => navigate(-1)}
            className="btn-secondary min-h-10 px-2.5 sm:px-3"
            aria-label="Go back"
          >
            <BackIcon className="h-5 w-5" />
            <span className="hidden sm:inline">Back</span>
          </button>
        )}
        <Link
          to="/dashboard"
          className="flex items-center gap-2 rounded-lg px-1 text-lg font-bold tracking-tight text-indigo-700 dark:text-indigo-300"
        >
          {/* The mark drawn in the page, not fetched: a request of its own would compete with the page's
              first photo and scripts on a slow connection (docs/decisions/0111). */}
          <svg aria-hidden="true" viewBox="0 0 64 64" width={28} height={28} className="h-7 w-7">
            <rect width="64" height="64" rx="14" fill="#4f46e5" />
            <path
              d="M32 14 8 26l24 12 20-10v14h4V26L32 14zm-14 22v8c0 4 7 8 14 8s14-4 14-8v-8l-14 7-14-7z"
              fill="#fff"
            />
          </svg>
          {/* On a phone a signed-in bar holds up to five buttons: the mark alone names the app there. */}
          <span className={user ? "sr-only sm:not-sr-only" : undefined}>Campus</span>
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {user ? (
            <>
              <span
                className="hidden max-w-40 truncate text-sm text-slate-600 sm:inline dark:text-slate-400"
                title={user.email}
              >
                {user.name}
              </span>
              {user.staff && (
                <Link
                  to="/staff"
                  className="btn-secondary min-h-10 px-2.5 sm:px-3"
                  aria-current={location.pathname.toLowerCase() === "/staff" ? "page" : undefined}
                >
                  <ShieldIcon className="h-5 w-5" />
                  <span className="sr-only sm:not-sr-only">Staff</span>
                </Link>
              )}
              {user.messages !== undefined && (
                <CountedLink
                  to="/messages"
                  label="Messages"
                  count={user.messages}
                  current={location.pathname.toLowerCase().startsWith("/messages")}
                  testId="unread-messages"
                >
                  <ChatIcon className="h-5 w-5" />
                </CountedLink>
              )}
              {user.unread !== undefined && (
                <CountedLink
                  to="/notifications"
                  label="Notifications"
                  count={user.unread}
                  current={location.pathname.toLowerCase() === "/notifications"}
                  testId="unread-count"
                >
                  <BellIcon className="h-5 w-5" />
                </CountedLink>
              )}
              {/* On a phone the tab bar's "You" is the account: the bar keeps its room for Messages. */}
              <Link
                to="/account"
                className="btn-secondary hidden min-h-10 px-2.5 sm:inline-flex sm:px-3"
                aria-current={location.pathname.toLowerCase() === "/account" ? "page" : undefined}
              >
                <UserIcon className="h-5 w-5" />
                {/* The name stays "Account" at every width; on a phone only the icon shows. */}
                <span className="sr-only sm:not-sr-only">Account</span>
              </Link>
              {/* Signing out of Campus also forgets this browser's Google Classroom connection. */}
              <Form method="post" action="/logout" onSubmit={clearGoogleToken}>
                <button type="submit" className="btn-secondary min-h-10">
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <Link to="/login" className="btn-primary min-h-10">
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}

/** An icon link with its unread count on a badge ("Messages, 2 unread" to a screen reader). */
function CountedLink({
  to,
  label,
  count,
  current,
  testId,
  children,
}: {
  to: string;
  label: string;
  count: number;
  current: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="btn-secondary relative min-h-10 px-2.5 sm:px-3"
      aria-current={current ? "page" : undefined}
      aria-label={count > 0 ? `${label}, ${count} unread` : label}
    >
      {children}
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid={testId}
          className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
