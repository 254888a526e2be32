// Validating XML files against an XSD with xmllint (Debian's libxml2-utils; CI installs it by
// scripts/ensure-xmllint.sh), for the qti3 tests. Test support only.
import { execFileSync } from "node:child_process";
import path from "node:path";

export const QTI3_XSD_DIR = path.resolve(import.meta.dirname, "../../vendor/qti3-xsd");
/** Items, tests and stimuli. */
export const QTI3_ASI_XSD = path.join(QTI3_XSD_DIR, "imsqti_asiv3p0p1_v1p0.xsd");
/** The content package's manifest. */
export const QTI3_CP_XSD = path.join(QTI3_XSD_DIR, "imsqtiv3p0_imscpv1p2_v1p0.xsd");

/** xmllint's verdict on the files against the schema: "" when every file is valid, else its complaints. */
export function xmllint(schema: string, files: string[]): string {
  try {
    execFileSync("xmllint", ["--noout", "--nonet", "--schema", schema, ...files], { stdio: "pipe", timeout: 120_000 });
    return "";
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    return e.stderr?.toString() || e.message;
  }
}
