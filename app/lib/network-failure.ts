import { data } from "react-router";

/**
 * A form post that never reached Campus (offline, campus Wi-Fi dropped): the browser's fetch fails
 * with a TypeError. Without a client action React Router would show the route's error page and the
 * student would lose the screen; with this, the screen shows its own failure text ("Purchase
 * failed: Please try again later.", "Upload failed: ...") and keeps what was typed. Anything else
 * (a redirect, a thrown response) goes on as before.
 */
export const NETWORK_FAILURE_MESSAGE = "Please try again later.";
/** The same when the device knows it is offline, with what happens next. */
export const OFFLINE_MESSAGE = `${NETWORK_FAILURE_MESSAGE} You are offline: nothing was sent and what you typed is kept. It will work when you are back online.`;

export async function answerNetworkFailure<T>(intent: string, serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) {
      console.warn("Could not reach Campus:", error.message);
      const message =
        typeof navigator !== "undefined" && navigator.onLine === false ? OFFLINE_MESSAGE : NETWORK_FAILURE_MESSAGE;
      // A 503 answer: React Router then does not reload the page's data (which could not be reached
      // either, and would replace the screen with the error page).
      return data({ ok: false as const, intent, message, status: 0 as const }, { status: 503 });
    }
    throw error;
  }
}

/**
 * A route's clientAction that only does the above, for the form's own intent (every page
 * with a form keeps it when offline instead of showing the error page: decision 0089). `export const clientAction =
 * keepOnNetworkFailure;`
 */
export async function keepOnNetworkFailure<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}) {
  let intent = "";
  try {
    intent = String((await request.clone().formData()).get("intent") ?? "");
  } catch {
    // Not a form (no body): the intent stays empty.
  }
  return answerNetworkFailure(intent, serverAction);
}
