// An item's response declaration as the import reads it: the correct values, the mapping and
// which of the mapping's bounds it sets. Its own file, since the item reader and the graphic
// readers both use it. Pure.
import { childElement, childElements, textContent, type XmlElement } from "./xml-read";

/** The response declaration's correct values and mapping. */
export function declarationOf(root: XmlElement, identifier: string) {
  const decl =
    childElements(root, "qti-response-declaration").find((d) => d.attributes.identifier === identifier) ?? null;
  const correct = decl
    ? childElements(childElement(decl, "qti-correct-response") ?? decl, "qti-value").map((v) => textContent(v).trim())
    : [];
  const mappingEl = decl ? childElement(decl, "qti-mapping") : null;
  const mapping = new Map<string, { value: number; caseSensitive: boolean }>();
  if (mappingEl)
    for (const entry of childElements(mappingEl, "qti-map-entry")) {
      mapping.set(entry.attributes["map-key"] ?? "", {
        value: Number(entry.attributes["mapped-value"] ?? 0) || 0,
        caseSensitive: entry.attributes["case-sensitive"] === "true",
      });
    }
  const bounds = mappingEl
    ? ["default-value", "lower-bound", "upper-bound"].filter(
        (a) => a in mappingEl.attributes && !(a === "default-value" && Number(mappingEl.attributes[a]) === 0),
      )
    : [];
  return { decl, cardinality: decl?.attributes.cardinality ?? "single", correct, mapping, mappingEl, bounds };
}
