// GET /media/<file> (contract 8.6): only files the database records, with immutable caching,
// nosniff, and a locked-down CSP for SVG.
import type { AppContext } from "../context";
import { findMediaByHash } from "../data/media";
import { mediaNotFound } from "./not-found";
import { parseMediaPath } from "./paths";

export async function serveMedia(app: AppContext, file: string): Promise<Response> {
  const parsed = parseMediaPath(`/media/${file}`);
  const row = parsed ? await findMediaByHash(app.db, parsed.hash) : null;
  const bytes = row && parsed && row.ext === parsed.ext ? await app.media.get(file) : null;
  if (!row || !bytes) return mediaNotFound();
  const headers: Record<string, string> = {
    "content-type": row.contentType,
    "content-length": String(bytes.byteLength),
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  };
  if (row.ext === "svg") headers["content-security-policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  return new Response(bytes as unknown as BodyInit, { status: 200, headers });
}
