import { describe, expect, it } from "vitest";
import { decodeBase64, decodedLength, encodeBase64 } from "./base64";

const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

describe("decodeBase64: accepted", () => {
  it.each([
    ["", ""],
    ["QQ==", "A"],
    ["QQ", "A"],
    ["QUI=", "AB"],
    ["QUI", "AB"],
    ["QUJD", "ABC"],
    ["QUJDRA==", "ABCD"],
    ["QUJDRA", "ABCD"],
    ["aGVsbG8gd29ybGQ=", "hello world"],
  ])("%j decodes to %j", (input, expected) => {
    expect(text(decodeBase64(input))).toBe(expected);
  });

  it("decodes + and / of the standard alphabet", () => {
    expect(Array.from(decodeBase64("+/8=")!)).toEqual([0xfb, 0xff]);
    expect(Array.from(decodeBase64("//79")!)).toEqual([0xff, 0xfe, 0xfd]);
  });

  it("tolerates line breaks (LF and CRLF), spaces, tabs and form feeds anywhere", () => {
    expect(text(decodeBase64("aGVs\nbG8g\r\nd29y bGQ=\n"))).toBe("hello world");
    expect(text(decodeBase64("\t aGVsbG8g\fd29ybGQ=  "))).toBe("hello world");
    expect(text(decodeBase64("QQ=\n="))).toBe("A");
  });

  it("decodes whitespace only as zero bytes", () => {
    expect(decodeBase64(" \r\n\t")).toEqual(new Uint8Array(0));
  });

  it("round-trips arbitrary bytes, with MIME-style 76-column lines, like Node's decoder", () => {
    const bytes = new Uint8Array(1000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    const encoded = Buffer.from(bytes).toString("base64");
    const wrapped = encoded.replace(/.{76}/g, "$&\r\n");
    expect(decodeBase64(encoded)).toEqual(bytes);
    expect(decodeBase64(wrapped)).toEqual(bytes);
    expect(decodeBase64(encoded.replace(/=+$/, ""))).toEqual(bytes);
    expect(encodeBase64(bytes)).toBe(encoded);
  });

  it("ignores non-zero leftover bits in the last character, as browsers' atob does", () => {
    expect(text(decodeBase64("QR=="))).toBe("A");
  });
});

describe("decodeBase64: rejected", () => {
  it.each([
    ["URL-safe '-'", "-w=="],
    ["URL-safe '_'", "_w=="],
    ["padding that does not complete a group", "QQ="],
    ["padding after a full group", "QUJD="],
    ["three padding characters", "Q==="],
    ["four padding characters", "QUJD===="],
    ["padding in the middle", "QQ==QUJD"],
    ["padding at the start", "=QQ="],
    ["a single character (1 mod 4)", "Q"],
    ["five characters (1 mod 4)", "QUJDR"],
    ["a non-ASCII letter", "QUJé"],
    ["a non-breaking space", "QQ\u00a0=="],
    ["a percent-encoded pad", "QQ%3D%3D"],
    ["a NUL", "QQ\u0000=="],
    ["a data: URL prefix", "data:image/png;base64,QQ=="],
  ])("%s (%j)", (_label, input) => {
    expect(decodeBase64(input)).toBeNull();
  });
});

describe("decodedLength", () => {
  it.each(["", "QQ==", "QQ", "QUI=", "QUJD", "aGVs\nbG8g\r\nd29y bGQ=\n", " \n"])(
    "matches the decoded size of %j",
    (input) => {
      expect(decodedLength(input)).toBe(decodeBase64(input)!.length);
    },
  );

  it("counts a large text quickly without decoding it", () => {
    const big = "QUJD".repeat(4 * 1024 * 1024); // 16 MiB of text, 12 MiB decoded
    const start = performance.now();
    expect(decodedLength(big)).toBe(12 * 1024 * 1024);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it("gives an estimate for invalid text (decodeBase64 then rejects it)", () => {
    expect(decodedLength("-_-_")).toBe(3);
    expect(decodeBase64("-_-_")).toBeNull();
  });
});
