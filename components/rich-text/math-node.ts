// A formula (contract 9.1): an inline atom whose source is LaTeX and which is stored as MathML
// with the LaTeX as its `application/x-tex` annotation. `display` makes it display math
// (`<math display="block">`, on a line of its own). The browser draws the MathML itself.
//
// The node keeps the stored MathML as it was (`mathml`) and writes it back unchanged, so opening
// and saving a text does not redraw formulas that another tool wrote; only a formula edited here
// is converted again (server/html/latex.ts, the same conversion the imports use). MathML without
// a LaTeX annotation (from a QTI package) is kept and shown, but has no LaTeX to edit.
import { Node } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { latexToMathml } from "@/server/html/latex";
import { isMathmlAttribute, verdictOf } from "@/server/html/mathml";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    math: {
      /** Inserts a formula at the selection, or replaces the selected one. */
      setMath: (latex: string, display: boolean) => ReturnType;
    };
  }
}

export const MATH_NODE = "math";

export interface MathAttributes {
  latex: string | null;
  display: boolean;
  mathml: string;
}

/** As sanitize-html escapes text (serialize.ts escapes the same way). */
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A `<math>` element (stored, or pasted from anywhere) as the policy would store it: MathML
 * elements and their MathML attributes only, by the policy's own rule (server/html/mathml.ts),
 * so that the node view, which draws this HTML, never draws anything else. For stored MathML
 * this is the stored HTML itself.
 */
function storedMathml(node: ChildNode | Element): string {
  if (node.nodeType === 3) return escapeText(node.textContent ?? "");
  if (node.nodeType !== 1) return "";
  const element = node as Element;
  const name = element.localName;
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) attributes[attribute.name] = attribute.value;
  const children = () => Array.from(element.childNodes).map(storedMathml).join("");
  const verdict = verdictOf(name, attributes);
  if (verdict === "drop") return "";
  if (verdict === "unwrap") return children();
  let start = `<${name}`;
  for (const [attribute, value] of Object.entries(attributes)) {
    if (value.trim() === "" || !isMathmlAttribute(name, attribute)) continue;
    start += ` ${attribute}="${escapeText(value).replace(/"/g, "&quot;")}"`;
  }
  return `${start}>${children()}</${name}>`;
}

/** The LaTeX annotation's text, or null. */
function annotationOf(element: HTMLElement): string | null {
  for (const annotation of Array.from(element.getElementsByTagName("annotation"))) {
    if (annotation.getAttribute("encoding") === "application/x-tex") return annotation.textContent;
  }
  return null;
}

/** The HTML the node stores: its MathML, or (never stored empty) its LaTeX converted. */
export function mathNodeHtml(node: PMNode): string {
  const { latex, display, mathml } = node.attrs as MathAttributes;
  if (mathml !== "") return mathml;
  const converted = latexToMathml(latex ?? "", display);
  return converted.ok ? converted.mathml : "";
}

export const MathFormula = Node.create({
  name: MATH_NODE,
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      latex: { default: null, rendered: false, parseHTML: (element) => annotationOf(element) },
      display: { default: false, rendered: false, parseHTML: (element) => element.getAttribute("display") === "block" },
      mathml: { default: "", rendered: false, parseHTML: (element) => storedMathml(element) },
    };
  },

  parseHTML() {
    return [{ tag: "math" }];
  },

  renderHTML({ node }) {
    // In the browser (copy, drag): the formula itself. Without a DOM (tests, the server): its
    // source, which docToHtml never uses (it writes mathNodeHtml).
    if (typeof document !== "undefined") {
      const host = document.createElement("span");
      host.innerHTML = mathNodeHtml(node);
      const math = host.firstElementChild;
      if (math) return { dom: math };
    }
    return ["span", { "data-latex": String(node.attrs.latex ?? "") }];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement("span");
      dom.className = "rich-text-math";
      dom.contentEditable = "false";
      const draw = (current: PMNode) => {
        // The MathML comes from the policy or from latex.ts: MathML elements and text only.
        dom.innerHTML = mathNodeHtml(current);
        const latex = (current.attrs as MathAttributes).latex;
        dom.title = latex === null ? "Formula (MathML without LaTeX)" : `Formula: ${latex} (double-click to edit)`;
        dom.dataset.display = String((current.attrs as MathAttributes).display);
      };
      draw(node);
      return {
        dom,
        update: (updated) => {
          if (updated.type.name !== MATH_NODE) return false;
          draw(updated);
          return true;
        },
      };
    };
  },

  addCommands() {
    return {
      setMath:
        (latex, display) =>
        ({ commands }) => {
          const converted = latexToMathml(latex, display);
          if (!converted.ok) return false;
          return commands.insertContent({
            type: this.name,
            attrs: { latex: latex.trim(), display, mathml: converted.mathml },
          });
        },
    };
  },
});
