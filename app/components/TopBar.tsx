import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Icon } from "./icons";

interface TopBarProps {
  user: { name: string; email: string } | null;
}

export function TopBar({ user }: TopBarProps) {
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
          <button type="button" onClick={() => navigate(-1)} className="btn-secondary min-h-10 px-3" aria-label="Go back">
            <Icon name="back" className="h-5 w-5" />
            <span className="hidden sm:inline">Back</span>
          </button>
        )}
        <Link to="/dashboard" className="flex items-center gap-2 rounded-lg px-1 text-lg font-bold tracking-tight text-indigo-700 dark:text-indigo-300">
          <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          Campus
        </Link>
        <div className="ml-auto flex items-center gap-3">
          {user ? (
            <>
              <span className="hidden max-w-40 truncate text-sm text-slate-600 sm:inline dark:text-slate-400" title={user.email}>
                {user.name}
              </span>
              <Form method="post" action="/logout">
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
