// What an edit would drop of a stored text: measured through the real editor schema (the HTML
// parsed by Tiptap and written back by our serialiser), not against a hand-written guess.
import { getSchema, type JSONContent } from "@tiptap/core";
import { generateJSON } from "@tiptap/html/server";
import { Node } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import { cleanHtml } from "@/server/html/policy";
import { editLossWarning, listInWords, lostOnEdit } from "./edit-loss";
import { richTextExtensions, type RichTextOptions } from "./extensions";
import { docToHtml } from "./serialize";
import { AUDIO, compactDocument, fullDocument, linkedDocument } from "./test-docs";

function editorForm(html: string, options: RichTextOptions): string {
  const extensions = richTextExtensions(options);
  return docToHtml(Node.fromJSON(getSchema(extensions), generateJSON(html, extensions)));
}

/** The stored form (through the policy, as the API stores it), then what an edit would lose. */
function loss(html: string, options: RichTextOptions = {}): string[] {
  const stored = cleanHtml(
    html,
    options.allowLinks ? "explanation" : options.compact ? "answer" : "question",
    "field",
  ).html;
  return lostOnEdit(stored, editorForm(stored, options));
}

describe("what an edit loses of a stored text", () => {
  it.each<[string, () => JSONContent, RichTextOptions]>([
    ["an answer", compactDocument, { compact: true }],
    ["a question", fullDocument, {}],
    ["an explanation", linkedDocument, { allowLinks: true }],
  ])("nothing, for everything the editor itself writes (%s)", (_name, document, options) => {
    const html = docToHtml(Node.fromJSON(getSchema(richTextExtensions(options)), document()));
    expect(lostOnEdit(html, editorForm(html, options))).toEqual([]);
  });

  it.each<[string, string, RichTextOptions, string[]]>([
    ["plain paragraphs, list items without paragraphs, spans", "<p>a <span>b</span></p><ul><li>x</li></ul>", {}, []],
    [
      "a table's caption, header and footer sections",
      "<table><caption>Prices</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>",
      {},
      ["table caption", "table header section", "table footer section"],
    ],
    [
      "a figure with its caption",
      `<figure><img src="${AUDIO.replace(".mp3", ".png")}" alt="x" /><figcaption>Fig. 1</figcaption></figure>`,
      {},
      ["figure"],
    ],
    ["a video", `<video src="${AUDIO.replace(".mp3", ".mp4")}" controls></video><p>a</p>`, {}, ["video"]],
    [
      "audio options",
      `<audio src="${AUDIO}" controls loop muted></audio>`,
      {},
      ["audio “loop” setting", "audio “muted” setting"],
    ],
    [
      "an answer's heading and table",
      "<h2>Title</h2><table><tbody><tr><td>d</td></tr></tbody></table>",
      { compact: true },
      ["heading", "table"],
    ],
    ["a table cell's alignment survives; a paragraph's is kept", '<p style="text-align:center">a</p>', {}, []],
  ])("%s", (_name, html, options, expected) => {
    expect(loss(html, options)).toEqual(expected);
  });
});

describe("the warning", () => {
  it("says nothing when nothing is lost", () => {
    expect(editLossWarning([])).toBeNull();
  });

  it("says what an edit would drop", () => {
    expect(editLossWarning(["table caption", "video"])).toBe(
      "The editor cannot keep this text's table caption and video: it is saved as stored unless you edit this field.",
    );
  });

  it("lists in words", () => {
    expect(listInWords(["a"])).toBe("a");
    expect(listInWords(["a", "b", "c"])).toBe("a, b and c");
  });
});
