import { deflateSync, strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { looksLikeZip, readZip, unsafeEntryName, writeZip } from "./zip";

const MB = 1024 * 1024;

/** A zip whose entry names are written as given (fflate's zipSync takes any name). */
function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(entries)) files[name] = typeof data === "string" ? strToU8(data) : data;
  return zipSync(files);
}

describe("reading a zip safely", () => {
  it("gives the entries by name, folders left out, and reads what writeZip wrote", () => {
    const bytes = writeZip([
      ["imsmanifest.xml", strToU8("<manifest/>")],
      ["items/a.png", new Uint8Array([1, 2, 3])],
    ]);
    expect(looksLikeZip(bytes)).toBe(true);
    const read = readZip(bytes, MB);
    expect(read.ok && [...read.entries.keys()]).toEqual(["imsmanifest.xml", "items/a.png"]);
    expect(read.ok && [...read.entries.get("items/a.png")!]).toEqual([1, 2, 3]);
    expect(readZip(zipOf({ "dir/": new Uint8Array(), "dir/x.txt": "x" }), MB)).toMatchObject({
      ok: true,
      entries: new Map([["dir/x.txt", strToU8("x")]]),
    });
  });

  it("writes the same bytes for the same content", () => {
    const entries: [string, Uint8Array][] = [["a.xml", strToU8("<a/>")]];
    expect(writeZip(entries)).toEqual(writeZip(entries));
  });

  it("refuses entries with an absolute path, a drive, a backslash or a .. segment, naming the entry", () => {
    for (const name of ["../x", "a/../../x", "/etc/passwd", "\\x", "C:/x", "a\\..\\x"]) {
      const read = readZip(zipOf({ [name]: "x" }), MB);
      expect(read.ok).toBe(false);
      expect(!read.ok && read.message).toContain(`"${name}"`);
    }
    expect(unsafeEntryName("items/..a/x..png")).toBeNull();
  });

  it("refuses a zip bomb before inflating it: 50 MB of zeros in a file of some kilobytes", () => {
    const zeros = new Uint8Array(50 * MB);
    const bomb = zipSync({ "a.xml": zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(MB);
    const read = readZip(bomb, 45 * MB);
    expect(read).toMatchObject({ ok: false, tooLarge: true });
    expect(!read.ok && read.message).toMatch(/inflates to more than 45 MB .*"a\.xml"/);
  });

  it("keeps an entry that lies about its size to the size it declares", () => {
    // A local header and central directory saying 10 bytes for an entry that inflates to 10 MB.
    const data = deflateSync(new Uint8Array(10 * MB), { level: 9 });
    const bytes = zipSync({ "x.bin": [new Uint8Array(10 * MB), { level: 9 }] });
    const view = new DataView(bytes.buffer);
    for (let i = 0; i + 4 <= bytes.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 10, true); // local header: uncompressed size
      if (sig === 0x02014b50) view.setUint32(i + 24, 10, true); // central directory: uncompressed size
    }
    expect(data.length).toBeGreaterThan(0);
    const read = readZip(bytes, MB);
    if (read.ok) expect(read.entries.get("x.bin")!.length).toBeLessThanOrEqual(10);
    else expect(read.message).toMatch(/not a readable zip/);
  });

  it("says a truncated, corrupt or empty file is not a readable zip", () => {
    const good = zipOf({ "imsmanifest.xml": "<manifest/>".repeat(100) });
    for (const bad of [
      good.subarray(0, good.length - 30),
      good.subarray(0, 40),
      new Uint8Array(0),
      strToU8("PK\u0003\u0004 not really"),
    ]) {
      expect(readZip(bad, MB)).toMatchObject({ ok: false, message: expect.stringMatching(/not a readable zip/) });
    }
    const corrupt = good.slice();
    for (let i = 40; i < 80; i++) corrupt[i] = 0xff;
    expect(readZip(corrupt, MB).ok).toBe(false);
  });
});
