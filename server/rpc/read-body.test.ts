import { describe, expect, it } from "vitest";
import { collectWithLimit } from "./read-body";

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

  it("keeps what arrives when it is shorter or longer than declared", async () => {
    expect(await collectWithLimit(chunksOf(bytes("abc")), 1000, noop, 10)).toBe("abc");
    expect(await collectWithLimit(chunksOf(bytes("abc"), bytes("def")), 1000, noop, 4)).toBe("abcdef");
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
