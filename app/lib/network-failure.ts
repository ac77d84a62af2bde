/**
 * A form post that never reached Campus (offline, campus Wi-Fi dropped): the browser's fetch fails
 * with a TypeError. Without a client action React Router would show the route's error page and the
 * student would lose the screen; with this, the screen shows its own failure text ("Purchase
 * failed: Please try again later.", "Upload failed: ...") and keeps what was typed. Anything else
 * (a redirect, a thrown response) goes on as before.
 */
export const NETWORK_FAILURE_MESSAGE = "Please try again later.";

export async function answerNetworkFailure<T>(intent: string, serverAction: () => Promise<T>): Promise<T | { ok: false; intent: string; message: string; status: 0 }> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) {
      console.warn("Could not reach Campus:", error.message);
      return { ok: false, intent, message: NETWORK_FAILURE_MESSAGE, status: 0 };
    }
    throw error;
  }
}
