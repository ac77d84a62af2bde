// The Classroom connection: where the Google token lives (localStorage), the popup's report (our own
// origin only), and the one request that verifies the token and reads everything (the route action's
// "overview" intent). States: checking (before the stored token is read) → disconnected → verifying →
// connected; a token that fails verification is removed.
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { sortByDue } from "#common/classroom-due.ts";
import { AUTH_ERROR, AUTH_FAILED, CONNECT_FAILED, FETCH_FAILED } from "#common/google-messages.ts";
import {
  clearGoogleToken,
  GOOGLE_AUTH_ERROR,
  GOOGLE_AUTH_SUCCESS,
  GOOGLE_TOKEN_KEY,
  storeGoogleToken,
} from "#app/lib/google.ts";
import type { Assignment, ClassroomActionData, Course, GoogleUser } from "#app/components/classroom/types.ts";
import { CLASSROOM_INTENTS } from "#app/components/classroom/classroom-intents.ts";

export type Status = "checking" | "disconnected" | "verifying" | "connected";

export interface Problem {
  message: string;
  enableUrl?: string;
}

export interface Message {
  text: string;
  tone: "error" | "success";
}

export interface Overview {
  courses: Course[] | null;
  assignments: Assignment[] | null;
  problem: Problem | null;
  /** When the server read the lists: due wording is relative to it. */
  loadedAt: number;
}

const ENABLE_API_URL = "https://console.cloud.google.com/apis/library/classroom.googleapis.com";
const CONNECT_URL = "/api/google/auth?source=classroom";

function readGoogleToken(): string | null {
  try {
    return window.localStorage.getItem(GOOGLE_TOKEN_KEY);
  } catch {
    return null;
  }
}
// The overview reads and changes nothing: no loader (root's included) is read again after it.
const READ_ONLY = { method: "post", defaultShouldRevalidate: false } as const;
const LOADING: Overview = { courses: null, assignments: null, problem: null, loadedAt: 0 };

export function overviewFormData(token: string): FormData {
  const form = new FormData();
  form.set("intent", CLASSROOM_INTENTS.overview);
  form.set("token", token);
  return form;
}

export function useClassroomConnection(mayBeConnected: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<ClassroomActionData>({ key: "classroom-overview" });
  const [status, setStatus] = useState<Status>(mayBeConnected ? "checking" : "disconnected");
  const [token, setToken] = useState<string | null>(null);
  const [googleUser, setGoogleUser] = useState<GoogleUser | null>(null);
  const [overview, setOverview] = useState<Overview>(LOADING);
  const [message, setMessage] = useState<Message | null>(null);
  const [connecting, setConnecting] = useState(false);

  const disconnect = useCallback((error?: string) => {
    clearGoogleToken();
    setToken(null);
    setGoogleUser(null);
    setOverview(LOADING);
    setStatus("disconnected");
    if (error) setMessage({ text: error, tone: "error" });
  }, []);

  /** A refreshed token that arrives after a disconnect must not bring the connection back. */
  const keepToken = useCallback((next: string | null) => {
    if (!next || readGoogleToken() === null) return;
    storeGoogleToken(next);
    setToken(next);
  }, []);

  const { submit } = fetcher;
  const verify = useCallback(
    (candidate: string) => {
      setStatus("verifying");
      setMessage(null);
      setToken(candidate);
      void submit(overviewFormData(candidate), READ_ONLY);
    },
    [submit],
  );

  /** "Try again": read everything again with the connected token. */
  const reload = useCallback(() => {
    if (!token) return;
    setOverview(LOADING);
    void submit(overviewFormData(token), READ_ONLY);
  }, [submit, token]);

  // The overview's answer is taken once, while rendering (each answer is a new object); what it means
  // for browser storage is done after the render, in the effect below.
  const [answer, setAnswer] = useState(fetcher.data);
  const [storage, setStorage] = useState<{ clear: true } | { keep: string } | null>(null);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== answer) {
    const next = fetcher.data;
    setAnswer(next);
    // (This fetcher only ever carries overview reads.) Disconnected while it was on its way: not wanted.
    if (token !== null) {
      const lost = (error: string) => {
        setStorage({ clear: true });
        setToken(null);
        setGoogleUser(null);
        setOverview(LOADING);
        setStatus("disconnected");
        setMessage({ text: error, tone: "error" });
      };
      if (!next.ok) {
        // Google refused the token (401), or the read failed before anything came back.
        if (next.status === 401 || status !== "connected") lost(AUTH_ERROR);
        else setOverview({ courses: [], assignments: [], problem: { message: FETCH_FAILED }, loadedAt: 0 });
      } else if (next.intent === CLASSROOM_INTENTS.overview && !next.valid) {
        lost(AUTH_FAILED);
      } else if (next.intent === CLASSROOM_INTENTS.overview) {
        if (next.newToken) {
          setStorage({ keep: next.newToken });
          setToken(next.newToken);
        }
        const failed = next.problems[0];
        const problem = failed
          ? failed.error === "API_NOT_ENABLED"
            ? { message: failed.message, enableUrl: failed.enableUrl ?? ENABLE_API_URL }
            : { message: FETCH_FAILED }
          : null;
        setGoogleUser(next.user);
        setOverview({
          courses: next.courses,
          assignments: sortByDue(next.assignments),
          problem,
          loadedAt: next.readAt,
        });
        setStatus("connected");
      }
    }
  }
  useEffect(() => {
    if (storage && "clear" in storage) clearGoogleToken();
    // A refreshed token that arrives after a disconnect must not bring the connection back.
    else if (storage && readGoogleToken() !== null) storeGoogleToken(storage.keep);
  }, [storage]);

  // The watcher: ?error= is taken from the URL, which is then cleaned; the stored token, if any, is
  // verified. A ?token= in the URL is never stored: the loader has already dropped it (a link could
  // otherwise plant someone else's Classroom in this browser); the Google token only arrives by the
  // one-time code exchange on /google/callback.
  const watched = useRef(false);
  useEffect(() => {
    if (watched.current) return;
    watched.current = true;
    const params = new URLSearchParams(location.search);
    const error = params.get("error");
    if (error || params.has("token")) navigate(location.pathname, { replace: true, preventScrollReset: true });
    // Browser storage is only readable after hydration: decide then, outside the render pass.
    queueMicrotask(() => {
      const stored = readGoogleToken();
      if (stored) verify(stored);
      else setStatus("disconnected");
      if (error) setMessage({ text: error, tone: "error" });
    });
  }, [location.pathname, location.search, navigate, verify]);

  // The popup reports back here; only messages from our own origin count.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !event.data || typeof event.data !== "object") return;
      const data = event.data as { type?: unknown; token?: unknown; error?: unknown };
      if (data.type === GOOGLE_AUTH_SUCCESS && typeof data.token === "string") {
        setConnecting(false);
        storeGoogleToken(data.token);
        verify(data.token);
      } else if (data.type === GOOGLE_AUTH_ERROR) {
        setConnecting(false);
        setMessage({ text: typeof data.error === "string" ? data.error : AUTH_FAILED, tone: "error" });
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [verify]);

  const connect = useCallback(() => {
    setMessage(null);
    setConnecting(true);
    try {
      const popup = window.open(CONNECT_URL, "campus-google-classroom", "popup,width=520,height=680");
      if (!popup) {
        // Popups blocked: the same flow as a full redirect, back through /google/callback.
        window.location.assign(CONNECT_URL);
        return;
      }
      const timer = window.setInterval(() => {
        if (popup.closed) {
          window.clearInterval(timer);
          setConnecting(false);
        }
      }, 500);
    } catch {
      setConnecting(false);
      setMessage({ text: CONNECT_FAILED, tone: "error" });
    }
  }, []);

  return {
    status,
    token,
    googleUser,
    overview,
    message,
    setMessage,
    connecting,
    connect,
    disconnect,
    keepToken,
    reload,
  };
}
