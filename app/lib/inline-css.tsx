import { createContext, useContext } from "react";

// A page's stylesheet is inlined into its HTML instead of linked: on a slow phone connection a
// render-blocking CSS request costs a full round trip before the first paint. Only the rules its
// markup uses (4-5 KB gzip of the whole 10 KB: app/lib/critical-css.server.ts, decision 0140), so
// that most pages fit the first round trip of a new connection; the whole stylesheet follows as a
// file once the page runs (app/lib/full-stylesheet.ts). The server entry provides the CSS text; in
// the browser the context is empty and React keeps the server's <style> as it is (the props are
// never compared again after hydration).
export const InlineCssContext = createContext<string | undefined>(undefined);

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  return <style id="campus-css" dangerouslySetInnerHTML={{ __html: css ?? "" }} suppressHydrationWarning />;
}

// The service worker's page loader (app/lib/service-worker-loader.server.ts), inline in <head>, is kept
// out of the browser's bundle the same way: every page's script would carry its text for nothing.
export const InlineScriptContext = createContext<string | undefined>(undefined);

export function InlineScript({ nonce }: { nonce: string | undefined }) {
  const script = useContext(InlineScriptContext);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script ?? "" }} suppressHydrationWarning />;
}
