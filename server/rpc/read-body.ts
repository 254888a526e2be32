// Reads a request body up to a byte limit without buffering more than the limit.
import { formatBytes } from "../config";
import { AppError } from "../errors";

export async function readBodyWithLimit(req: Request, limitBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  return new TextDecoder("utf-8").decode(all);
}

function tooLarge(limitBytes: number): AppError {
  return new AppError("too_large", {
    message: "Payload too large",
    data: { reason: `the request body is larger than the limit of ${formatBytes(limitBytes)}`, limit_bytes: limitBytes },
  });
}
