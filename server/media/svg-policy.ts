// What an SVG may keep when it is stored (contract 8.3), for the serialiser of svg.ts: the SVG
// elements allowed, the namespaces of drawing programs dropped silently, the CSS that may stay in
// a style, and the removals reported, by kind. Pure.
/** SVG elements kept (SVG 1.1/2 painting, structure, text, gradients, filters, animation). */
export const ALLOWED_ELEMENTS = new Set([
  "a",
  "animate",
  "animateMotion",
  "animateTransform",
  "circle",
  "clipPath",
  "defs",
  "desc",
  "ellipse",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feConvolveMatrix",
  "feDiffuseLighting",
  "feDisplacementMap",
  "feDistantLight",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feImage",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
  "fePointLight",
  "feSpecularLighting",
  "feSpotLight",
  "feTile",
  "feTurbulence",
  "filter",
  "g",
  "image",
  "line",
  "linearGradient",
  "marker",
  "mask",
  "mpath",
  "path",
  "pattern",
  "polygon",
  "polyline",
  "radialGradient",
  "rect",
  "set",
  "stop",
  "style",
  "svg",
  "switch",
  "symbol",
  "text",
  "textPath",
  "title",
  "tspan",
  "use",
  "view",
]);

export const ANIMATION_ELEMENTS = new Set(["animate", "animateMotion", "animateTransform", "set"]);

/** Elements whose whole point is the resource they reference. */
export const REFERENCING_ELEMENTS = new Set(["use", "image", "feImage"]);

/** Namespaces of drawing programs' private data: dropped without a report. */
export const EDITOR_NAMESPACES = new Set([
  "http://www.inkscape.org/namespaces/inkscape",
  "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
  "http://ns.adobe.com/AdobeIllustrator/10.0/",
  "http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/",
  "http://ns.adobe.com/Variables/1.0/",
  "http://ns.adobe.com/SaveForWeb/1.0/",
  "http://ns.adobe.com/Extensibility/1.0/",
  "http://ns.adobe.com/Flows/1.0/",
  "http://ns.adobe.com/ImageReplacement/1.0/",
  "http://ns.adobe.com/GenericCustomNamespace/1.0/",
  "http://ns.adobe.com/XPath/1.0/",
  "http://www.bohemiancoding.com/sketch/ns",
  "http://www.serif.com/",
]);

/** Raster images embedded as data URLs cannot run script, so `<image>` may keep them. */
export const RASTER_DATA_URL = /^data:image\/(png|jpeg|jpg|gif|webp|avif);base64,[A-Za-z0-9+/=\s]*$/i;

/** CSS functions that load a resource; only `url(#id)` (same document) is kept. */
const CSS_RESOURCE_FUNCTION =
  /(^|[^\w-])(url|src|image|image-set|-webkit-image-set|cross-fade|-webkit-cross-fade|element|-moz-element)\s*\(/gi;

export const KIND = {
  script: "scripts",
  handler: "event handler attributes",
  foreignObject: "foreignObject elements",
  external: "external references",
  importRule: "style sheets with @import",
  animation: "animations that change links or event handlers",
  foreignElement: "elements from other XML namespaces",
  unsupported: "unsupported SVG elements",
  escapes: "styles with CSS escapes",
} as const;

export class Removals {
  private readonly kinds = new Map<string, string[]>();

  add(kind: string, detail?: string): void {
    let details = this.kinds.get(kind);
    if (!details) this.kinds.set(kind, (details = []));
    if (detail === undefined) return;
    const plain = detail.replace(/\p{Cc}+/gu, " ");
    const short = plain.length > 60 ? `${plain.slice(0, 57)}...` : plain;
    if (!details.includes(short) && details.length < 4) details.push(short);
  }

  list(): string[] {
    return [...this.kinds].map(([kind, details]) => {
      if (details.length === 0) return kind;
      const shown = details.slice(0, 3).join(", ");
      return `${kind} (${shown}${details.length > 3 ? ", ..." : ""})`;
    });
  }
}

interface CssCheck {
  safe: boolean;
  problem?: { kind: string; detail?: string };
}

/** Whether CSS text (a style sheet, a declaration or a presentation attribute) loads nothing. */
export function checkCss(css: string): CssCheck {
  // Escapes can spell any function or at-rule name; treat them as unsafe rather than decode.
  if (css.includes("\\")) return { safe: false, problem: { kind: KIND.escapes } };
  if (/@import/i.test(css)) return { safe: false, problem: { kind: KIND.importRule, detail: "@import" } };
  if (/expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/i.test(css)) {
    return { safe: false, problem: { kind: KIND.script, detail: "script in CSS" } };
  }
  CSS_RESOURCE_FUNCTION.lastIndex = 0;
  for (let m = CSS_RESOURCE_FUNCTION.exec(css); m; m = CSS_RESOURCE_FUNCTION.exec(css)) {
    const name = m[2]!.toLowerCase();
    const argsStart = m.index + m[0].length;
    const close = css.indexOf(")", argsStart);
    const raw = (close < 0 ? css.slice(argsStart) : css.slice(argsStart, close)).trim();
    const arg = raw.replace(/^(["'])(.*)\1$/s, "$2").trim();
    if (name !== "url" || !/^#[^\s"'()]*$/.test(arg)) {
      return { safe: false, problem: { kind: KIND.external, detail: `${name}(${raw})` } };
    }
  }
  return { safe: true };
}

/** Splits a declaration list on ";" outside quotes and parentheses. */
function splitDeclarations(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === ";" && depth === 0) {
      out.push(css.slice(start, i));
      start = i + 1;
    }
  }
  out.push(css.slice(start));
  return out;
}

/** The style attribute with unsafe declarations dropped, or null when nothing safe is left. */
export function sanitizeStyleAttribute(style: string, removals: Removals): string | null {
  const whole = checkCss(style);
  if (whole.safe) return style;
  if (whole.problem?.kind === KIND.escapes) {
    removals.add(KIND.escapes);
    return null;
  }
  const kept: string[] = [];
  for (const declaration of splitDeclarations(style)) {
    const check = checkCss(declaration);
    if (check.safe) {
      if (declaration.trim()) kept.push(declaration.trim());
    } else if (check.problem) removals.add(check.problem.kind, check.problem.detail);
  }
  return kept.length > 0 ? kept.join("; ") : null;
}
