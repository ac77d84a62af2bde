import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { logError } from "#server/lib/log.ts";
import * as stylesheet from "./app.css?inline";
import { cloudflareContext } from "#server/lib/router-context.ts";
import { InlineCssContext, InlineScriptContext } from "#app/lib/inline-css.tsx";
import { criticalCss, type CssRules } from "#app/lib/critical-css.server.ts";
import { SERVICE_WORKER_LOADER } from "#app/lib/service-worker-loader.server.ts";
import { NonceContext } from "#app/lib/nonce.tsx";

export const streamTimeout = 5_000;

// The stylesheet cut into rules by the build (vite.config.ts, criticalCssRules): `app.css?inline`
// exports them beside the text.
const cssRules: CssRules = (() => {
  const rules = (stylesheet as unknown as { cssRules?: CssRules }).cssRules;
  if (!rules) throw new Error("app.css?inline has no cssRules: vite.config.ts's criticalCssRules did not run");
  return rules;
})();
/** Where the page's stylesheet goes, replaced once the page is rendered. */
const CSS_PLACEHOLDER = "/*campus:page-css*/";

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
    <InlineCssContext value={CSS_PLACEHOLDER}>
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
  // The page is rendered whole before it is sent: its <head> inlines the rules of the stylesheet
  // that its markup uses (decision 0140), which only the whole markup tells. Loaders have answered
  // before rendering starts, so this waits for rendering alone (a few milliseconds), and a page of
  // 15 KB or less arrives in the first round trip of a new connection either way.
  await body.allReady;
  const rendered = await new Response(body).text();
  const html = rendered.replace(CSS_PLACEHOLDER, () => criticalCss(rendered, cssRules));

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Pages show who is signed in, so no shared cache may keep them.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  // A body over its limit is answered with a 413 by the Worker entry: not an error of ours.
  if (request.signal.aborted || requestState(context)?.bodyTooLarge) return;
  logError(requestState(context)?.reqId ?? "unknown", error, { path: new URL(request.url).pathname });
}
