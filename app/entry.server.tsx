import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { logError } from "#server/lib/log.ts";
import css from "./app.css?inline";
import { cloudflareContext } from "#server/lib/router-context.ts";
import { InlineCssContext, InlineScriptContext } from "#app/lib/inline-css.tsx";
import { SERVICE_WORKER_LOADER } from "#app/lib/service-worker-loader.server.ts";
import { NonceContext } from "#app/lib/nonce.tsx";

export const streamTimeout = 5_000;

function requestState(loadContext: RouterContextProvider) {
  try {
    return loadContext.get(cloudflareContext).state;
  } catch {
    // Prerendering at build time runs without the Worker's context.
    return null;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const state = requestState(loadContext);
  const nonce = state?.nonce || undefined;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const app = (
    <InlineCssContext value={css}>
      <InlineScriptContext value={SERVICE_WORKER_LOADER}>
        <NonceContext value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext>
      </InlineScriptContext>
    </InlineCssContext>
  );
  const body = await renderToReadableStream(app, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) logError(state?.reqId ?? "prerender", error);
    },
  });
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Pages show who is signed in, so no shared cache may keep them.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  // A body over its limit is answered with a 413 by the Worker entry: not an error of ours.
  if (request.signal.aborted || requestState(context)?.bodyTooLarge) return;
  logError(requestState(context)?.reqId ?? "unknown", error, { path: new URL(request.url).pathname });
}
