// Documents for the rich-text tests: every formatting feature the editor offers, written as
// Tiptap JSON (what the editor holds), so the tests check what the editor itself would write.
import type { JSONContent } from "@tiptap/core";

export const IMAGE = `/media/${"a1".repeat(32)}.png`;
export const AUDIO = `/media/${"b2".repeat(32)}.mp3`;
export const YOUTUBE = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

type Marks = JSONContent["marks"];

export const text = (value: string, ...marks: string[]): JSONContent => ({
  type: "text",
  text: value,
  ...(marks.length ? { marks: marks.map((type) => ({ type })) as Marks } : {}),
});
export const markedText = (value: string, marks: Marks): JSONContent => ({ type: "text", text: value, marks });
export const p = (...content: JSONContent[]): JSONContent => ({ type: "paragraph", content });
export const aligned = (textAlign: string, node: JSONContent): JSONContent => ({
  ...node,
  attrs: { ...node.attrs, textAlign },
});
export const heading = (level: number, ...content: JSONContent[]): JSONContent => ({
  type: "heading",
  attrs: { level },
  content,
});
export const doc = (...content: JSONContent[]): JSONContent => ({ type: "doc", content });
const item = (...content: JSONContent[]): JSONContent => ({ type: "listItem", content });
export const bullets = (...items: JSONContent[][]): JSONContent => ({
  type: "bulletList",
  content: items.map((c) => item(...c)),
});
export const numbers = (start: number, ...items: JSONContent[][]): JSONContent => ({
  type: "orderedList",
  attrs: { start },
  content: items.map((c) => item(...c)),
});
export const image = (alt: string | null, title?: string): JSONContent => ({
  type: "image",
  attrs: { src: IMAGE, alt, ...(title ? { title } : {}) },
});
export const audio = (): JSONContent => ({ type: "audio", attrs: { src: AUDIO } });
export const youtube = (src = YOUTUBE): JSONContent => ({ type: "youtube", attrs: { src } });
export const link = (value: string, href: string): JSONContent =>
  markedText(value, [{ type: "link", attrs: { href } }]);

const cell = (type: "tableHeader" | "tableCell", value: string, attrs: Record<string, unknown> = {}): JSONContent => ({
  type,
  attrs,
  content: [p(text(value))],
});

/** A table with a header row, a merged cell, an aligned cell and formatting inside cells. */
export const table = (): JSONContent => ({
  type: "table",
  content: [
    { type: "tableRow", content: [cell("tableHeader", "Name"), cell("tableHeader", "Value", { align: "right" })] },
    {
      type: "tableRow",
      content: [
        { type: "tableCell", content: [p(text("bold", "bold"), text(" & plain"))] },
        cell("tableCell", "42", { align: "center" }),
      ],
    },
    { type: "tableRow", content: [cell("tableCell", "spanning both", { colspan: 2 })] },
  ],
});

/** Each mark alone, all marks together, and marks that overlap. */
export function inlineFormatting(): JSONContent {
  return p(
    text("Bold", "bold"),
    text(" "),
    text("italic", "italic"),
    text(" "),
    text("underline", "underline"),
    text(" "),
    text("strike", "strike"),
    text(" H"),
    text("2", "subscript"),
    text("O x"),
    text("2", "superscript"),
    text(" "),
    text("a < b && c > d", "code"),
    text(" "),
    text("all of them", "bold", "italic", "underline", "strike"),
    text(" over", "bold"),
    text("lap", "bold", "italic"),
    text("ping", "italic"),
    { type: "hardBreak" },
    text('after a "line" break\u00a0with no-break space'),
  );
}

/** Every block the compact editor (answers) has. */
export function compactDocument(): JSONContent {
  return doc(
    inlineFormatting(),
    p(text("An inline "), image("A red square"), text(" image and one without alt "), image(null)),
    bullets([p(text("one"))], [p(text("two")), bullets([p(text("nested"))])]),
    numbers(1, [p(text("first"))], [p(text("second")), numbers(3, [p(text("nested from 3"))])]),
    { type: "codeBlock", content: [text('const a = 1;\nif (a < 2) {\n  print("<b>");\n}')] },
    { type: "blockquote", content: [p(text("quoted"))] },
    { type: "horizontalRule" },
    audio(),
    aligned("center", p(text("centred"))),
    aligned("justify", p(text("justified"))),
    p(),
    p(text("after an empty paragraph")),
  );
}

/** Every block of the full editor. */
export function fullDocument(): JSONContent {
  const compact = compactDocument().content ?? [];
  return doc(
    ...[1, 2, 3, 4, 5, 6].map((level) => heading(level, text(`Heading ${level}`))),
    aligned("right", heading(2, text("Right heading"))),
    aligned("left", p(text("left"))),
    ...compact,
    table(),
    p(image('Alt with "quotes" & <angles>', "A title")),
  );
}

/** The full document with links and a YouTube embed (explanation, descriptions). */
export function linkedDocument(): JSONContent {
  const full = fullDocument().content ?? [];
  return doc(
    ...full,
    p(
      link("https", "https://example.com/a?b=1&c=2"),
      text(", "),
      link("http", "http://example.com"),
      text(", "),
      link("mail", "mailto:someone@example.com"),
      text(", "),
      link("relative", "/exams/12"),
      text(", "),
      markedText("bold link", [{ type: "bold" }, { type: "link", attrs: { href: "https://example.org" } }]),
    ),
    youtube(),
    youtube("https://www.youtube.com/embed/dQw4w9WgXcQ?start=30"),
  );
}
