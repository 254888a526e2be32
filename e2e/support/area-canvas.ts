// Driving the area editor's canvas as a person does (real mouse drags on the Konva stage) and
// reading what it shows from the stage itself (window.Konva), not from pixels.
import type { Page } from "@playwright/test";
import type Konva from "konva";

/**
 * The page's window with the Konva the area canvas registers on it
 * (components/area-editor/konva/area-canvas.tsx); absent while the canvas module loads.
 */
export type KonvaWindow = Window & { Konva?: typeof Konva };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StageArea extends Rect {
  id: string;
}

/**
 * For the first look at the stage after a page opens. The canvas shows once the page is hydrated,
 * the Konva module has loaded and the image has been read; on a busy machine (two browsers and
 * the server sharing two cores) that has taken more than the default 10 s.
 */
export const CANVAS_SHOWN = { timeout: 45_000 };

/** Where image pixel (ix, iy) is on the page, from the canvas's zoom and pan. */
export async function pagePoint(page: Page, ix: number, iy: number): Promise<{ x: number; y: number }> {
  const canvas = page.getByTestId("area-canvas");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the area canvas is not visible");
  const [zoom, panX, panY] = await Promise.all(
    ["data-zoom", "data-pan-x", "data-pan-y"].map(async (a) => Number(await canvas.getAttribute(a))),
  );
  return { x: box.x + panX! + ix * zoom!, y: box.y + panY! + iy * zoom! };
}

/** A mouse drag between two image pixels, in small steps as a hand would. */
export async function dragOnImage(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await pagePoint(page, ...from);
  const b = await pagePoint(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 12 });
  await page.mouse.up();
}

export async function clickOnImage(page: Page, ix: number, iy: number): Promise<void> {
  const p = await pagePoint(page, ix, iy);
  await page.mouse.click(p.x, p.y);
}

/** The areas as the Konva stage has them (nodes named "area", id = area id), in image pixels. */
export async function stageAreas(page: Page): Promise<StageArea[]> {
  return page.evaluate(() => {
    // Nothing yet while the canvas module loads.
    const konva = (window as KonvaWindow).Konva;
    const stage = konva?.stages.find((s) => s.container().closest('[data-testid="area-canvas"]'));
    if (!stage) return [];
    return stage.find<Konva.Group>(".area").map((node) => {
      const box = node.findOne(".area-box");
      if (!box) throw new Error(`area ${node.id()} has no .area-box`);
      // Stage-independent: the node's box relative to its layer, which holds the image at 0,0.
      const r = box.getClientRect({ relativeTo: node.getLayer() ?? undefined, skipStroke: true, skipShadow: true });
      return {
        id: node.id(),
        x: Math.round(r.x),
        y: Math.round(r.y),
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    });
  });
}
