// Screens reach the server through their routes' loaders and actions (docs/architecture.md); the
// JSON API in worker/api/ is for outside clients. What is left here is the event the top bar listens
// for when a screen signs someone in or out without a navigation.

export const AUTH_CHANGE_EVENT = "authChange";
