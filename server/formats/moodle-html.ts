// The text fields of Moodle XML as our HTML, and back. Moodle writes a field as
//   <questiontext format="html"><text><![CDATA[<p><img src="@@PLUGINFILE@@/logo.jpg"></p>]]></text>
//     <file name="logo.jpg" path="/" encoding="base64">…</file></questiontext>
// Its files are named in the HTML by `@@PLUGINFILE@@/<path><name>` (URL-encoded); the import
// names each by what follows the prefix (a relative path, the key of the item's `resources`),
// and the export writes our stored media (`/media/<sha256>.<ext>`) as `@@PLUGINFILE@@/<sha256>.<ext>`
// with a `<file>` of its bytes. A link to an audio or video file of the question (Moodle's media
// filter turns it into a player) becomes an <audio> or <video> element. Pure.
import { delimitedTexToMathml, mathmlToDelimitedTex } from "../html/latex";
import { encodeBase64 } from "../media/base64";
import { MEDIA_TYPES } from "../media/detect";
import { escapeHtml, markdownToHtml, moodleToHtml, plainToHtml } from "./text-html";
import { childElement, childElements, textContent, type XmlElement } from "./xml-read";
import { xmlCdata, xmlElement } from "./xml-write";

export const PLUGINFILE = "@@PLUGINFILE@@/";

/** A question's embedded files: `path + name` without the leading slash → Base64 (whitespace removed). */
export type MoodleFiles = Map<string, string>;

/** A `<file name="…" encoding="base64">` as its `path + name` (no leading slash) and Base64 (whitespace removed); null for a file without a name or in another encoding. */
export function fileEntry(file: XmlElement): [string, string] | null {
  const name = file.attributes.name ?? "";
  if (name === "" || (file.attributes.encoding ?? "base64") !== "base64") return null;
  return [`${file.attributes.path ?? "/"}${name}`.replace(/^\/+/, ""), textContent(file).replace(/\s+/g, "")];
}

/** Every `<file encoding="base64">` inside the element (at any depth), by path and name; the first of a name wins. */
export function collectFiles(element: XmlElement, into: MoodleFiles = new Map()): MoodleFiles {
  for (const child of childElements(element)) {
    if (child.local !== "file") {
      collectFiles(child, into);
      continue;
    }
    const entry = fileEntry(child);
    if (entry && !into.has(entry[0])) into.set(entry[0], entry[1]);
  }
  return into;
}

/** The file a `@@PLUGINFILE@@/…` reference names (query and fragment dropped, URL-decoded), or null. */
export function fileOfRef(ref: string, files: MoodleFiles): string | null {
  const bare = ref.replace(/[?#].*$/s, "");
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // Not URL-encoded: taken as written.
  }
  for (const candidate of [decoded, bare]) if (files.has(candidate)) return candidate;
  return null;
}

/** Audio or video, by a file name's extension; null for anything else. */
export function mediaKindOfName(name: string): "audio" | "video" | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  const type = (MEDIA_TYPES as Record<string, { kind: string }>)[ext];
  return type?.kind === "audio" || type?.kind === "video" ? type.kind : null;
}

export interface FieldText {
  /** Our HTML. */
  html: string;
  /** resources: the path as written in `html` → Base64. */
  resources: Record<string, string>;
}

/** A `<text>` in its `format` as HTML: html kept, moodle_auto_format and plain_text as paragraphs, markdown rendered. */
export function formatToHtml(text: string, format: string | undefined): string {
  switch (format) {
    case "plain_text":
      return plainToHtml(text);
    case "markdown":
      return markdownToHtml(text);
    case "moodle_auto_format":
      return moodleToHtml(text);
    default:
      return text.trim();
  }
}

const LINK = /<a\b([^>]*?)\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')([^>]*)>([\s\S]*?)<\/a\s*>/gi;
const IMAGE = /<img\b[^>]*?\bsrc\s*=\s*(?:"@@PLUGINFILE@@\/([^"]*)"|'@@PLUGINFILE@@\/([^']*)')[^>]*>/gi;
const MEDIA_ATTRIBUTE = /\b(src|poster|href)(\s*=\s*)(?:"@@PLUGINFILE@@\/([^"]*)"|'@@PLUGINFILE@@\/([^']*)')/gi;

/**
 * The HTML of a field element (`<questiontext>`, `<generalfeedback>`, `<answer>`, …) or of raw
 * text, its `@@PLUGINFILE@@/` references made relative and the files they name gathered,
 * links to the question's audio or video made players. `warn` hears what changed.
 */
export function fieldHtml(
  field: XmlElement | null,
  files: MoodleFiles,
  warn: (message: string) => void,
  where: string,
): FieldText {
  const text = field ? childElement(field, "text") : null;
  if (!field || !text) return { html: "", resources: {} };
  // TeX between \( \) or $$ $$ (Moodle's TeX filter) becomes MathML, as the editor writes it (contract 9.1).
  const html = delimitedTexToMathml(formatToHtml(textContent(text), field.attributes.format));
  return rewriteHtml(html, files, warn, where);
}

export function rewriteHtml(
  input: string,
  files: MoodleFiles,
  warn: (message: string) => void,
  where: string,
): FieldText {
  const resources: Record<string, string> = {};
  const take = (ref: string): string => {
    const file = fileOfRef(ref, files);
    if (file !== null) resources[ref] = files.get(file)!;
    return ref;
  };
  let html = input.replace(
    LINK,
    (whole, _before: string, dq: string | undefined, sq: string | undefined, _after: string, inner: string) => {
      const href = dq ?? sq ?? "";
      if (!href.startsWith(PLUGINFILE)) return whole;
      const ref = href.slice(PLUGINFILE.length);
      const file = fileOfRef(ref, files);
      const label = inner.replace(/<[^>]*>/g, "").trim();
      if (file === null) {
        warn(
          `${where}: its link to ${JSON.stringify(ref)} names no file of the question, so only the link's text is kept`,
        );
        return inner;
      }
      const kind = mediaKindOfName(file);
      if (kind === null) {
        warn(
          `${where}: its link to the file ${JSON.stringify(file)} is not kept (a link to a file is not allowed here; only images, audio and video are): only the link's text is`,
        );
        return inner;
      }
      take(ref);
      warn(
        `${where}: the link to ${JSON.stringify(file)} became an ${kind} player (Moodle's media filter shows that link as one)`,
      );
      const keep = label !== "" && label !== file ? `${inner} ` : "";
      return `${keep}<${kind} controls src="${escapeHtml(ref)}"></${kind}>`;
    },
  );
  html = html.replace(IMAGE, (whole, dq: string | undefined, sq: string | undefined) => {
    const ref = dq ?? sq ?? "";
    if (fileOfRef(ref, files) !== null) return whole;
    warn(`${where}: its image ${JSON.stringify(ref)} names no file of the question, so it is left out`);
    return "";
  });
  html = html.replace(
    MEDIA_ATTRIBUTE,
    (_whole, attr: string, eq: string, dq: string | undefined, sq: string | undefined) => {
      const ref = dq ?? sq ?? "";
      return `${attr}${eq}"${take(ref)}"`;
    },
  );
  return { html, resources };
}

// ---------------------------------------------------------------------------------------------
// Export

/** A stored media path, `/media/<sha256>.<ext>`. */
const STORED_MEDIA = /\/media\/([0-9a-f]{64}\.[a-z0-9]{1,10})/g;

export interface ExportMedia {
  /** The stored files' bytes by stored path. */
  media: ReadonlyMap<string, Uint8Array>;
  base64?: (bytes: Uint8Array) => string;
}

/**
 * A Moodle field element holding our HTML: stored media paths written as `@@PLUGINFILE@@/<file>`
 * with a `<file>` each; `missing` hears a stored path whose file the store lacks.
 */
export function htmlField(
  name: string,
  html: string,
  out: ExportMedia,
  missing: (path: string) => void,
  attributes: Record<string, string> = {},
  extra: string[] = [],
): string {
  const files: string[] = [];
  const seen = new Set<string>();
  // MathML with a LaTeX annotation is written as that LaTeX, which Moodle's TeX filter draws (contract 9.1).
  const written = mathmlToDelimitedTex(html).replace(STORED_MEDIA, (path, file: string) => {
    if (!seen.has(file)) {
      seen.add(file);
      const bytes = out.media.get(path);
      if (bytes) files.push(fileElement(file, bytes, out));
      else missing(path);
    }
    return `${PLUGINFILE}${file}`;
  });
  return xmlElement(
    name,
    { ...attributes, format: "html" },
    xmlElement("text", {}, xmlCdata(written)),
    ...files,
    ...extra,
  );
}

/** `<file name="…" path="/" encoding="base64">…</file>`. */
export function fileElement(name: string, bytes: Uint8Array, out: Pick<ExportMedia, "base64">): string {
  return xmlElement("file", { name, path: "/", encoding: "base64" }, (out.base64 ?? encodeBase64)(bytes));
}
