// The real QTI 2.x files of tests/fixtures/real-world/qti2 (SOURCE.md says where each comes from)
// as the packages an author would send: the zips as they are, and each loose item (the IMS
// examples, Onyx's and rqti's items) zipped with a minimal manifest (resource type
// imsqti_item_xmlv2p1) and those of the images it refers to that its folder holds.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeZip } from "@/server/formats/zip";

export const QTI2_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/real-world/qti2");

export interface Qti2Package {
  /** The fixture's path under tests/fixtures/real-world/qti2. */
  name: string;
  bytes: Uint8Array;
}

const manifest = (href: string, files: readonly string[], type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="MANIFEST-1">
  <organizations/>
  <resources>
    <resource identifier="ITEM-1" type="${type}" href="${href}">
${[href, ...files].map((f) => `      <file href="${f}"/>`).join("\n")}
    </resource>
  </resources>
</manifest>
`;

/** The folders of loose item files. */
export const LOOSE_DIRS = ["ims-2.1", "onyx-sachsen", "rqti"];

/** One loose item (`folder/file.xml`) as a content package. */
export function looseItemPackage(name: string): Uint8Array {
  return looseQtiPackage(QTI2_FIXTURES, name, "imsqti_item_xmlv2p1");
}

/** The real QTI 3.0 items (tests/fixtures/real-world/qti3, SOURCE.md there). */
export const QTI3_REAL_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/real-world/qti3");

/** One real QTI 3.0 loose item (`folder/file.xml`) as a content package. */
export function looseQti3Package(name: string): Uint8Array {
  return looseQtiPackage(QTI3_REAL_FIXTURES, name, "imsqti_item_xmlv3p0");
}

/** A loose item under `root` zipped with a manifest naming it as `type`, with the images its folder holds. */
function looseQtiPackage(root: string, name: string, type: string): Uint8Array {
  const [folder, file] = name.split("/") as [string, string];
  const dir = path.join(root, folder);
  const xml = readFileSync(path.join(dir, file));
  const images = [
    ...new Set([...xml.toString("utf8").matchAll(/"((?:images|media)\/[^"]+)"/g)].map((m) => m[1]!)),
  ].filter((i) => existsSync(path.join(dir, i)));
  return writeZip([
    ["imsmanifest.xml", new TextEncoder().encode(manifest(file, images, type))],
    [file, new Uint8Array(xml)],
    ...images.map((i): [string, Uint8Array] => [i, new Uint8Array(readFileSync(path.join(dir, i)))]),
  ]);
}

/** Every fetched package and loose item, in a fixed order. */
export function qti2Packages(): Qti2Package[] {
  const zips = ["qtiworks", "tao"].flatMap((dir) =>
    readdirSync(path.join(QTI2_FIXTURES, dir))
      .filter((f) => f.endsWith(".zip"))
      .sort()
      .map((f) => ({ name: `${dir}/${f}`, bytes: new Uint8Array(readFileSync(path.join(QTI2_FIXTURES, dir, f))) })),
  );
  const loose = LOOSE_DIRS.flatMap((dir) =>
    readdirSync(path.join(QTI2_FIXTURES, dir))
      .filter((f) => f.endsWith(".xml"))
      .sort()
      .map((f) => ({ name: `${dir}/${f}`, bytes: looseItemPackage(`${dir}/${f}`) })),
  );
  return [...zips, ...loose];
}
