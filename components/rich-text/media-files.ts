// Turning a file the author inserts (upload, paste, drop) into a pending resource: its type is
// read from the bytes with the server's own detection (server/media/detect.ts), so the name's
// extension always agrees with what the server will find (no "extension mismatch" warning) and
// a file the server would refuse is refused here, before anything is saved.
import { encodeBase64 } from "@/server/media/base64";
import { detectMedia, imageDimensions } from "@/server/media/detect";
import { imageSizeProblem } from "@/server/media/limits";
import { svgLimitBreach } from "@/server/media/svg-parse";
import { Fragment, Slice, type Node as PMNode } from "@tiptap/pm/model";
import type { ResourceBag } from "./resource-bag";

export type InsertedMedia = { kind: "image" | "audio"; url: string; name: string };

export const ACCEPTED_FILES = "image/*,audio/*";
const ACCEPTED_LIST = "PNG, JPEG, GIF, WebP, AVIF, SVG, MP3, OGG, WAV, M4A, AAC or WebM";

/** Files of a paste or drop that look like media (the bytes decide later). */
export function mediaFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type === "" || /^(image|audio|video)\//.test(file.type));
}

/** Non-media files in a paste or drop, to say why nothing happened. */
export function otherFiles(list: FileList | null | undefined): File[] {
  const media = new Set(mediaFiles(list));
  return Array.from(list ?? []).filter((file) => !media.has(file));
}

export function refusedFileMessage(file: File): string {
  const name = file.name || "The pasted file";
  return `“${name}” was not inserted: only ${ACCEPTED_LIST} files can be inserted.`;
}

/**
 * Reads `file`, adds it to `bag` under a fresh name (`image-1.png`, `audio-2.mp3`) and returns
 * what to insert, shown from a blob: URL; or a message when the file is not media we accept.
 */
export async function prepareMedia(file: File, bag: ResourceBag): Promise<InsertedMedia | { error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = detectMedia(bytes);
  const name = file.name || "The pasted file";
  if (!detected) {
    const breach = svgLimitBreach(bytes);
    return { error: breach ? `“${name}” was not inserted: ${breach.message}.` : refusedFileMessage(file) };
  }
  // The server's own bound on an image's size, so saving does not fail on it later.
  const size = detected.kind === "image" ? imageDimensions(bytes, detected) : null;
  const sizeProblem = size && imageSizeProblem(size);
  if (sizeProblem) return { error: `“${name}” was not inserted: ${sizeProblem}.` };
  // Video containers (MP4, WebM) often hold sound only (recordings); they play in <audio> too.
  const kind = detected.kind === "image" ? "image" : "audio";
  const resourceName = bag.uniqueName(kind, detected.ext);
  const url = URL.createObjectURL(new Blob([bytes], { type: detected.contentType }));
  bag.add({ name: resourceName, url, base64: encodeBase64(bytes) });
  return { kind, url, name: resourceName };
}

/**
 * A pasted slice without media whose blob: URL this form does not hold: HTML copied from another
 * form (or tab) carries blob: URLs of files that were never given to this one, and saving would
 * fail on them.
 */
export function withoutForeignBlobs(slice: Slice, known: (src: string) => boolean): Slice {
  const keep = (node: PMNode) => {
    const src = node.attrs.src as unknown;
    return !(typeof src === "string" && src.startsWith("blob:") && !known(src));
  };
  const filter = (fragment: Fragment): Fragment => {
    const nodes: PMNode[] = [];
    fragment.forEach((node) => {
      if (keep(node)) nodes.push(node.isText ? node : node.copy(filter(node.content)));
    });
    return Fragment.fromArray(nodes);
  };
  return new Slice(filter(slice.content), slice.openStart, slice.openEnd);
}
