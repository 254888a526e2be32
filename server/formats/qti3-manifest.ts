// The IMS content package manifest (`imsmanifest.xml`) of a qti3 export, and reading one back:
// one resource per test, item and stimulus, each listing its files (the XML and the media it
// refers to) and its dependencies, an item's tags as the LOM keywords of its metadata. Pure.
import { childElement, childElements, textContent, type XmlElement } from "./xml-read";
import { CP_NS, CP_XSD, XSI_NS } from "./qti3-common";
import { XML_DECLARATION, xmlElement, xmlText } from "./xml-write";

export const MANIFEST_FILE = "imsmanifest.xml";

export const RESOURCE_TYPES = {
  test: "imsqti_test_xmlv3p0",
  item: "imsqti_item_xmlv3p0",
  stimulus: "imsqti_stimulus_xmlv3p0",
} as const;

export interface ManifestResource {
  identifier: string;
  type: string;
  href: string;
  files: string[];
  dependencies: string[];
  /** The LOM keywords of its metadata (an item's tags, contract 15.3); left out or empty: none. */
  keywords?: string[];
}

export const LOM_NS = "http://ltsc.ieee.org/xsd/LOM";

/** The resource's metadata: its keywords as LOM `general/keyword`, one each. */
function metadataXml(keywords: readonly string[]): string {
  if (keywords.length === 0) return "";
  return xmlElement(
    "metadata",
    {},
    xmlElement(
      "lom",
      { xmlns: LOM_NS },
      xmlElement(
        "general",
        {},
        ...keywords.map((k) => xmlElement("keyword", {}, xmlElement("string", {}, xmlText(k)))),
      ),
    ),
  );
}

/** A resource's LOM keywords (`metadata/lom/general/keyword/string`, each string), in order. */
function keywordsOf(resource: XmlElement): string[] {
  const metadata = childElement(resource, "metadata");
  const lom = metadata && childElement(metadata, "lom");
  const general = lom && childElement(lom, "general");
  if (!general) return [];
  return childElements(general, "keyword").flatMap((k) => childElements(k, "string").map((s) => textContent(s)));
}

export function manifestXml(identifier: string, resources: readonly ManifestResource[]): string {
  return (
    XML_DECLARATION +
    xmlElement(
      "manifest",
      { xmlns: CP_NS, "xmlns:xsi": XSI_NS, "xsi:schemaLocation": `${CP_NS} ${CP_XSD}`, identifier },
      xmlElement("metadata", {}, xmlElement("schema", {}, "QTI Package"), xmlElement("schemaversion", {}, "3.0.0")),
      xmlElement("organizations", {}),
      xmlElement(
        "resources",
        {},
        ...resources.map((r) =>
          xmlElement(
            "resource",
            { identifier: r.identifier, type: r.type, href: r.href },
            metadataXml(r.keywords ?? []),
            ...[...new Set([r.href, ...r.files])].map((f) => xmlElement("file", { href: f })),
            ...r.dependencies.map((d) => xmlElement("dependency", { identifierref: d })),
          ),
        ),
      ),
    ) +
    "\n"
  );
}

/** The resources of a manifest, in document order. */
export function manifestResources(root: XmlElement): ManifestResource[] {
  const resources = childElement(root, "resources");
  if (!resources) return [];
  return childElements(resources, "resource").map((r) => ({
    identifier: r.attributes.identifier ?? "",
    type: r.attributes.type ?? "",
    href: r.attributes.href ?? childElement(r, "file")?.attributes.href ?? "",
    files: childElements(r, "file").map((f) => f.attributes.href ?? ""),
    dependencies: childElements(r, "dependency").map((d) => d.attributes.identifierref ?? ""),
    keywords: keywordsOf(r),
  }));
}
