// The HTML policy of contract 9 through the API, for every HTML field: exam.description,
// question.question, question.explanation, answers[i].answer and case_study.description, each
// through its create and its update method. What is checked is what is stored (the rows) and
// what is answered; a refused request must leave every row and file as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMp3, makeMp4, makeOgg, makePng, toBase64 } from "../support/media-fixtures";
import {
  answerRows,
  caseStudyRow,
  examRow,
  expectNothingChanged,
  issuesOf,
  ok,
  questionRow,
} from "../support/question-store";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import type { ReplyTo } from "../support/reply";
import type { ResultOf } from "@/server/rpc/operation-types";

let t: TestApp;
let u: TestUser;
let examId: number;
let questionId: number;
let caseStudyId: number;
/** Stored media of the user, to use in markup without sending resources. */
const M = { png: "", mp3: "", mp4: "", ogg: "" };

beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
  examId = ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
  const cs = ok(
    await u.call("exam.caseStudyCreate", {
      case_study: {
        exam_id: examId,
        name: "Media",
        description:
          '<img src="p.png" alt="" /><audio controls src="a.mp3"></audio><video controls src="v.mp4"></video><audio controls><source src="o.ogg" type="audio/ogg" /></audio>',
      },
      resources: {
        "p.png": toBase64(makePng(8, 6)),
        "a.mp3": toBase64(makeMp3()),
        "v.mp4": toBase64(makeMp4()),
        "o.ogg": toBase64(makeOgg()),
      },
    }),
  );
  caseStudyId = cs.case_study.id;
  Object.assign(M, {
    png: cs.resources["p.png"],
    mp3: cs.resources["a.mp3"],
    mp4: cs.resources["v.mp4"],
    ogg: cs.resources["o.ogg"],
  });
  questionId = ok(await u.call("exam.questionCreate", questionParams("<p>Fixture</p>"))).question.id;
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// The fields

type Kind = "question" | "answer" | "explanation" | "description";

/** The methods that write the fields. */
type FieldMethod =
  | "exam.examCreate"
  | "exam.examUpdate"
  | "exam.questionCreate"
  | "exam.questionUpdate"
  | "exam.caseStudyCreate"
  | "exam.caseStudyUpdate";

/** A field written by `M`. Methods, not function properties: a FieldOf<M> is then also a Field. */
interface FieldOf<M extends FieldMethod> {
  label: string;
  /** The issue path of the field. */
  path: string;
  kind: Kind;
  send(html: string, who?: TestUser, ids?: Ids): Promise<ReplyTo<M>>;
  /** The field as the response carries it. */
  returned(result: ResultOf<M>): unknown;
  /** The field as stored. */
  stored(result: ResultOf<M>, app?: TestApp): Promise<unknown>;
}

type Field = FieldOf<FieldMethod>;

interface Ids {
  examId: number;
  questionId: number;
  caseStudyId: number;
}

const mine = (): Ids => ({ examId, questionId, caseStudyId });

function questionParams(
  question: string,
  opts: { explanation?: string; answer?: string; id?: number; exam?: number } = {},
) {
  return {
    question: {
      ...(opts.id !== undefined ? { id: opts.id } : {}),
      exam_id: opts.exam ?? examId,
      type: 1,
      question,
      ...(opts.explanation !== undefined ? { explanation: opts.explanation } : {}),
    },
    answers: [
      { answer: "<p>Right</p>", is_correct: true },
      { answer: opts.answer ?? "<p>Wrong</p>", is_correct: false },
    ],
  };
}

const FIELDS: Field[] = [
  {
    label: "exam.description (examCreate)",
    path: "exam.description",
    kind: "description",
    send: (html, who = u) => who.call("exam.examCreate", { exam: examInput({ description: html }) }),
    returned: (r) => r.exam.description,
    stored: async (r, app = t) => (await examRow(app.db, r.exam.id)).description,
  } satisfies FieldOf<"exam.examCreate">,
  {
    label: "exam.description (examUpdate)",
    path: "exam.description",
    kind: "description",
    send: (html, who = u, ids = mine()) => who.call("exam.examUpdate", { exam: { id: ids.examId, description: html } }),
    returned: (r) => r.exam.description,
    stored: async (r, app = t) => (await examRow(app.db, r.exam.id)).description,
  } satisfies FieldOf<"exam.examUpdate">,
  {
    label: "question.question (questionCreate)",
    path: "question.question",
    kind: "question",
    send: (html, who = u, ids = mine()) => who.call("exam.questionCreate", questionParams(html, { exam: ids.examId })),
    returned: (r) => r.question.question,
    stored: async (r, app = t) => (await questionRow(app.db, r.question.id))!.question,
  } satisfies FieldOf<"exam.questionCreate">,
  {
    label: "question.question (questionUpdate)",
    path: "question.question",
    kind: "question",
    send: (html, who = u, ids = mine()) =>
      who.call("exam.questionUpdate", questionParams(html, { id: ids.questionId, exam: ids.examId })),
    returned: (r) => r.question.question,
    stored: async (r, app = t) => (await questionRow(app.db, r.question.id))!.question,
  } satisfies FieldOf<"exam.questionUpdate">,
  {
    label: "question.explanation (questionCreate)",
    path: "question.explanation",
    kind: "explanation",
    send: (html, who = u, ids = mine()) =>
      who.call("exam.questionCreate", questionParams("<p>Q</p>", { explanation: html, exam: ids.examId })),
    returned: (r) => r.question.explanation,
    stored: async (r, app = t) => (await questionRow(app.db, r.question.id))!.explanation,
  } satisfies FieldOf<"exam.questionCreate">,
  {
    label: "question.explanation (questionUpdate)",
    path: "question.explanation",
    kind: "explanation",
    send: (html, who = u, ids = mine()) =>
      who.call(
        "exam.questionUpdate",
        questionParams("<p>Q</p>", { explanation: html, id: ids.questionId, exam: ids.examId }),
      ),
    returned: (r) => r.question.explanation,
    stored: async (r, app = t) => (await questionRow(app.db, r.question.id))!.explanation,
  } satisfies FieldOf<"exam.questionUpdate">,
  {
    label: "answers[1].answer (questionCreate)",
    path: "answers[1].answer",
    kind: "answer",
    send: (html, who = u, ids = mine()) =>
      who.call("exam.questionCreate", questionParams("<p>Q</p>", { answer: html, exam: ids.examId })),
    returned: (r) => r.answers[1]?.answer,
    stored: async (r, app = t) => (await answerRows(app.db, r.question.id))[1]!.answer,
  } satisfies FieldOf<"exam.questionCreate">,
  {
    label: "answers[1].answer (questionUpdate)",
    path: "answers[1].answer",
    kind: "answer",
    send: (html, who = u, ids = mine()) =>
      who.call(
        "exam.questionUpdate",
        questionParams("<p>Q</p>", { answer: html, id: ids.questionId, exam: ids.examId }),
      ),
    returned: (r) => r.answers[1]?.answer,
    stored: async (r, app = t) => (await answerRows(app.db, r.question.id))[1]!.answer,
  } satisfies FieldOf<"exam.questionUpdate">,
  {
    label: "case_study.description (caseStudyCreate)",
    path: "case_study.description",
    kind: "description",
    send: (html, who = u, ids = mine()) =>
      who.call("exam.caseStudyCreate", { case_study: { exam_id: ids.examId, name: "CS", description: html } }),
    returned: (r) => r.case_study.description,
    stored: async (r, app = t) => (await caseStudyRow(app.db, r.case_study.id))!.description,
  } satisfies FieldOf<"exam.caseStudyCreate">,
  {
    label: "case_study.description (caseStudyUpdate)",
    path: "case_study.description",
    kind: "description",
    send: (html, who = u, ids = mine()) =>
      who.call("exam.caseStudyUpdate", { case_study: { id: ids.caseStudyId, name: "CS", description: html } }),
    returned: (r) => r.case_study.description,
    stored: async (r, app = t) => (await caseStudyRow(app.db, r.case_study.id))!.description,
  } satisfies FieldOf<"exam.caseStudyUpdate">,
];

const NO_EMBEDS = FIELDS.filter((f) => f.kind === "question" || f.kind === "answer");
const WITH_EMBEDS = FIELDS.filter((f) => f.kind === "explanation" || f.kind === "description");

/** Sends `html` in `field`; expects success with no warnings; returns [returned, stored]. */
async function accepted(
  field: Field,
  html: string,
): Promise<{ reply: ReplyTo<FieldMethod>; returned: unknown; stored: unknown }> {
  const reply = await field.send(html);
  const result = ok(reply);
  return { reply, returned: field.returned(result), stored: await field.stored(result) };
}

/** Sends `html` in `field`; expects -32602 with an issue at the field's path; nothing changed. */
async function refused(field: Field, html: string, code: string, text: string | RegExp) {
  const reply = await expectNothingChanged(t, u, () => field.send(html));
  expect(reply.result, JSON.stringify(reply.result)).toBeUndefined();
  expect(reply.error?.code).toBe(-32602);
  const issues = issuesOf(reply);
  const match = issues.find(
    (i) =>
      i.path === field.path &&
      i.code === code &&
      (typeof text === "string" ? i.message.includes(text) : text.test(i.message)),
  );
  expect(match, `${code} ${String(text)} at ${field.path} in ${JSON.stringify(issues)}`).toBeDefined();
  expect(reply.errors).toContain(`${field.path}: ${match!.message}`);
  return reply;
}

// ---------------------------------------------------------------------------------------------

describe("9.1 allowed markup is stored unchanged, with no warnings", () => {
  const common = () =>
    [
      "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>",
      '<p style="text-align:center">x<strong>strong</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> H<sub>2</sub>O x<sup>2</sup> <code>code</code> <span>span</span> a &amp; b &lt; c</p>',
      "<p>line<br />break</p><hr />",
      "<pre><code>let a = 1;\n  a++;</code></pre>",
      "<blockquote><p>quoted</p></blockquote>",
      '<ul><li>a</li></ul><ol start="3"><li style="text-align:right">c</li></ol>',
      '<table><caption>c</caption><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="2">d</td><td>e</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
      `<figure><img src="${M.png}" alt="A" title="T" width="320" height="200" /><figcaption>caption</figcaption></figure>`,
      `<audio src="${M.mp3}" controls loop muted preload="metadata"></audio>`,
      `<video src="${M.mp4}" poster="${M.png}" controls loop muted preload="none"></video>`,
      `<audio controls><source src="${M.ogg}" type="audio/ogg" /></audio>`,
    ].join("");

  it.each(FIELDS)("$label", async (field) => {
    const html = common();
    const { reply, returned, stored } = await accepted(field, html);
    expect(reply.warnings).toEqual([]);
    expect(reply.warning_details).toEqual([]);
    expect(stored).toBe(html);
    expect(returned).toBe(html);
  });

  it.each(WITH_EMBEDS)("$label: a link with rel and a YouTube embed are kept as they are", async (field) => {
    const html =
      '<p><a href="https://example.com/page?a=1&amp;b=2" title="T" rel="noopener noreferrer">x</a></p>' +
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>' +
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10"></iframe>';
    const { reply, stored, returned } = await accepted(field, html);
    expect(reply.warnings).toEqual([]);
    expect(stored).toBe(html);
    expect(returned).toBe(html);
  });
});

describe("9.2 forbidden constructs: -32602 naming the field and the construct, nothing stored", () => {
  const constructs: [string, string, string, string | RegExp][] = [
    ["script", "<p>x</p><script>alert(1)</script>", "html_forbidden", "<script> is not allowed"],
    ["style", "<style>p { color: red }</style><p>x</p>", "html_forbidden", "<style> is not allowed"],
    ["object", '<p>x</p><object data="movie.swf"></object>', "html_forbidden", "<object> is not allowed"],
    ["embed", '<p>x</p><embed src="movie.swf" />', "html_forbidden", "<embed> is not allowed"],
    ["form", '<form action="/x"><p>x</p></form>', "html_forbidden", "<form> is not allowed"],
    ["input", '<p>x <input name="a" /></p>', "html_forbidden", "<input> is not allowed"],
    ["button", "<p>x <button>go</button></p>", "html_forbidden", "<button> is not allowed"],
    ["select", "<p>x</p><select><option>a</option></select>", "html_forbidden", "<select> is not allowed"],
    ["textarea", "<p>x</p><textarea>t</textarea>", "html_forbidden", "<textarea> is not allowed"],
    ["onclick", '<p onclick="steal()">x</p>', "html_forbidden", 'attribute "onclick" on <p> is not allowed'],
    [
      "onerror on img",
      `<p>x</p><img src="${"MEDIA"}" onerror="steal()" />`,
      "html_forbidden",
      'attribute "onerror" on <img>',
    ],
    [
      "onmouseover on span",
      '<p><span onmouseover="x()">x</span></p>',
      "html_forbidden",
      'attribute "onmouseover" on <span>',
    ],
    [
      "javascript: in img src",
      '<p>x</p><img src="javascript:alert(1)" />',
      "html_unsafe_url",
      "javascript: URL in <img src>",
    ],
    [
      "obfuscated JaVa&#x09;ScRiPt:",
      '<p>x</p><img src="JaVa&#x09;ScRiPt:alert(1)" />',
      "html_unsafe_url",
      "javascript: URL",
    ],
    [
      "vbscript: in audio src",
      '<p>x</p><audio src="vbscript:msgbox(1)"></audio>',
      "html_unsafe_url",
      "vbscript: URL in <audio src>",
    ],
    [
      "data: in img src",
      '<p>x</p><img src="data:image/png;base64,iVBORw0KGgo=" />',
      "html_unsafe_url",
      "data: URL in <img src>",
    ],
    [
      "data: in video poster",
      '<p>x</p><video poster="data:image/png;base64,iVBORw0KGgo="></video>',
      "html_unsafe_url",
      "data: URL in <video poster>",
    ],
    [
      "https img",
      '<p>x</p><img src="https://cdn.example.com/a.png" />',
      "html_absolute_media",
      '<img src> must be a relative path of an uploaded file, not the absolute URL "https://cdn.example.com/a.png"',
    ],
    ["http audio", '<p>x</p><audio src="http://cdn.example.com/a.mp3"></audio>', "html_absolute_media", "<audio src>"],
    [
      "//host video poster",
      '<p>x</p><video poster="//cdn.example.com/p.jpg"></video>',
      "html_absolute_media",
      "<video poster>",
    ],
    [
      "https source",
      '<p>x</p><video><source src="https://cdn.example.com/v.mp4" /></video>',
      "html_absolute_media",
      "<source src>",
    ],
  ];

  for (const field of FIELDS) {
    describe(field.label, () => {
      it.each(constructs)("%s", async (_name, html, code, text) => {
        await refused(field, html.replace("MEDIA", M.png), code, text);
      });
    });
  }

  it.each(WITH_EMBEDS)("$label: a javascript: link is refused", async (field) => {
    await refused(
      field,
      '<p><a href="javascript:alert(1)">x</a></p>',
      "html_unsafe_url",
      "javascript: URL in <a href>",
    );
  });

  it("every problem of a request is reported together, each at its own field", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call(
        "exam.questionCreate",
        questionParams("<p>Q</p><script>x()</script>", {
          explanation: '<p onclick="x()">E</p>',
          answer: '<img src="https://example.com/a.png" />',
        }),
      ),
    );
    expect(reply.error?.code).toBe(-32602);
    const issues = issuesOf(reply);
    expect(issues).toContainEqual(expect.objectContaining({ path: "question.question", code: "html_forbidden" }));
    expect(issues).toContainEqual(expect.objectContaining({ path: "question.explanation", code: "html_forbidden" }));
    expect(issues).toContainEqual(expect.objectContaining({ path: "answers[1].answer", code: "html_absolute_media" }));
  });
});

describe("9.3 links and embeds", () => {
  describe.each(NO_EMBEDS.map((f) => [f.label, f] as const))("%s: no links, no iframes", (_label, field) => {
    it.each([
      [
        "a link",
        '<p>See <a href="https://example.com/">this</a></p>',
        "<a> is not allowed: links cannot be used in a question or an answer",
      ],
      ["a relative link", '<p>See <a href="page.html">this</a></p>', "<a> is not allowed"],
      [
        "a YouTube iframe",
        '<p>Watch</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
        "<iframe> is not allowed: embeds such as YouTube cannot be used",
      ],
    ])("%s → error", async (_name, html, text) => {
      await refused(field, html, "html_embed_not_allowed", text);
    });
  });

  describe.each(WITH_EMBEDS.map((f) => [f.label, f] as const))(
    "%s: links and YouTube embeds allowed",
    (_label, field) => {
      it.each([
        ["https", "https://example.com/a?b=1&amp;c=2#d"],
        ["http", "http://example.com/"],
        ["mailto", "mailto:someone@example.com"],
        ["relative", "notes/page.html"],
      ])('a %s link is stored with rel="noopener noreferrer" and no warning', async (_name, href) => {
        const { reply, stored, returned } = await accepted(field, `<p>Read <a href="${href}">this</a>.</p>`);
        const expected = `<p>Read <a href="${href}" rel="noopener noreferrer">this</a>.</p>`;
        expect(reply.warnings).toEqual([]);
        expect(stored).toBe(expected);
        expect(returned).toBe(expected);
      });

      it("a link's own rel is replaced, with a warning", async () => {
        const { reply, stored } = await accepted(field, '<p><a href="x.html" rel="nofollow">x</a></p>');
        expect(stored).toBe('<p><a href="x.html" rel="noopener noreferrer">x</a></p>');
        expect(reply.warning_details).toEqual([expect.objectContaining({ code: "html_removed", path: field.path })]);
      });

      it("a YouTube iframe is kept; its unknown attributes are dropped with a warning", async () => {
        const { reply, stored } = await accepted(
          field,
          '<p>Watch</p><iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen></iframe>',
        );
        expect(stored).toBe(
          '<p>Watch</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
        );
        expect(reply.warning_details.map((w) => [w.code, w.path])).toContainEqual(["html_removed", field.path]);
      });

      it.each([
        ["Vimeo", "https://player.vimeo.com/video/76979871"],
        ["a YouTube watch page", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
        ["plain http YouTube", "http://www.youtube.com/embed/dQw4w9WgXcQ"],
        ["a look-alike host", "https://www.youtube.com.evil.example/embed/x"],
      ])("an iframe of %s → error", async (_name, src) => {
        await refused(field, `<p>Watch</p><iframe src="${src}"></iframe>`, "html_iframe_source", "only YouTube embeds");
      });

      it.each(["ftp://example.com/file", "tel:+123456", "//example.com/page"])("a link to %s → error", async (href) => {
        await refused(
          field,
          `<p><a href="${href}">x</a></p>`,
          "html_link_scheme",
          "a link must be an http, https or mailto URL or a relative path",
        );
      });
    },
  );
});

describe("9.4 unknown harmless markup is removed with a warning; the cleaned HTML is stored", () => {
  const cases: [string, string, string, string[]][] = [
    ["div", "<div><p>kept text</p></div>", "<p>kept text</p>", ["<div> was removed (its content was kept)"]],
    [
      "font",
      '<p><font color="red">red</font> text</p>',
      "<p>red text</p>",
      ["<font> was removed (its content was kept)"],
    ],
    [
      "class and id",
      '<p class="lead" id="x">x</p>',
      "<p>x</p>",
      ['attribute "class" on <p> was removed', 'attribute "id" on <p> was removed'],
    ],
    [
      "a style other than text-align",
      '<p style="color: red; text-align: right">x</p>',
      '<p style="text-align:right">x</p>',
      ['style "color" on <p> was removed'],
    ],
    ["inline svg", "<p>x</p><svg><text>drawn</text></svg>", "<p>x</p>", ["<svg> was removed with its content"]],
  ];

  for (const field of FIELDS) {
    it.each(cases)(`${field.label}: %s`, async (_name, html, cleaned, warnings) => {
      const { reply, stored, returned } = await accepted(field, html);
      expect(stored).toBe(cleaned);
      expect(returned).toBe(cleaned);
      const details = reply.warning_details.filter((w) => w.path === field.path);
      expect(details.map((w) => w.message)).toEqual(warnings);
      expect(details.every((w) => w.code === "html_removed")).toBe(true);
      for (const w of warnings) expect(reply.warnings).toContain(`${field.path}: ${w}`);
    });
  }
});

describe("a question (and an answer) must have text or media", () => {
  const question = FIELDS.filter((f) => f.kind === "question");
  const answer = FIELDS.filter((f) => f.kind === "answer");

  it.each(
    [...question, ...answer].flatMap((field) =>
      ["<p> </p>", "", "<p></p><p>&nbsp; </p>", "<br />", "<div> </div>", '<img alt="no source" />'].map((html) => ({
        field,
        html,
        label: field.label,
      })),
    ),
  )("$label: $html → error", async ({ field, html }) => {
    const reply = await expectNothingChanged(t, u, () => field.send(html));
    expect(reply.error?.code, JSON.stringify(reply)).toBe(-32602);
    expect(issuesOf(reply)).toContainEqual(expect.objectContaining({ path: field.path, code: "empty" }));
  });

  it.each([...question, ...answer])("$label: media alone is content", async (field) => {
    const html = `<p> </p><img src="${M.png}" alt="" />`;
    const { stored } = await accepted(field, html);
    expect(stored).toBe(html);
  });

  it.each(FIELDS.filter((f) => f.kind === "explanation" || f.kind === "description"))(
    "$label may be empty",
    async (field) => {
      const { stored, returned } = await accepted(field, "");
      expect(stored).toBe("");
      expect(returned).toBe("");
    },
  );
});

describe("10 LIMIT_HTML_KB: a field over the limit → -32602", () => {
  let small: TestApp;
  let su: TestUser;
  let ids: Ids;
  beforeAll(async () => {
    small = await createTestApp({ limits: { htmlBytes: 2048 } });
    su = await small.newUser();
    const e = ok(await su.call("exam.examCreate", { exam: examInput() })).exam.id;
    ids = {
      examId: e,
      questionId: ok(await su.call("exam.questionCreate", questionParams("<p>Q</p>", { exam: e }))).question.id,
      caseStudyId: ok(
        await su.call("exam.caseStudyCreate", { case_study: { exam_id: e, name: "CS", description: "" } }),
      ).case_study.id,
    };
  });
  afterAll(() => small.close());

  /** `<p>…</p>` of exactly `bytes` UTF-8 bytes, made of `char` (1 or 2 bytes each). */
  const para = (bytes: number, char = "x") => {
    const width = new TextEncoder().encode(char).length;
    const html = `<p>${char.repeat((bytes - 7) / width)}</p>`;
    expect(new TextEncoder().encode(html).length).toBe(bytes);
    return html;
  };

  it.each(FIELDS)("$label", async (field) => {
    const atLimit = para(2048);
    const result = ok(await field.send(atLimit, su, ids));
    expect(await field.stored(result, small)).toBe(atLimit);

    // The second is 1029 characters: the limit counts UTF-8 bytes.
    for (const over of [para(2049), para(2051, "é")]) {
      const reply = await expectNothingChanged(small, su, () => field.send(over, su, ids));
      expect(reply.error?.code, JSON.stringify(reply)).toBe(-32602);
      const issue = issuesOf(reply).find((i) => i.path === field.path && i.code === "too_long");
      expect(issue, JSON.stringify(issuesOf(reply))).toBeDefined();
      expect(issue!.message).toContain("2 KiB");
    }
  });
});

describe("HTML fields in responses are strings, never null", () => {
  it('left out, they answer "" in create, get and list responses', async () => {
    const exam = ok(await u.call("exam.examCreate", { exam: examInput() })).exam;
    expect(exam.description).toBe("");
    expect(ok(await u.call("exam.examGet", { id: exam.id })).exam.description).toBe("");
    const listed = ok(await u.call("exam.examList", { limit: 200 })).exams.find((e) => e.id === exam.id);
    expect(listed).toBeDefined();
    if (listed && "description" in listed) expect(listed.description).toBe("");

    const q = ok(await u.call("exam.questionCreate", questionParams("<p>Q</p>", { exam: exam.id })));
    expect(q.question.explanation).toBe("");
    const got = ok(await u.call("exam.questionGet", { id: q.question.id }));
    expect(got.question.explanation).toBe("");
    expect(got.answers.map((a) => typeof a.answer)).toEqual(["string", "string"]);
    const inList = ok(await u.call("exam.questionList", { exam_id: exam.id })).questions[0];
    expect(inList?.explanation).toBe("");

    const cs = ok(
      await u.call("exam.caseStudyCreate", { case_study: { exam_id: exam.id, name: "Empty", description: "" } }),
    ).case_study;
    expect(cs.description).toBe("");
    expect(ok(await u.call("exam.caseStudyGet", { id: cs.id })).case_study.description).toBe("");
    expect(ok(await u.call("exam.caseStudyList", { exam_id: exam.id })).case_studies[0]?.description).toBe("");
  });

  it('cleared or cleaned to nothing, they answer ""', async () => {
    const exam = ok(await u.call("exam.examCreate", { exam: examInput({ description: "<p>Intro</p>" }) })).exam;
    const cleared = ok(await u.call("exam.examUpdate", { exam: { id: exam.id, description: "" } })).exam;
    expect(cleared.description).toBe("");
    expect((await examRow(t.db, exam.id)).description).toBe("");
    // An element that is removed with its content leaves an empty string, not null.
    const q = ok(
      await u.call(
        "exam.questionCreate",
        questionParams("<p>Q</p>", { exam: exam.id, explanation: "<svg><text>x</text></svg>" }),
      ),
    );
    expect(q.question.explanation).toBe("");
    expect((await questionRow(t.db, q.question.id))!.explanation).toBe("");
  });
});

describe("issues listed per field: a field of 100,000 distinct removals answers 51 warnings, not 100,000", () => {
  it("an explanation of the largest size made of distinct attribute names", async () => {
    const names: string[] = [];
    const letters = "abcdefghijklmnopqrstuvwxyz";
    // Not on…: event handlers are errors.
    for (const a of letters)
      for (const b of letters)
        for (const c of letters) for (const d of "0123456789") if (a + b !== "on") names.push(a + b + c + d);
    const limit = t.app.limits.htmlBytes;
    let attributes = "";
    for (const name of names) {
      if (attributes.length + name.length + 1 > limit - 20) break;
      attributes += ` ${name}`;
    }
    expect(attributes.length).toBeGreaterThan(limit - 40);
    const reply = await u.call(
      "exam.questionCreate",
      questionParams("<p>Q</p>", { explanation: `<p${attributes}>x</p>` }),
    );
    const result = ok(reply);
    expect((await questionRow(t.db, result.question.id))!.explanation).toBe("<p>x</p>");
    const mine = reply.warning_details.filter((w) => w.path === "question.explanation");
    expect(mine).toHaveLength(51);
    expect(mine[50]?.message).toMatch(
      /^and [\d,]+ more distinct removals like those above \(only the first 50 of a field are listed\)$/,
    );
    expect(reply.warnings).toHaveLength(reply.warning_details.length);
  });
});
