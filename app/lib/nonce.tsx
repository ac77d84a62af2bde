import { createContext, useContext } from "react";

// The per-request CSP nonce. React Router puts it on what <Links> and <Scripts> render on the server,
// but the browser's router never learns it, so every <link> would hydrate with a nonce on one side
// and none on the other: React reports that as a hydration mismatch (in development, where <Links>
// also renders the critical-CSS <link>, on every page). The server entry provides the nonce; in the
// browser it is read back from the page's own scripts (the attribute is hidden, the property is not).
export const NonceContext = createContext<string | undefined>(undefined);

let browserNonce: string | undefined | null = null;

function nonceInPage(): string | undefined {
  if (browserNonce === null) browserNonce = document.querySelector<HTMLElement>("script[nonce]")?.nonce || undefined;
  return browserNonce;
}

export function useNonce(): string | undefined {
  const fromServer = useContext(NonceContext);
  if (typeof document === "undefined") return fromServer;
  return fromServer ?? nonceInPage();
}
