// The content address of a media file (contract 8.4). Node-only (node:crypto), unlike the
// pure modules beside it.
import { createHash } from "node:crypto";

/** SHA-256 of the bytes as 64 lowercase hex digits. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
