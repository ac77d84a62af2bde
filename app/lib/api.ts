// The one way screens talk to /api: same origin, cookies included, JSON, a 10 s timeout, and the
// 401 rule (the session is dropped, `authChange` fires, and the browser goes to /auth).

export const API_TIMEOUT_MS = 10_000;
export const AUTH_CHANGE_EVENT = "authChange";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

interface ApiOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

const AUTH_SCREENS = new Set(["/auth", "/login", "/register"]);

function messageOf(data: unknown): string | null {
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    if (typeof record.message === "string" && record.message) return record.message;
    if (typeof record.msg === "string" && record.msg) return record.msg;
  }
  return null;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: options.method ?? "GET", headers, body, credentials: "include", signal });
  } catch (error) {
    // Network failures are logged, and the screen shows its own message.
    console.warn("API request failed", path, error);
    const timedOut = timeout.aborted;
    throw new ApiRequestError(
      timedOut ? "The server took too long to answer. Please try again." : "Could not reach Campus. Check your connection and try again.",
      0,
      null,
    );
  }

  const data: unknown = (response.headers.get("Content-Type") ?? "").includes("application/json")
    ? await response.json().catch(() => null)
    : null;

  if (response.status === 401) {
    window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    if (!AUTH_SCREENS.has(window.location.pathname.toLowerCase())) window.location.assign("/auth");
  }
  if (!response.ok) {
    throw new ApiRequestError(messageOf(data) ?? `Request failed (${response.status}).`, response.status, data);
  }
  return data as T;
}
