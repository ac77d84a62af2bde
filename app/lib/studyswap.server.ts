// Server-only entry to the Study Swap services for loaders and actions (never bundled for the browser).
export * from "../../worker/services/studyswap";
export { ApiError } from "../../worker/lib/errors";
