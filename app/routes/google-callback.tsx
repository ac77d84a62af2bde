import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "../components/Alert";
import type { Route } from "./+types/google-callback";

// The Classroom issue completes this flow; until then the page returns to /googleclassroom.
export default function GoogleCallback() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/googleclassroom", { replace: true }), 1500);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <Spinner label="Connecting" />
      <h1 className="text-xl font-semibold">Authentication Successful!</h1>
      <p className="text-slate-600 dark:text-slate-400">Connecting to Google Classroom...</p>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Connecting to Google Classroom · Campus" }, { name: "description", content: "Finishing Google sign-in." }];
