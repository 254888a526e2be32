// The base image of an area question: its pixel size is read from the file's bytes with the
// server's own reader (server/media/detect.ts), so the editor's limits are exactly the ones the
// API checks areas against (contract 7: "using the pixel size read from the image file itself").
import { encodeBase64 } from "@/server/media/base64";
import { detectMedia, imageDimensions } from "@/server/media/detect";
import { imageSizeProblem } from "@/server/media/limits";
import { svgLimitBreach } from "@/server/media/svg-parse";
import type { ResourceBag } from "../rich-text/resource-bag";
import type { EditorImage } from "./state/types";

export type ImageSize = { width: number; height: number };

const ACCEPTED = "PNG, JPEG, GIF, WebP, AVIF or SVG";

/** What the bytes say, or why they cannot be the base image. */
function readImage(
  bytes: Uint8Array,
  name: string,
): { size: ImageSize; contentType: string; ext: string } | { error: string } {
  const detected = detectMedia(bytes);
  const breach = detected ? null : svgLimitBreach(bytes);
  if (breach) return { error: `“${name}” cannot be used: ${breach.message}.` };
  if (!detected || detected.kind !== "image")
    return { error: `“${name}” is not an image: the base image must be a ${ACCEPTED} file.` };
  const size = imageDimensions(bytes, detected);
  if (!size) return { error: `The size of “${name}” cannot be read; save it again as PNG or JPEG.` };
  const sizeProblem = imageSizeProblem(size);
  if (sizeProblem) return { error: `“${name}” cannot be used: ${sizeProblem}.` };
  return { size, contentType: detected.contentType, ext: detected.ext };
}

/**
 * Takes a file the author chose as the base image: adds it to `bag` (sent as a resource on
 * save) and returns the editor image, whose `src` is the blob: URL the bag replaces by the
 * resource name when saving.
 */
export async function imageFromFile(file: File, bag: ResourceBag): Promise<EditorImage | { error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const read = readImage(bytes, file.name || "the file");
  if ("error" in read) return read;
  const url = URL.createObjectURL(new Blob([bytes], { type: read.contentType }));
  bag.add({ name: bag.uniqueName("image", read.ext), url, base64: encodeBase64(bytes) });
  return { src: url, ...read.size };
}

/** The pixel size of a stored image (a /media/… path) or of a blob: URL, read from its bytes. */
export async function imageSizeOf(src: string): Promise<ImageSize | { error: string }> {
  let bytes: Uint8Array;
  try {
    const response = await fetch(src);
    if (!response.ok) return { error: `The base image ${src} could not be loaded (HTTP ${response.status}).` };
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch {
    return { error: `The base image ${src} could not be loaded.` };
  }
  const read = readImage(bytes, src);
  return "error" in read ? read : read.size;
}
