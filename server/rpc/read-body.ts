// Reads a request body up to a byte limit without buffering more than the limit, from a web
// stream (Next's route handler) or a Node stream (the production server): one rule for both.
import { formatBytes } from "../format-bytes";
import { AppError } from "../errors";

/** A body whose Content-Length already says it is too large is refused before reading. */
export function checkDeclaredLength(contentLength: string | null | undefined, limitBytes: number): void {
  const declared = Number(contentLength ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
}

/**
 * Concatenates chunks as they arrive, throwing once they pass the limit. With the declared
 * length (`expected`) the body is copied into one buffer of that size as it arrives, rather than
 * kept in chunks and then copied again whole: a 50 MB body then costs 50 MB less at its peak.
 * A body that ends before its declared length was cut short on its way (a layer in front that
 * passes bodies only up to some size, as Next's proxy does): it is refused, never parsed.
 */
export async function collectWithLimit(
  chunks: AsyncIterable<Uint8Array>,
  limitBytes: number,
  stop: () => void,
  expected?: number,
): Promise<string> {
  let whole =
    expected !== undefined && Number.isInteger(expected) && expected > 0 && expected <= limitBytes
      ? Buffer.allocUnsafe(expected)
      : null;
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    if (total + chunk.byteLength > limitBytes) {
      stop();
      throw tooLarge(limitBytes);
    }
    if (whole && total + chunk.byteLength > whole.byteLength) {
      // More than the declared length (Node's parser frames bodies by it, so not from there):
      // go on in chunks.
      parts.push(whole.subarray(0, total));
      whole = null;
    }
    if (whole) whole.set(chunk, total);
    else parts.push(chunk);
    total += chunk.byteLength;
  }
  if (expected !== undefined && Number.isInteger(expected) && total < expected) throw cutShort(total, expected);
  return whole ? whole.toString("utf8", 0, total) : Buffer.concat(parts, total).toString("utf8");
}

export async function readBodyWithLimit(req: Request, limitBytes: number): Promise<string> {
  const declared = req.headers.get("content-length");
  checkDeclaredLength(declared, limitBytes);
  if (!req.body) return "";
  const reader = req.body.getReader();
  async function* chunks() {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  return collectWithLimit(
    chunks(),
    limitBytes,
    () => void reader.cancel().catch(() => {}),
    Number(declared ?? Number.NaN),
  );
}

function tooLarge(limitBytes: number): AppError {
  return new AppError("too_large", {
    message: "Payload too large",
    data: {
      reason: `the request body is larger than the limit of ${formatBytes(limitBytes)}`,
      limit_bytes: limitBytes,
    },
  });
}

function cutShort(received: number, declared: number): AppError {
  return new AppError("too_large", {
    message: "Payload too large",
    data: {
      reason:
        `the request body arrived cut short: ${received} of the ${declared} bytes its Content-Length declares, ` +
        "so it was not read; something in front of the API passes bodies only up to a size below this one",
      received_bytes: received,
      declared_bytes: declared,
    },
  });
}
