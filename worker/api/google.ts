import { Hono } from "hono";
import type { AppEnv } from "./context";

const google = new Hono<AppEnv>();

// Google sign-in arrives with the Classroom issue. Until a client is configured, starting the flow
// returns to the sign-in screen with a message it shows as given.
google.get("/auth", (c) => {
  const source = c.req.query("source") === "classroom" ? "/googleclassroom" : "/auth";
  if (!c.env.GOOGLE_CLIENT_ID || !c.env.GOOGLE_CLIENT_SECRET) {
    const error = "Google sign-in is not configured on this server yet. Please sign in with your e-mail and password.";
    return c.redirect(`${source}?error=${encodeURIComponent(error)}`, 302);
  }
  const error = "Google sign-in is not available yet. Please sign in with your e-mail and password.";
  return c.redirect(`${source}?error=${encodeURIComponent(error)}`, 302);
});

export default google;
