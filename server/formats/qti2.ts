// QTI 2.1 and 2.2 content packages (`qti2`, contract 13.3 point 4), which TAO and many vendors
// write: import only (export stays QTI 3.0). The package is read by the qti3 import with the QTI
// 3.0 mapping; its test and item documents are first translated into QTI 3.0's names
// (qti2-names.ts). Recognised as a zip with imsmanifest.xml whose manifest lists QTI 2.x
// resources (imsqti_item_xmlv2p1 …), or, when the resource types say nothing, whose items are
// in a QTI 2.x namespace. Pure.
import { MANIFEST_FILE, manifestResources } from "./qti3-manifest";
import { looksLikeQti3, parseQtiPackage, type QtiDialect } from "./qti3-import";
import { isQti2Root, qti2ToQti3 } from "./qti2-names";
import { utf8Text } from "./shared";
import type { FormatModule } from "./types";
import { readXml, type XmlElement } from "./xml-read";
import { readZipEntries } from "./zip";

// APIP packages (QTI 2.1 with accessibility) name their items and tests apipitem/apiptest.
const V2_TEST = /^imsqti_(test|assessment|apiptest|apiptestroot)_xmlv2p[0-2]/;
const V2_ITEM = /^imsqti_(item|apipitem|apipitemroot)_xmlv2p[0-2]/;
const V3 = /^imsqti_\w+_xmlv3/;

/** Recognition reads the manifest and at most this many item files, never the whole package. */
const RECOGNITION_MAX_FILES = 20;
const RECOGNITION_MAX_BYTES = 8 * 1024 * 1024;

function xmlRoot(bytes: Uint8Array | undefined): XmlElement | null {
  const text = bytes ? utf8Text(bytes) : null;
  const read = text === null ? null : readXml(text);
  return read?.ok ? read.root : null;
}

/** A content package whose manifest lists QTI 2.x resources, or whose items are in a 2.x namespace. */
export function looksLikeQti2(bytes: Uint8Array): boolean {
  if (!looksLikeQti3(bytes)) return false;
  const manifest = xmlRoot(readZipEntries(bytes, [MANIFEST_FILE], RECOGNITION_MAX_BYTES)?.get(MANIFEST_FILE));
  if (!manifest) return false;
  const resources = manifestResources(manifest);
  if (resources.some((r) => V3.test(r.type))) return false;
  if (resources.some((r) => V2_ITEM.test(r.type) || V2_TEST.test(r.type))) return true;
  // A vendor's own resource types: the items' namespace decides.
  const hrefs = resources
    .map((r) => r.href)
    .filter((h) => /\.xml$/i.test(h))
    .slice(0, RECOGNITION_MAX_FILES);
  const files = readZipEntries(bytes, hrefs, RECOGNITION_MAX_BYTES);
  return (
    files !== null &&
    hrefs.some((h) => {
      const root = xmlRoot(files.get(h));
      return root !== null && isQti2Root(root);
    })
  );
}

/** QTI 2.x for the package reader: its resource types, and its documents translated into QTI 3.0's names. */
export const QTI2_DIALECT: QtiDialect = {
  isTest: (type) => V2_TEST.test(type),
  isItem: (type) => V2_ITEM.test(type),
  translate: qti2ToQti3,
  untypedItem: (root) => isQti2Root(root) && root.local === "assessmentItem",
  noItems: (resources) =>
    resources.some((r) => V3.test(r.type))
      ? "is a QTI 3.0 content package; send format qti3 (or leave format out) to read it"
      : "is a content package that lists no QTI 2.x items (resources of type imsqti_item_xmlv2p1 or imsqti_item_xmlv2p2, or a test that refers to items)",
};

export const qti2: FormatModule = {
  id: "qti2",
  recognize: ({ bytes }) => looksLikeQti2(bytes),
  parse: (bytes, options) => parseQtiPackage(bytes, options, QTI2_DIALECT),
};
