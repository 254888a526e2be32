// The site's own address: PUBLIC_URL, the one setting every absolute URL, auth origin check and
// cookie flag follows. Nothing here is ever taken from a request's headers (Host,
// X-Forwarded-Host, X-Forwarded-Proto): a client or a shared cache in front could choose them.
// Pure apart from reading the environment object it is given.

export interface Site {
  /** Origin of every absolute URL the app writes (social previews, auth), e.g. "https://exams.example.com". */
  origin: string;
  /**
   * Origins a browser may send requests from (sign-in, sign-up, server actions): the public
   * origin, and the loopback addresses on the server's own port, so that a local run works at
   * http://localhost:PORT, http://127.0.0.1:PORT and http://[::1]:PORT alike.
   */
  trustedOrigins: string[];
  /** Cookies get the Secure flag only when the public origin is https (a browser drops them over http otherwise). */
  secureCookies: boolean;
}

function loopbackOrigins(port: string): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/** The origin of PUBLIC_URL; throws a message naming the variable when it is not a plain http(s) origin. */
export function parsePublicUrl(raw: string): string {
  const problem = (why: string) =>
    new Error(
      `PUBLIC_URL must be the address people open the app at, like https://exams.example.com (${why}; it is ${JSON.stringify(raw)})`,
    );
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw problem("not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw problem("use http:// or https://");
  if (url.username || url.password) throw problem("no user name or password");
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
    throw problem("the app is served at the root: no path, query or fragment");
  return url.origin;
}

export function readSite(env: Record<string, string | undefined> = process.env): Site {
  // AUTH_URL was read once, undocumented, for the auth library alone; PUBLIC_URL replaced it.
  // Refused rather than ignored, so a server set up with it does not quietly start refusing sign-ins.
  if (env.AUTH_URL)
    throw new Error(
      `AUTH_URL is no longer read: PUBLIC_URL replaces it (set PUBLIC_URL=${env.AUTH_URL} and remove AUTH_URL)`,
    );
  const port = env.PORT || "3000";
  if (!/^\d{1,5}$/.test(port)) throw new Error(`PORT must be a port number (it is ${JSON.stringify(port)})`);
  const origin = env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : `http://localhost:${port}`;
  return {
    origin,
    trustedOrigins: [...new Set([origin, ...loopbackOrigins(port)])],
    secureCookies: origin.startsWith("https:"),
  };
}

/** An absolute URL on the public origin for a path of the app ("/e/12"); anything else throws. */
export function absoluteUrl(site: Site, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\"))
    throw new Error(`absoluteUrl: ${JSON.stringify(path)} is not a path of this site`);
  return new URL(path, `${site.origin}/`).toString();
}
