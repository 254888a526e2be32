// Reads a request body up to a byte limit without buffering more than the limit, from a web
// stream (Next's route handler) or a Node stream (the production server): one rule for both.
import { formatBytes } from "../format-bytes";
import { AppError } from "../errors";

/** A body whose Content-Length already says it is too large is refused before reading. */
export function checkDeclaredLength(contentLength: string | null | undefined, limitBytes: number): void {
  const declared = Number(contentLength ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
}

/** Concatenates chunks as they arrive, throwing once they pass the limit. */
export async function collectWithLimit(chunks: AsyncIterable<Uint8Array>, limitBytes: number, stop: () => void): Promise<string> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > limitBytes) {
      stop();
      throw tooLarge(limitBytes);
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, total).toString("utf8");
}

export async function readBodyWithLimit(req: Request, limitBytes: number): Promise<string> {
  checkDeclaredLength(req.headers.get("content-length"), limitBytes);
  if (!req.body) return "";
  const reader = req.body.getReader();
  async function* chunks() {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  return collectWithLimit(chunks(), limitBytes, () => void reader.cancel().catch(() => {}));
}

function tooLarge(limitBytes: number): AppError {
  return new AppError("too_large", {
    message: "Payload too large",
    data: { reason: `the request body is larger than the limit of ${formatBytes(limitBytes)}`, limit_bytes: limitBytes },
  });
}
