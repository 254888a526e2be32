// The repair of an area that another tool's file gives (contract 13.3 point 1, area geometry):
// read in the size at which the file shows the image, scaled to the image's pixels, moved inside
// the image (cut where it is larger than the image), and grown around its centre to the minimum
// size. The file's tool accepted the area as it is; the import keeps what it means rather than
// refusing the file. Pure: the import runs it on each area of an image question before the
// question's rules check it.
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "../schemas/question/area-bounds";
import type { AreaRect, ImageSize } from "./areas";

/** The size at which the file shows the image (`width`/`height` of its `img` or `object`); either may be missing. */
export interface ShownSize {
  width?: number;
  height?: number;
}

export interface FittedArea {
  area: AreaRect;
  /** What changed, in words, in the order it was done; empty when the area was already as stored. */
  changes: string[];
}

/** Each axis' factor from the shown size to the pixels; one side given scales both alike, none is 1. */
export function scaleFactors(image: ImageSize, shown: ShownSize | null | undefined): { x: number; y: number } {
  const fx = shown?.width && shown.width > 0 ? image.width / shown.width : null;
  const fy = shown?.height && shown.height > 0 ? image.height / shown.height : null;
  return { x: fx ?? fy ?? 1, y: fy ?? fx ?? 1 };
}

/**
 * One axis of an area, in whole pixels within [0, size]: moved inside, cut to the size when
 * longer, grown around its centre to `min` (or the whole size when smaller) and kept inside.
 */
function fitAxis(start: number, length: number, size: number, min: number, changes: Set<string>): [number, number] {
  let a = Math.round(Math.min(start, start + length));
  let b = Math.round(Math.max(start, start + length));
  if (b - a > size) {
    changes.add("cut to the image");
    a = 0;
    b = size;
  } else if (a < 0 || b > size) {
    changes.add("moved inside the image");
    const shift = a < 0 ? -a : size - b;
    a += shift;
    b += shift;
  }
  const want = Math.min(min, size);
  if (b - a < want) {
    changes.add(`enlarged to the minimum of ${AREA_MIN_WIDTH} × ${AREA_MIN_HEIGHT} px`);
    const centre = (a + b) / 2;
    a = Math.round(centre - want / 2);
    a = Math.max(0, Math.min(a, size - want));
    b = a + want;
  }
  return [a, b];
}

/** The area as Exam Studio stores it: in the image's pixels, inside it, at least the minimum size the image allows. */
export function fitArea(area: AreaRect, image: ImageSize, shown?: ShownSize | null): FittedArea {
  const changes = new Set<string>();
  const f = scaleFactors(image, shown);
  if (f.x !== 1 || f.y !== 1) {
    const w = shown?.width ?? Math.round(image.width / f.x);
    const h = shown?.height ?? Math.round(image.height / f.y);
    changes.add(
      `scaled from the image as the file shows it (${w} × ${h}) to its ${image.width} × ${image.height} pixels`,
    );
  }
  const [x0, x1] = fitAxis(area.x * f.x, area.width * f.x, image.width, AREA_MIN_WIDTH, changes);
  const [y0, y1] = fitAxis(area.y * f.y, area.height * f.y, image.height, AREA_MIN_HEIGHT, changes);
  const fitted = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const rounded =
    fitted.x !== area.x || fitted.y !== area.y || fitted.width !== area.width || fitted.height !== area.height;
  if (rounded && changes.size === 0) changes.add("rounded to whole pixels");
  return { area: fitted, changes: [...changes] };
}
