// QTI 2.1 and 2.2 read with the QTI 3.0 reader (contract 13.3 point 4): QTI 3.0 renamed 2.x's
// elements and attributes mechanically (`choiceInteraction` → `qti-choice-interaction`,
// `responseIdentifier` → `response-identifier`) and kept their meaning, so a 2.x document
// translated name by name is a document the qti3 import reads with its own mapping. Only names
// change: values (`baseType="directedPair"`, template URLs) are the same in both versions.
// What is HTML keeps its name: inside content (an item body, a feedback, a rubric block) an element
// is QTI's when its name is camelCase or one of the few one-word QTI content elements; outside
// content every element is QTI's. Prefixed elements (MathML `m:math`, a PCI's own markup) and an
// unprefixed `math` are foreign and kept as they are, with everything inside them. Pure.
import type { XmlElement, XmlNode } from "./xml-read";

/** The namespaces of QTI 2.x items and tests (2.0 is read too: its names are the same). */
export const QTI2_NAMESPACES = [
  "http://www.imsglobal.org/xsd/imsqti_v2p0",
  "http://www.imsglobal.org/xsd/imsqti_v2p1",
  "http://www.imsglobal.org/xsd/imsqti_v2p2",
] as const;

/** QTI 2.x content elements whose names are one lowercase word, like HTML's. */
const ONE_WORD_CONTENT = new Set(["prompt", "gap", "hottext"]);

/** Elements whose children are HTML content (with QTI's content elements among them). */
const CONTENT_ROOTS = new Set([
  "itemBody",
  "modalFeedback",
  "rubricBlock",
  "testFeedback",
  "feedbackBlock",
  "feedbackInline",
  "templateBlock",
  "templateInline",
  "prompt",
  "simpleChoice",
]);

/** `choiceInteraction` → `choice-interaction`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/** The QTI 3.0 name of a QTI 2.x element: `mapEntry` → `qti-map-entry`. */
export function qti3Name(local: string): string {
  return `qti-${kebab(local)}`;
}

function isQtiElement(el: XmlElement, inContent: boolean): boolean {
  if (el.name.includes(":") || el.local === "math") return false;
  return !inContent || /[A-Z]/.test(el.local) || ONE_WORD_CONTENT.has(el.local);
}

/** A QTI 2.x document (item, test) in QTI 3.0's names; the input is left as it is. */
export function qti2ToQti3(root: XmlElement): XmlElement {
  return translate(root, false);
}

function translate(el: XmlElement, inContent: boolean): XmlElement {
  if (el.name.includes(":") || el.local === "math") return el;
  if (!isQtiElement(el, inContent)) return { ...el, children: el.children.map((c) => child(c, true)) };
  const name = qti3Name(el.local);
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(el.attributes)) attributes[key.includes(":") ? key : kebab(key)] = value;
  const content = inContent || CONTENT_ROOTS.has(el.local);
  return { ...el, name, local: name, attributes, children: el.children.map((c) => child(c, content)) };
}

function child(node: XmlNode, inContent: boolean): XmlNode {
  return typeof node === "string" ? node : translate(node, inContent);
}

/** Whether a document's root says it is QTI 2.x: its default namespace, or its prefix's. */
export function isQti2Root(root: XmlElement): boolean {
  const colon = root.name.indexOf(":");
  const ns = colon < 0 ? root.attributes.xmlns : root.attributes[`xmlns:${root.name.slice(0, colon)}`];
  return ns !== undefined && (QTI2_NAMESPACES as readonly string[]).includes(ns.trim());
}
