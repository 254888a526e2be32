// Small QTI 2.1 items and packages written in a test, for the qti2 import's unit tests.
import { zipSync } from "fflate";
import { qti2 } from "@/server/formats/qti2";
import type { ImportPlan } from "@/server/formats/types";

export const enc = (s: string) => new TextEncoder().encode(s);

export const NS21 = "http://www.imsglobal.org/xsd/imsqti_v2p1";

/** A QTI 2.1 item with the given declarations, body and response processing. */
export const item21 = (id: string, decl: string, body: string, rp = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="${NS21}" identifier="${id}" title="${id}" adaptive="false" timeDependent="false">
${decl}
<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
<itemBody>${body}</itemBody>
${rp}
</assessmentItem>`;

export const manifest21 = (hrefs: readonly string[], type = "imsqti_item_xmlv2p1") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><organizations/><resources>${hrefs
    .map((h, i) => `<resource identifier="R${i}" type="${type}" href="${h}"><file href="${h}"/></resource>`)
    .join("")}</resources></manifest>`;

export function package21(items: Record<string, string>, type?: string): Uint8Array {
  const files: Record<string, Uint8Array> = { "imsmanifest.xml": enc(manifest21(Object.keys(items), type)) };
  for (const [name, xml] of Object.entries(items)) files[name] = enc(xml);
  return zipSync(files);
}

export function planOf(bytes: Uint8Array): ImportPlan {
  const result = qti2.parse!(bytes, { maxItems: 1000 });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}
