"use client";
// The canvas's box (as wide as its container, at most MAX_BOX_HEIGHT tall) and the view (zoom and
// pan) inside it: a new image starts from the initial view, a resized box keeps the view valid.
import { useEffect, useMemo, useRef, useState } from "react";
import { clampPan, initialView, type Size, type View } from "./view";

const MAX_BOX_HEIGHT = 560;

export function useCanvasView(image: Size) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const box: Size = useMemo(
    () => ({ width: boxWidth, height: Math.min(MAX_BOX_HEIGHT, image.height + 48) }),
    [boxWidth, image.height],
  );
  const [view, setView] = useState<View | null>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A new image (or the first layout) starts from the initial view; a resized box keeps the view
  // valid. Adjusted while rendering, against the sizes of the render before, so the stage never
  // draws a frame with a view that no longer fits.
  const ready = box.width > 0;
  const sizes = { ready, imageWidth: image.width, imageHeight: image.height, boxWidth: box.width };
  const [seen, setSeen] = useState(sizes);
  if (
    seen.ready !== ready ||
    seen.imageWidth !== image.width ||
    seen.imageHeight !== image.height ||
    seen.boxWidth !== box.width
  ) {
    setSeen(sizes);
    const newImage = seen.ready !== ready || seen.imageWidth !== image.width || seen.imageHeight !== image.height;
    if (ready && newImage) setView(initialView(image, box));
    else if (ready && view) setView(clampPan(view, image, box));
  }

  return { boxRef, box, view, setView };
}
