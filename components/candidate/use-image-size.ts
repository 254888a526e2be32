"use client";
// The pixel size of an image question's picture when the caller does not know it. Areas are in
// the pixels of the image file itself (contract 7), so the size is read from the file's bytes
// with the same reader the API and the area editor use, not from how the browser lays it out.
import { useEffect, useState } from "react";
import { imageSizeOf } from "../area-editor/image-file";
import type { ImageSize } from "./image-response";

export type ImageSizeState =
  { status: "loading" } | { status: "error"; message: string } | { status: "ready"; size: ImageSize };

/** `known` (when given) is used as it is and nothing is fetched. */
export function useImageSize(src: string, known?: ImageSize): ImageSizeState {
  const [read, setRead] = useState<{ src: string; result: ImageSize | { error: string } } | null>(null);
  useEffect(() => {
    if (known || !src) return;
    let live = true;
    void imageSizeOf(src).then((result) => live && setRead({ src, result }));
    return () => {
      live = false;
    };
  }, [src, known]);
  if (known) return { status: "ready", size: known };
  if (!src) return { status: "error", message: "The question has no base image." };
  // A size read for an earlier src (the author replaced the image) is not this picture's.
  if (!read || read.src !== src) return { status: "loading" };
  return "error" in read.result
    ? { status: "error", message: read.result.error }
    : { status: "ready", size: read.result };
}
