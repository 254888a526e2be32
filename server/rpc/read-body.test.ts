import { describe, expect, it } from "vitest";
import { collectWithLimit, readBodyWithLimit } from "./read-body";

async function* chunksOf(...parts: Uint8Array[]) {
  for (const p of parts) yield p;
}
const bytes = (s: string) => new TextEncoder().encode(s);
const noop = () => {};

describe("collectWithLimit", () => {
  // "é" is two bytes; split between chunks, it must still decode whole.
  const text = '{"a":"é ü ✓"}';
  const encoded = bytes(text);
  const split = [encoded.subarray(0, 7), encoded.subarray(7, 8), encoded.subarray(8)];

  it("decodes the body with or without its declared length, characters split across chunks", async () => {
    expect(await collectWithLimit(chunksOf(...split), 1000, noop)).toBe(text);
    expect(await collectWithLimit(chunksOf(...split), 1000, noop, encoded.byteLength)).toBe(text);
  });

  it("keeps what arrives when it is longer than declared", async () => {
    expect(await collectWithLimit(chunksOf(bytes("abc"), bytes("def")), 1000, noop, 4)).toBe("abcdef");
  });

  // Next's proxy passed on only the first 10 MB of a body, and the cut JSON was answered -32700.
  it("refuses a body that ends before its declared length: it was cut short on its way", async () => {
    await expect(collectWithLimit(chunksOf(bytes("abc")), 1000, noop, 10)).rejects.toMatchObject({
      kind: "too_large",
      data: {
        received_bytes: 3,
        declared_bytes: 10,
        reason: expect.stringMatching(/^the request body arrived cut short: 3 of the 10 bytes/),
      },
    });
    await expect(collectWithLimit(chunksOf(), 1000, noop, 1)).rejects.toMatchObject({ kind: "too_large" });
  });

  it("stops and refuses past the limit, declared or not", async () => {
    let stopped = 0;
    await expect(collectWithLimit(chunksOf(bytes("abc"), bytes("def")), 5, () => stopped++)).rejects.toMatchObject({
      kind: "too_large",
    });
    await expect(collectWithLimit(chunksOf(bytes("abc"), bytes("def")), 5, () => stopped++, 5)).rejects.toMatchObject({
      kind: "too_large",
    });
    expect(stopped).toBe(2);
  });
});

describe("readBodyWithLimit (Next's route handler)", () => {
  const post = (body: string, length: number) =>
    new Request("http://test.local/api/json", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(length) },
      body,
    });

  it("reads a body of its declared length", async () => {
    expect(await readBodyWithLimit(post('{"a":1}', 7), 1000)).toBe('{"a":1}');
  });

  it("refuses a body shorter than its Content-Length instead of reading the cut JSON", async () => {
    await expect(readBodyWithLimit(post('{"a":', 7), 1000)).rejects.toMatchObject({
      kind: "too_large",
      data: { received_bytes: 5, declared_bytes: 7 },
    });
  });
});
