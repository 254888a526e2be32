// HTML between the HTML policy's output and QTI's content model (qti3-html.ts): every construct
// the policy keeps, written into an item that is valid against the QTI 3.0.1 XSD, and read back
// as it was stored.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QTI3_ASI_XSD, xmllint } from "@/tests/support/xmllint";
import { cleanHtml } from "../html/policy";
import { exportQti3 } from "./qti3-export";
import { allTypesExam, PICTURE, SOUND } from "../../tests/support/qti3-fixture";
import { htmlToQti, qtiToHtml } from "./qti3-html";
import { parseQti3 } from "./qti3-import";
import { readXml } from "./xml-read";
import { readZip } from "./zip";

const VIDEO = `/media/${"f".repeat(64)}.mp4`;

/** Every element and attribute the policy keeps, as the policy writes them. */
const RICH = [
  '<h1 style="text-align:center">Title</h1><h2>Sub</h2><h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6>',
  "<p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>under</u> <s>strike</s> x<sub>2</sub> y<sup>3</sup> <code>code</code> &amp; &lt;tag&gt; \"quoted\" 'single'<br />next</p>",
  "<pre>  keep   spaces\n  and lines</pre><blockquote><p>Quote</p></blockquote><hr />",
  '<ul><li>one</li><li><p>two</p><ol start="3"><li>three</li></ol></li></ul>',
  '<table><caption>Cap</caption><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td rowspan="2">a</td><td style="text-align:right">b</td></tr><tr><td>c</td></tr></tbody><tfoot><tr><td>f</td><td>g</td></tr></tfoot></table>',
  `<figure><img src="${PICTURE}" alt="" title="t" width="30" height="30" /><figcaption>Fig</figcaption></figure>`,
  `<p>Listen <strong>now <audio src="${SOUND}" controls loop muted preload="none"></audio></strong> please</p>`,
  `<video src="${VIDEO}" poster="${PICTURE}" controls><source src="${VIDEO}" type="video/mp4" /></video>`,
  `<p><img src="${PICTURE}" /> <span style="text-align:left">span</span></p>`,
].join("");

describe("qti3 HTML", () => {
  it("the policy's output is a fixed point (the test's HTML is stored as written)", () => {
    expect(cleanHtml(RICH, "question", "q").html).toBe(RICH);
  });

  it("is written into an item valid against the XSD and read back as stored", () => {
    const content = allTypesExam();
    const media = new Map(content.media);
    media.set(VIDEO, Uint8Array.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]));
    content.media = media;
    content.questions = [
      {
        ...content.questions[1]!,
        question: RICH,
        explanation: RICH,
        answers: content.questions[1]!.answers.map((a, i) => (i === 0 ? { ...a, answer: RICH } : a)),
      },
    ];
    content.caseStudies = [{ id: 10, name: "Rich", description: RICH }];
    content.questions[0]!.case_study_id = 10;
    content.exam.description = RICH;
    const { file, report } = exportQti3(content);
    expect(report.items[0]).toEqual({ question_id: 102, fidelity: "lossless", notes: [] });
    const zip = readZip(file.bytes, 1e8);
    if (!zip.ok) throw new Error(zip.message);
    const dir = mkdtempSync(path.join(tmpdir(), "qti3-html-"));
    try {
      const files = ["items/Q-2.xml", "stimuli/case-study-1.xml", "assessment-test.xml"].map((name) => {
        const target = path.join(dir, name.replace("/", "-"));
        writeFileSync(target, zip.entries.get(name)!);
        return target;
      });
      expect(xmllint(QTI3_ASI_XSD, files)).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const parsed = parseQti3(file.bytes, { maxItems: 10 });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const packaged = RICH.replaceAll("/media/", "media/");
    const item = parsed.plan.items[0]!;
    expect(item.warnings).toEqual([]);
    expect(item.params!.question.question).toBe(packaged);
    expect(item.params!.question.explanation).toBe(packaged);
    expect(item.params!.answers![0]!.answer).toBe(packaged);
    expect(parsed.plan.caseStudies[0]!.description).toBe(packaged);
    expect(parsed.plan.exam!.settings.description).toBe(packaged);
  }, 120_000);

  it("a YouTube embed is a link in QTI, said in the notes, and an embed again when read back", () => {
    const html = '<p>Watch</p><iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>';
    const { xml, notes } = htmlToQti(html, () => null);
    expect(xml).toBe(
      '<p>Watch</p><a href="https://www.youtube.com/embed/abc" data-es-tag="iframe" data-es-allowfullscreen="true">https://www.youtube.com/embed/abc</a>',
    );
    expect(notes).toEqual(["an embedded video (iframe) is a link to it in QTI"]);
    const read = readXml(`<div>${xml}</div>`);
    if (!read.ok) throw new Error(read.message);
    expect(qtiToHtml(read.root.children, { src: (v) => v, warnings: [] })).toBe(html);
  });
});
