// The `style` attribute: only `text-align` with one of its four keywords survives, rebuilt from
// the allowlist (never copied from the input), so the stored value is always one of four strings.
import { TEXT_ALIGN_VALUES } from "./allowlist";

export interface RemovedDeclaration {
  /** The property as written, lower-cased (or the whole declaration when it has no colon). */
  property: string;
  /** Set when the property is allowed but this value is not. */
  value?: string;
}

export interface FilteredStyle {
  /** `text-align:center`, or null when nothing is kept. */
  kept: string | null;
  removed: RemovedDeclaration[];
}

export function filterStyle(style: string): FilteredStyle {
  let align: string | null = null;
  const removed: RemovedDeclaration[] = [];
  for (const declaration of style.split(";")) {
    const text = declaration.trim();
    if (text === "") continue;
    const colon = text.indexOf(":");
    if (colon === -1) {
      removed.push({ property: text.toLowerCase() });
      continue;
    }
    const property = text.slice(0, colon).trim().toLowerCase();
    const value = text
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (property !== "text-align") {
      removed.push({ property });
    } else if (TEXT_ALIGN_VALUES.has(value)) {
      align = value; // a later declaration wins, as in CSS
    } else {
      removed.push({ property, value });
    }
  }
  return { kept: align === null ? null : `text-align:${align}`, removed };
}
