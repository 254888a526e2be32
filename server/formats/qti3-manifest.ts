// The IMS content package manifest (`imsmanifest.xml`) of a qti3 export, and reading one back:
// one resource per test, item and stimulus, each listing its files (the XML and the media it
// refers to) and its dependencies. Pure.
import { childElement, childElements, type XmlElement } from "./xml-read";
import { CP_NS, CP_XSD, XSI_NS } from "./qti3-common";
import { XML_DECLARATION, xmlElement } from "./xml-write";

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
  }));
}
