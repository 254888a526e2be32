"use client";
// Zoom and pan from the wheel (Ctrl/⌘ + wheel zooms around the pointer; the wheel pans an image
// larger than the box) and from the zoom controls (around the box's centre, or fit).
import type Konva from "konva";
import type { RefObject } from "react";
import { clampPan, fitZoom, zoomAround, type Size, type View } from "./view";

export function useCanvasZoom(
  view: View | null,
  setView: (view: View) => void,
  image: Size,
  box: Size,
  stageRef: RefObject<Konva.Stage | null>,
) {
  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    if (!view) return;
    const ev = e.evt;
    const pointer = stageRef.current?.getPointerPosition() ?? { x: box.width / 2, y: box.height / 2 };
    if (ev.ctrlKey || ev.metaKey) {
      ev.preventDefault();
      setView(zoomAround(view, view.zoom * (ev.deltaY < 0 ? 1.15 : 1 / 1.15), pointer.x, pointer.y, image, box));
      return;
    }
    // The wheel pans only an image larger than the box; otherwise the page scrolls as usual.
    const larger = image.width * view.zoom > box.width || image.height * view.zoom > box.height;
    if (!larger) return;
    ev.preventDefault();
    const [dx, dy] = ev.shiftKey ? [ev.deltaY, 0] : [ev.deltaX, ev.deltaY];
    setView(clampPan({ ...view, x: view.x - dx, y: view.y - dy }, image, box));
  }

  const zoomTo = (zoom: number) => view && setView(zoomAround(view, zoom, box.width / 2, box.height / 2, image, box));
  const fit = () => setView(clampPan({ zoom: fitZoom(image, box), x: 0, y: 0 }, image, box));
  return { onWheel, zoomTo, fit };
}
