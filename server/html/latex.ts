// LaTeX ↔ the MathML our HTML fields store (contract 9.1). One conversion for the editor (in the
// browser) and for the imports (on the server), so that math written in the editor, exported to
// a TeX-delimited format and imported back is the same MathML. Temml converts; its output is
// MathML Core with the LaTeX as `<annotation encoding="application/x-tex">`, which the policy
// (mathml.ts) keeps as it is. Pure: no DOM, no Node APIs.
import temml from "temml";
import { MATHML_TAGS, TEX_ENCODING, isMathmlAttribute } from "./mathml";

export type LatexResult = { ok: true; mathml: string } | { ok: false; message: string };

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!);

/**
 * The LaTeX as MathML: `<math>` (with `display="block"` for display math) holding `semantics`,
 * the formula and its LaTeX annotation. Temml's CSS hooks (`class`, `style`) are left out: the
 * browser draws MathML Core without them, and the policy would remove them with a warning.
 */
export function latexToMathml(latex: string, display: boolean): LatexResult {
  const source = latex.trim();
  if (source === "") return { ok: false, message: "the formula is empty" };
  let rendered: string;
  try {
    rendered = temml.renderToString(source, {
      displayMode: display,
      annotate: true,
      throwOnError: true,
      trust: false,
      wrap: "none",
    });
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    // Temml appends the position and an underlined excerpt; the editor shows the source itself.
    const message = raw
      .replace(/^\s*(?:Temml parse error:)?\s*/i, "")
      .split(" at position")[0]!
      .trim();
    return { ok: false, message };
  }
  const mathml = coreOnly(rendered)
    .replace(/<math\b[^>]*>/, display ? '<math display="block">' : "<math>")
    // Temml writes the annotation as the source it was given; keep the author's own text.
    .replace(
      /<annotation encoding="application\/x-tex">[\s\S]*?<\/annotation>/,
      `<annotation encoding="${TEX_ENCODING}">${escapeText(source)}</annotation>`,
    );
  return { ok: true, mathml };
}

const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:\s+[a-z][a-z0-9:-]*="[^"]*")*)\s*(\/?)>/g;
const ATTRIBUTE = /\s+([a-z][a-z0-9:-]*)="([^"]*)"/g;

/**
 * Temml's output as the policy keeps it, so that the editor writes HTML that passes without a
 * warning (contract 9 rule 5): elements outside MathML Core (`menclose` of \cancel) unwrapped,
 * attributes outside the policy's list (temml's `class` and `style` CSS hooks) left out. Temml
 * writes well-formed markup with double-quoted values, which these patterns read exactly.
 */
function coreOnly(rendered: string): string {
  return rendered.replace(TAG, (_whole, end: string, name: string, attributes: string, selfClosing: string) => {
    if (!MATHML_TAGS.has(name)) return "";
    if (end === "/") return `</${name}>`;
    let kept = "";
    for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE)) {
      if (attribute !== undefined && isMathmlAttribute(name, attribute) && value !== "")
        kept += ` ${attribute}="${value}"`;
    }
    return selfClosing === "/" ? `<${name}${kept}></${name}>` : `<${name}${kept}>`;
  });
}

/** The LaTeX annotation of a stored `<math>` element's HTML and whether it is display math; null without one. */
export function mathmlSource(mathHtml: string): { latex: string; display: boolean } | null {
  const annotation = /<annotation\b[^>]*\bencoding="application\/x-tex"[^>]*>([\s\S]*?)<\/annotation>/i.exec(mathHtml);
  if (!annotation) return null;
  const start = /^<math\b[^>]*>/i.exec(mathHtml)?.[0] ?? "";
  return { latex: decodeText(annotation[1] ?? ""), display: /\bdisplay="block"/i.test(start) };
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** HTML text as the characters it stands for (the entities HTML text of TeX carries). */
export function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

// ---------------------------------------------------------------------------------------------
// TeX-delimited text (Moodle XML, GIFT, CSV): `\( … \)` inline, `$$ … $$` and `\[ … \]` display.

/** The delimiters Moodle's TeX and MathJax filters read, display math first. */
const DELIMITED = /\$\$([\s\S]*?)\$\$|\\\[([\s\S]*?)\\\]|\\\(([\s\S]*?)\\\)/g;
const TAG_OR_TEXT = /(<[^>]*>)/;
const MATH_ELEMENT = /<math\b[^>]*>[\s\S]*?<\/math\s*>/gi;

/**
 * HTML whose text holds TeX between delimiters, with each formula as MathML. Only text between
 * tags is read, and never inside an existing `<math>`; a formula that does not parse is left as
 * it was written (nothing is lost, and the author sees the LaTeX).
 */
export function delimitedTexToMathml(html: string): string {
  if (!html.includes("$$") && !html.includes("\\(") && !html.includes("\\[")) return html;
  const parts = html.split(MATH_ELEMENT);
  const maths = html.match(MATH_ELEMENT) ?? [];
  return parts.map((part, i) => convertText(part) + (maths[i] ?? "")).join("");
}

function convertText(html: string): string {
  return html
    .split(TAG_OR_TEXT)
    .map((piece) =>
      piece.startsWith("<")
        ? piece
        : piece.replace(DELIMITED, (whole, dollars?: string, bracket?: string, paren?: string) => {
            const display = paren === undefined;
            const latex = decodeText(dollars ?? bracket ?? paren ?? "");
            // An empty formula (`\(\)`, which some generators write) shows nothing in Moodle either.
            if (latex.trim() === "") return "";
            const result = latexToMathml(latex, display);
            return result.ok ? result.mathml : whole;
          }),
    )
    .join("");
}

/**
 * Stored HTML with each `<math>` that has a LaTeX annotation written as that LaTeX between
 * delimiters (`\( … \)`, or `$$ … $$` for display math), as Moodle's TeX filter reads it. MathML
 * without one is kept as MathML. The LaTeX is HTML text, escaped as it was in the annotation.
 */
export function mathmlToDelimitedTex(html: string): string {
  if (!html.includes("<math")) return html;
  return html.replace(MATH_ELEMENT, (math) => {
    const source = mathmlSource(math);
    if (source === null) return math;
    const tex = escapeText(source.latex);
    return source.display ? `$$${tex}$$` : `\\(${tex}\\)`;
  });
}
