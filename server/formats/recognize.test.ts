import { describe, expect, it } from "vitest";
import { csv } from "./csv";
import { ARCHIVE_MARKER } from "./exam-json";
import { RECOGNITION_ORDER, recognizeFormat } from "./recognize";
import { availableFormats, formatModule, unavailableFormat } from "./registry";
import type { FormatModule } from "./types";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("recognising a file's format", () => {
  it("knows an Exam Studio archive by its marker", () => {
    expect(recognizeFormat(bytes(JSON.stringify({ format: ARCHIVE_MARKER, version: 1 })))).toEqual({
      ok: true,
      format: "exam_json",
    });
  });

  it("answers an issue at file that lists every format of the contract and says which can be imported", () => {
    for (const content of ['{"questions": []}', "not json", "", "\u0000\u0001binary"]) {
      const result = recognizeFormat(bytes(content));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.issue).toMatchObject({ code: "unknown_format", path: "file" });
      for (const id of ["exam_json", "qti3", "qti2", "moodle_xml", "gift", "aiken", "csv"])
        expect(result.issue.message).toContain(id);
      expect(result.issue.message).toMatch(
        /Of these, exam_json, qti3, qti2, moodle_xml, gift, aiken, csv, xlsx can be imported; send format/,
      );
    }
  });

  it("knows GIFT and Aiken by their syntax, and neither takes an archive, even one that holds their syntax", () => {
    expect(recognizeFormat(bytes("::Q1::Which port? {=443 ~80}\n"))).toEqual({ ok: true, format: "gift" });
    expect(recognizeFormat(bytes("Which port?\nA. 443\nB. 80\nANSWER: A\n"))).toEqual({ ok: true, format: "aiken" });
    const archive = JSON.stringify(
      {
        format: ARCHIVE_MARKER,
        version: 1,
        questions: [{ type: 1, question: "Which port?\nA. 443\nB. 80\nANSWER: A {=443 ~80}" }],
      },
      null,
      2,
    );
    expect(recognizeFormat(bytes(archive))).toEqual({ ok: true, format: "exam_json" });
    // Both syntaxes in one text file: GIFT is asked first, always.
    expect(recognizeFormat(bytes("Which port?\nA. 443\nB. 80\nANSWER: A\n\nQ {=a ~b}"))).toEqual({
      ok: true,
      format: "gift",
    });
    expect(RECOGNITION_ORDER).toEqual(["exam_json", "qti2", "qti3", "xlsx", "moodle_xml", "csv", "gift", "aiken"]);
  });

  it("says when a file that matches no format is not UTF-8 text either", () => {
    const result = recognizeFormat(Uint8Array.from([0x51, 0x7b, 0x3d, 0x61, 0x7d, 0xff]));
    expect(result.ok === false && result.issue.message).toMatch(
      /^is in no format this import knows \(it is not UTF-8 text either, which the text formats need\); /,
    );
  });

  it("asks each format's module in the order of the contract, decoding the text once and only when asked", () => {
    const asked: string[] = [];
    const zip: FormatModule = { id: "qti3", recognize: ({ bytes }) => (asked.push("qti3"), bytes[0] === 0x50) };
    const csv: FormatModule = {
      id: "csv",
      recognize: ({ text }) => (asked.push("csv"), text?.startsWith("question,") ?? false),
      parse: () => ({ ok: false, issues: [] }),
    };
    expect(recognizeFormat(bytes("question,type"), { csv, qti3: zip })).toEqual({ ok: true, format: "csv" });
    expect(asked).toEqual(["qti3", "csv"]);
    const none = recognizeFormat(Uint8Array.from([0xff]), { csv, qti3: zip });
    expect(none.ok === false && none.issue.message).toMatch(/Of these, csv can be imported/);
  });
});

describe("the formats available", () => {
  it("import all eight and export exam_json, qti3, moodle_xml and csv; QTI 2.x, GIFT, Aiken and XLSX are import formats only", () => {
    expect(availableFormats("import")).toEqual([
      "exam_json",
      "qti3",
      "qti2",
      "moodle_xml",
      "gift",
      "aiken",
      "csv",
      "xlsx",
    ]);
    expect(availableFormats("export")).toEqual(["exam_json", "qti3", "moodle_xml", "csv"]);
    for (const id of ["qti3", "moodle_xml"] as const) {
      expect(formatModule(id, "import")?.id).toBe(id);
      expect(formatModule(id, "export")?.id).toBe(id);
    }
    expect(formatModule("csv", "import")?.id).toBe("csv");
    expect(formatModule("csv", "export")?.id).toBe("csv");
    expect(formatModule("exam_json", "import")?.id).toBe("exam_json");
    expect(formatModule("gift", "import")?.id).toBe("gift");
    expect(formatModule("aiken", "import")?.id).toBe("aiken");
    expect(formatModule("gift", "export")).toBeNull();
    expect(unavailableFormat("gift", "export", "format")).toEqual({
      code: "format_unavailable",
      path: "format",
      message: "gift (GIFT) is a format to import from only; export is available for exam_json, qti3, moodle_xml, csv",
    });
    // A format without a module (as each was before it was built) says so, naming those that have one.
    expect(unavailableFormat("qti3", "import", "format", { csv }).message).toBe(
      "qti3 (QTI 3.0 content package) cannot be imported yet; import is available for csv so far",
    );
    expect(unavailableFormat("moodle_xml", "export", "format", { csv }).message).toBe(
      "moodle_xml (Moodle XML) cannot be exported yet; export is available for csv so far",
    );
  });
});
