// Bounds on what the per-resource check reads and accepts, beyond the size limits of the
// environment (LIMIT_RESOURCE_MB). They keep the time and memory of checking one resource in
// proportion to a well-made file of its size, whatever its shape, and keep every stored image
// drawable. Measured on pathological shapes with `npx tsx bench/parse-cost.ts`; the numbers and
// the reasons are in docs/decisions.md (Media).
// Pure: constants and wording only.

export const SVG_LIMITS = {
  /** Levels of nested elements, the root being level 1 (the serialiser recurses per level). */
  depth: 256,
  /** Elements in one document (each costs a node in memory and a step of the serialiser). */
  elements: 100_000,
  /** Attributes in one document, namespace declarations included. */
  attributes: 500_000,
  /**
   * Namespace declarations (`xmlns`, `xmlns:p`) in one document: each costs a binding kept
   * while its element is open, several times an attribute, and drawing programs write a dozen.
   */
  namespaceDeclarations: 10_000,
  /** Characters that expanding the DOCTYPE's entities may add (an entity bomb stops here). */
  entityGrowth: 4 * 1024 * 1024,
} as const;

export type SvgLimit = keyof typeof SVG_LIMITS;

/** 100,000; an absurd size (an SVG may say width="1e300") in exponent form. */
const count = (n: number) => (n < 1e15 ? n.toLocaleString("en-US") : n.toExponential(2));

/** What the document does and what is allowed, for the error at the resource's path. */
export function svgLimitMessage(limit: SvgLimit): string {
  const max = count(SVG_LIMITS[limit]);
  switch (limit) {
    case "depth":
      return `the SVG nests elements more than ${max} levels deep; at most ${max} levels are allowed`;
    case "elements":
      return `the SVG has more than ${max} elements; at most ${max} are allowed`;
    case "attributes":
      return `the SVG has more than ${max} attributes; at most ${max} are allowed`;
    case "namespaceDeclarations":
      return `the SVG has more than ${max} namespace declarations (xmlns attributes); at most ${max} are allowed`;
    case "entityGrowth":
      return `the SVG's DOCTYPE entities expand to more than ${max} characters; at most ${max} are allowed`;
  }
}

/**
 * The largest image the app stores and draws, in pixels. The media table stores the size as
 * 32-bit integers, and the editors and candidate views draw the image in a browser, whose canvas
 * (Chromium's) is at most 32,767 pixels on a side and 268,435,456 pixels in all.
 */
export const IMAGE_LIMITS = {
  side: 32_767,
  pixels: 268_435_456,
} as const;

/** Null when an image of this size may be stored, else why not. */
export function imageSizeProblem(size: { width: number; height: number }): string | null {
  const { width, height } = size;
  if (width <= IMAGE_LIMITS.side && height <= IMAGE_LIMITS.side && width * height <= IMAGE_LIMITS.pixels) return null;
  return (
    `the image is ${count(width)} × ${count(height)} pixels; an image may be at most ` +
    `${count(IMAGE_LIMITS.side)} pixels wide and high and ${count(IMAGE_LIMITS.pixels)} pixels in all`
  );
}
