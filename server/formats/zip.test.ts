import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deflatedZeros, lyingZip, zipOfRaw } from "@/tests/support/lying-zip.mjs";
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
    expect(!read.ok && read.message).toMatch(/inflates to more than 45 MiB .*"a\.xml"/);
  });

  it("refuses at once an entry that inflates to more than it declares: 2 GiB of zeros claiming 100 bytes", () => {
    // Read to the end, this entry costs half a minute (the excess written nowhere): the test's
    // own time limit is the bound on how far it is inflated.
    const { bytes, inflated } = lyingZip({
      name: "items/big.xml",
      declared: 100,
      inflates: 2 * 1024 * MB,
      before: [{ name: "imsmanifest.xml", data: strToU8("<manifest/>") }],
    });
    expect(inflated).toBeGreaterThan(2 * 1024 * MB);
    expect(bytes.length).toBeLessThan(20 * MB);
    const read = readZip(bytes, 45 * MB);
    expect(read).toMatchObject({ ok: false, tooLarge: true });
    expect(!read.ok && read.message).toBe(
      'has an entry "items/big.xml" that inflates to more than its declared 100 bytes; a zip whose headers lie about its sizes is refused',
    );
  });

  it("says an entry that inflates to less than it declares is corrupt, and reads the same entry told truly", () => {
    const { data, inflated } = deflatedZeros(3 * MB);
    const short = readZip(zipOfRaw([{ name: "a.bin", data, deflated: true, declared: inflated + 1 }]), 45 * MB);
    expect(short).toMatchObject({ ok: false, message: expect.stringMatching(/not a readable zip/) });
    expect(!short.ok && short.message).toContain(`entry "a.bin" holds ${inflated} bytes where its headers declare`);
    expect(short.ok || short.tooLarge).toBeFalsy();
    const honest = readZip(zipOfRaw([{ name: "a.bin", data, deflated: true, declared: inflated }]), 45 * MB);
    expect(honest.ok && honest.entries.get("a.bin")!.every((b) => b === 0)).toBe(true);
    expect(honest.ok && honest.entries.get("a.bin")!.length).toBe(inflated);
  });

  it("refuses a zip whose directory lies outside the file, and a compression method it does not read", () => {
    const zip = zipOfRaw([{ name: "a.xml", data: strToU8("<a/>") }]);
    const view = new DataView(zip.buffer);
    const cut = zip.slice();
    new DataView(cut.buffer).setUint32(zip.length - 22 + 16, zip.length, true);
    expect(readZip(cut, MB)).toMatchObject({ ok: false, message: expect.stringMatching(/not a readable zip/) });
    const central = zip.length - 22 - 46 - 5;
    expect(view.getUint32(central, true)).toBe(0x02014b50);
    const bzip2 = zip.slice();
    new DataView(bzip2.buffer).setUint16(central + 10, 12, true);
    expect(readZip(bzip2, MB)).toMatchObject({
      ok: false,
      message: 'has an entry "a.xml" compressed with method 12; only stored and deflated entries are read',
    });
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
