import { describe, expect, it } from "vitest";
import { COMMENT_BODY_MAX, commentCreateParams, forbiddenControlCharacter, normalizeLineBreaks } from "./comment";
import { parseWith } from "./zod-issues";

const body = (value: unknown) => parseWith(commentCreateParams, { question_id: 1, body: value });

describe("comment bodies", () => {
  it("writes every line break as \\n", () => {
    expect(normalizeLineBreaks("a\r\nb\rc\nd\r\n\r\ne")).toBe("a\nb\nc\nd\n\ne");
    expect(normalizeLineBreaks("no breaks")).toBe("no breaks");
  });

  it("finds control characters other than tab and line feed, by code point", () => {
    expect(forbiddenControlCharacter("tab\tand\nline feed")).toBeNull();
    expect(forbiddenControlCharacter("plain 😀 e\u0301 \u00A0 \u2028")).toBeNull();
    expect(forbiddenControlCharacter("a\u0007b")).toBe("U+0007");
    expect(forbiddenControlCharacter("a\u000Bb\u001B")).toBe("U+000B");
    expect(forbiddenControlCharacter("\r")).toBe("U+000D");
    expect(forbiddenControlCharacter("\u007F")).toBe("U+007F");
    expect(forbiddenControlCharacter("\u0080")).toBe("U+0080");
    expect(forbiddenControlCharacter("\u009F")).toBe("U+009F");
    expect(forbiddenControlCharacter("\u00A0")).toBeNull();
    // NUL is the params check's (refused in every string).
    expect(forbiddenControlCharacter("\u0000")).toBeNull();
  });

  it("trims, keeps inner white space and CRLF as LF, and takes HTML as text", () => {
    expect(body("  <b>x</b>\r\n\tsecond  \n")).toEqual({
      ok: true,
      data: { question_id: 1, body: "<b>x</b>\n\tsecond" },
    });
  });

  it("counts the limit after trimming", () => {
    expect(body(` ${"a".repeat(COMMENT_BODY_MAX)} `).ok).toBe(true);
    expect(body("a".repeat(COMMENT_BODY_MAX + 1))).toEqual({
      ok: false,
      issues: [
        {
          code: "too_long",
          path: "body",
          message: `must have at most ${COMMENT_BODY_MAX} characters`,
          details: { max: COMMENT_BODY_MAX },
        },
      ],
    });
  });

  it("refuses empty text, control characters and other types at body", () => {
    for (const [value, code] of [
      ["", "empty"],
      [" \r\n\t", "empty"],
      ["a\u001Bb", "invalid_character"],
      [3, "invalid_type"],
      [null, "invalid_type"],
      [undefined, "required"],
    ] as const) {
      const parsed = body(value);
      expect(parsed.ok, JSON.stringify(value)).toBe(false);
      if (!parsed.ok) expect(parsed.issues.map((i) => [i.code, i.path])).toEqual([[code, "body"]]);
    }
  });
});
