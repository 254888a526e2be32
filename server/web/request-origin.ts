// Cross-site request forgery: a request that may change something (anything but GET, HEAD and
// OPTIONS) to a page of the app is a server action, however it is sent (Next also runs one
// from a plain form post without its Next-Action header), and it must come from one of the
// site's own origins (PUBLIC_URL and the loopback addresses on its port, server/site.ts).
// Browsers send Origin with every such request; one without (or with "null") is refused too.
// /api/* is left to its handlers: /api/json authenticates by token and takes no cookies, and
// the auth routes check the origin themselves. Pure.
import type { Site } from "../site";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface IncomingRequest {
  method: string;
  pathname: string;
  /** The Origin header, null when there is none. */
  origin: string | null;
}

/** The message of the 403 answer when the request comes from another origin, else null. */
export function foreignOriginRefusal(request: IncomingRequest, site: Site): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || request.pathname.startsWith("/api/")) return null;
  if (request.origin !== null && site.trustedOrigins.includes(request.origin)) return null;
  const from =
    request.origin === null
      ? "a page that sent no Origin header"
      : request.origin === "null"
        ? 'a page without an origin ("Origin: null")'
        : JSON.stringify(request.origin);
  return (
    `Refused: this ${request.method.toUpperCase()} to ${request.pathname} came from ${from}, which is not this site's address. ` +
    `It takes forms and actions only from its address, ${site.trustedOrigins.join(", ")}; ` +
    `if people open it at another address, set PUBLIC_URL to that address.`
  );
}
