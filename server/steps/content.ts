// Everything an operation does with HTML fields and `resources` before it writes (contract 8
// and 9): clean each HTML field, check each resource, resolve every media reference, write the
// new files to the store, and give back the cleaned HTML with paths rewritten to /media/….
// Validation happens first and completely; files are written only once it has passed, and
// before the transaction that references them (so no row ever points to a missing file).
import { formatBytes } from "../format-bytes";
import { AppError, joinPath } from "../errors";
import type { HtmlFieldKind } from "../html/policy";
import { decodedLength } from "../media/base64";
import type { ResourceCheckInput } from "../media/check-resource";
import type { DetectedMedia } from "../media/detect";
import { checkResourcePath, mediaPath, parseMediaPath } from "../media/paths";
import { sha256Hex } from "../media/hash";
import { findOwnedMedia, type NewMediaRow } from "../data/media";
import type { OpContext } from "../operation";

export interface HtmlFieldInput {
  path: string;
  kind: HtmlFieldKind;
  html: string;
}

/** A media reference outside HTML (properties.image), which must be an image. */
export interface ImageRefInput {
  path: string;
  ref: string;
}

interface NewFile {
  key: string;
  bytes: Uint8Array;
  detected: DetectedMedia;
  hash: string;
  dims: { width: number; height: number } | null;
}

export interface PreparedContent {
  /** Cleaned HTML by field path, media paths already rewritten. */
  html: Map<string, string>;
  /** Paths of the HTML fields with neither text nor media. */
  empty: Set<string>;
  /** Given path → stored path, for the response's `resources`. */
  resources: Record<string, string>;
  /** Image references resolved: field path → { stored path, pixel size }. */
  images: Map<string, { path: string; width: number | null; height: number | null }>;
  /** Media rows to insert inside the write transaction. */
  mediaRows: NewMediaRow[];
  /** Writes the new files to the store; call once every check of the call has passed. */
  storeFiles(): Promise<void>;
}

/** Whether `html` is within `limit` UTF-8 bytes (measured natively, without encoding it). */
function withinHtmlLimit(html: string, limit: number): boolean {
  return html.length <= limit && Buffer.byteLength(html, "utf8") <= limit;
}

/**
 * Checks and prepares the content of one call. Problems go into `ctx.report` (the caller throws
 * once all its checks have run); a resource over the size limit throws -32013 at once, and a
 * well-formed /media/… path that is not the caller's throws -32004.
 */
export async function prepareContent(
  ctx: OpContext,
  fields: HtmlFieldInput[],
  imageRefs: ImageRefInput[],
  resourcesIn: Record<string, string> | undefined,
): Promise<PreparedContent & { valid: boolean }> {
  const { report, limits } = ctx;
  const resources = resourcesIn ?? {};
  const cleaned = new Map<string, { html: string; refs: string[] }>();
  const empty = new Set<string>();

  const toClean: HtmlFieldInput[] = [];
  for (const field of fields) {
    if (withinHtmlLimit(field.html, limits.htmlBytes)) toClean.push(field);
    else report.error("too_long", field.path, `is larger than the limit of ${formatBytes(limits.htmlBytes)} of HTML`);
  }
  const results = await ctx.parser.cleanHtml(toClean.map(({ html, kind, path }) => ({ html, kind, path })));
  toClean.forEach((field, i) => {
    const result = results[i]!;
    report.merge(result);
    cleaned.set(field.path, { html: result.html, refs: result.mediaRefs });
    if (!result.hasContent) empty.add(field.path);
  });

  // Every reference, with the field it came from.
  const references: { path: string; ref: string; image: boolean }[] = [];
  for (const [path, c] of cleaned) for (const ref of c.refs) references.push({ path, ref, image: false });
  for (const r of imageRefs) references.push({ path: r.path, ref: r.ref, image: true });

  const files = await checkResources(ctx, resources, new Set(references.map((r) => r.ref)));

  // Resolve references: a key of `resources`, or the caller's existing /media/… file.
  const existingHashes = new Set<string>();
  for (const r of references) {
    if (files.has(r.ref) || Object.hasOwn(resources, r.ref)) continue;
    const parsed = parseMediaPath(r.ref);
    if (parsed) existingHashes.add(parsed.hash);
  }
  const owned = new Map((await findOwnedMedia(ctx.db, ctx.actor, [...existingHashes])).map((m) => [m.hash, m]));

  const images = new Map<string, { path: string; width: number | null; height: number | null }>();
  const notOwned: { path: string; ref: string }[] = [];
  for (const r of references) {
    const file = files.get(r.ref);
    if (file) {
      if (r.image && file.detected.kind !== "image")
        report.error("not_an_image", r.path, `${JSON.stringify(r.ref)} is ${file.detected.contentType}, not an image`);
      if (r.image)
        images.set(r.path, {
          path: mediaPath(file.hash, file.detected.ext),
          width: file.dims?.width ?? null,
          height: file.dims?.height ?? null,
        });
      continue;
    }
    if (Object.hasOwn(resources, r.ref)) continue; // the resource itself is broken: already reported
    const parsed = parseMediaPath(r.ref);
    const row = parsed ? owned.get(parsed.hash) : undefined;
    if (row && parsed && row.ext === parsed.ext) {
      if (r.image && row.kind !== "image")
        report.error("not_an_image", r.path, `${JSON.stringify(r.ref)} is ${row.contentType}, not an image`);
      if (r.image) images.set(r.path, { path: r.ref, width: row.width, height: row.height });
    } else if (parsed) {
      notOwned.push(r);
    } else {
      report.error(
        "media_missing",
        r.path,
        `media ${JSON.stringify(r.ref)} is neither a key of resources nor an existing /media/… file; send its content in resources under that path`,
      );
    }
  }

  if (!report.ok)
    return { valid: false, html: new Map(), empty, resources: {}, images, mediaRows: [], storeFiles: async () => {} };
  if (notOwned.length > 0) {
    throw new AppError("not_found", {
      issues: notOwned.map((r) => ({
        code: "not_found",
        path: r.path,
        message: `media ${JSON.stringify(r.ref)} does not exist`,
      })),
    });
  }

  // The content is valid: plan the stored paths and rows; the files are written by storeFiles.
  const map = new Map<string, string>();
  const mediaRows: NewMediaRow[] = [];
  for (const [key, file] of files) {
    map.set(key, mediaPath(file.hash, file.detected.ext));
    mediaRows.push({
      hash: file.hash,
      ownerId: ctx.actor.userId,
      ext: file.detected.ext,
      contentType: file.detected.contentType,
      kind: file.detected.kind,
      size: file.bytes.byteLength,
      width: file.dims?.width ?? null,
      height: file.dims?.height ?? null,
    });
  }
  const html = new Map<string, string>();
  if (map.size === 0) for (const [path, c] of cleaned) html.set(path, c.html);
  else {
    const pairs = [...map];
    const entries = [...cleaned];
    const rewritten = await ctx.parser.rewriteMediaRefs(
      entries.map(([path, c]) => ({ html: c.html, map: pairs, path })),
    );
    entries.forEach(([path], i) => html.set(path, rewritten[i]!));
  }
  const storeFiles = async () => {
    // Content-addressed: storing the same bytes again is a no-op.
    for (const file of files.values())
      await ctx.media.put(`${file.hash}.${file.detected.ext}`, file.bytes, file.detected.contentType);
  };
  return { valid: true, html, empty, resources: Object.fromEntries(map), images, mediaRows, storeFiles };
}

/** Whether a Base64 text may decode to more than `limit` bytes: exact only near the limit. */
export function mayExceed(base64: string, limit: number): boolean {
  return Math.floor((base64.length * 3) / 4) > limit && decodedLength(base64) > limit;
}

/** Checks each resource; returns the usable, referenced ones by key. Unreferenced → warning. */
async function checkResources(
  ctx: OpContext,
  resources: Record<string, string>,
  referenced: Set<string>,
): Promise<Map<string, NewFile>> {
  const { report, limits } = ctx;
  const files = new Map<string, NewFile>();
  const keys = Object.keys(resources);
  if (keys.length > limits.resources) {
    report.error(
      "too_many",
      "resources",
      `at most ${limits.resources} resources may be sent in one request, got ${keys.length}`,
    );
    return files;
  }
  const tooLarge: string[] = [];
  const toCheck: ResourceCheckInput[] = [];
  for (const key of keys) {
    const path = resourcePath(key);
    const value = resources[key]!;
    const pathProblem = checkResourcePath(key);
    if (pathProblem) {
      report.error("invalid_path", path, pathProblem);
      continue;
    }
    if (mayExceed(value, limits.resourceBytes)) {
      tooLarge.push(key);
      continue;
    }
    if (!referenced.has(key)) {
      report.warn("resource_unused", path, "nothing in the request refers to this resource, so it was not stored");
      continue;
    }
    toCheck.push({ key, path, base64: value, maxBytes: limits.resourceBytes });
  }
  if (tooLarge.length === 0) {
    const checks = await ctx.parser.checkResources(toCheck);
    toCheck.forEach(({ key }, i) => {
      const checked = checks[i]!;
      report.merge(checked);
      if (!checked.ok) return;
      const { bytes, detected, dims } = checked;
      files.set(key, { key, bytes, detected, hash: sha256Hex(bytes), dims });
    });
  }
  if (tooLarge.length > 0) {
    throw new AppError("too_large", {
      issues: tooLarge.map((key) => ({
        code: "too_large",
        path: resourcePath(key),
        message: `the decoded file is larger than the limit of ${formatBytes(limits.resourceBytes)}`,
      })),
    });
  }
  return files;
}

/** `resources["img/a.png"]` (joinPath quotes keys that are not plain names). */
export function resourcePath(key: string): string {
  return joinPath("resources", key);
}
