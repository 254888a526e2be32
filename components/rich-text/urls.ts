// The URLs the editor accepts, read the way the HTML policy reads them (server/html/urls.ts), so
// the editor never holds a link or an embed that saving would refuse.
import { LINK_SCHEMES } from "@/server/html/allowlist";
import { classifyUrl, isYoutubeEmbed, trimUrl } from "@/server/html/urls";

/** http, https, mailto or a relative URL (contract 9.3); `//host` and other schemes are refused. */
export function isLinkHref(href: string): boolean {
  const value = trimUrl(href);
  if (value === "") return false;
  const found = classifyUrl(value);
  return found.kind === "relative" || (found.kind === "absolute" && LINK_SCHEMES.includes(found.scheme));
}

/**
 * A media source the editor may hold: a stored file (`/media/…`) or a blob: URL of a file inserted
 * in this session (swapped for its resource name on save). Anything else (a pasted `https://…`
 * image, a data: URL, a relative path to a file that was never uploaded) would be refused when
 * saving, so it is not taken in.
 */
export function isEditorMediaSrc(src: string | null | undefined): src is string {
  if (!src) return false;
  if (src.startsWith("blob:")) return true;
  return src.startsWith("/media/") && !src.startsWith("/media//") && classifyUrl(src).kind === "relative";
}

export { isYoutubeEmbed };

const VIDEO_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/**
 * The privacy-enhanced embed address (`https://www.youtube-nocookie.com/embed/<id>`) of a YouTube
 * video address as people copy it (watch?v=, youtu.be/, /embed/, /shorts/, /live/), keeping a
 * start time (`t=90`, `t=1m30s`, `start=90`). Null when it is not a YouTube video address.
 */
export function youtubeEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    const text = input.trim();
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    id = url.pathname.split("/")[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = url.pathname.split("/").slice(1);
    if (first === "watch") id = url.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live" || first === "v") id = second ?? null;
  }
  if (!id || !VIDEO_ID.test(id)) return null;
  const start = startSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ""}`;
}

/** `90`, `90s`, `1m30s`, `1h2m3s` → seconds; anything else → 0. */
function startSeconds(value: string | null): number {
  if (!value) return 0;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match) return 0;
  const [, h = "0", m = "0", s = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** Endings that make `page.html` a file next to this page rather than a host name. */
const FILE_EXTENSIONS = new Set([
  "html",
  "htm",
  "php",
  "asp",
  "aspx",
  "jsp",
  "pdf",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "svg",
  "txt",
]);

/**
 * What the author typed into the link dialog, completed the way they meant it: `example.com/x`
 * → `https://example.com/x`, `someone@example.com` → `mailto:someone@example.com`. Anything else
 * is returned trimmed, to be checked by isLinkHref.
 */
export function completeHref(input: string): string {
  const value = input.trim();
  if (/^[^\s/@:?#]+@[^\s/@:?#]+\.[^\s/@:?#]+$/.test(value)) return `mailto:${value}`;
  const host = /^(?:[a-z0-9-]+\.)+([a-z]{2,})(?::\d+)?(?:[/?#]|$)/i.exec(value);
  if (host && !FILE_EXTENSIONS.has(host[1]!.toLowerCase())) return `https://${value}`;
  return value;
}
