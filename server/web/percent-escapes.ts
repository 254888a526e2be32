// A URL path whose percent-escapes do not decode (`%ff`, `%c0%af`, `%e2%82` cut short, a lone
// `%`) makes Next's router fail with a 500 as it matches a dynamic route, before any of our code
// runs (and it still decodes the original path after a rewrite). proxy.ts answers such a path
// with the 404 its route would give. Pure.

/** Whether every percent-escape in the path decodes (as UTF-8), as Next's router needs. */
export function decodablePath(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
