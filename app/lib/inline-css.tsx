import { createContext, useContext } from "react";

// The whole stylesheet (about 6 KB gzip) is inlined into every HTML response instead of linked:
// on a slow phone connection a render-blocking CSS request costs a full round trip before the first
// paint. The server entry provides the CSS text; in the browser the context is empty and React keeps
// the server's <style> as it is (the props are never compared again after hydration).
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
