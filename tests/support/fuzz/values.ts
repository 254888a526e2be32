// Pools of values the fuzz test puts into params: wrong types, edge numbers, odd and long
// strings, HTML with forbidden constructs, broken Base64 and media, odd resource paths and keys,
// forged cursors, ids of other users' objects and of nothing, deep nesting.
import fc from "fast-check";
import { encodeCursor } from "@/server/data/cursor";
import { MAX_PARAMS_DEPTH, MAX_PARAMS_ENTRIES } from "@/server/schemas/params-shape";
import { base64, MEDIA, ODD_FILES, VALID_FILES } from "./media";
import { longString, nestedText, raw, Ref, type RefName, type Template } from "./template";

const REF_NAMES: RefName[] = [
  "exam",
  "exam2",
  "examB",
  "caseStudy",
  "caseStudy2",
  "caseStudyB",
  "question1",
  "question2",
  "question3",
  "question4",
  "question5",
  "question6",
  "question7",
  "questionB",
  "questionIds",
  "deletedExam",
  "missing",
  "mediaPng",
  "mediaMp3",
  "mediaB",
  "mediaUnknown",
  "comment",
  "commentB",
];

/** Another object of the world, someone else's, or nothing. */
export const refValue: fc.Arbitrary<Template> = fc.constantFrom(...REF_NAMES).map((name) => new Ref(name));

export const numberValue: fc.Arbitrary<Template> = fc.oneof(
  fc.constantFrom<Template>(
    0,
    -1,
    1,
    2,
    3,
    7,
    8,
    30,
    15,
    100,
    101,
    255,
    999,
    1000,
    -2147483648,
    2147483647,
    2147483648,
    -2147483649,
    4294967296,
    9007199254740991,
    -9007199254740991,
    1.5,
    -0.5,
    0.1,
    1e21,
    1e-7,
    raw("9007199254740993"),
    raw("1e400"),
    raw("-1e400"),
    raw("-0"),
    raw("1.0"),
    raw("1e2"),
    raw("1E-400"),
    raw("123456789012345678901234567890"),
    raw("0.0000000000000000000000001"),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnitString = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 12,
});

export const stringValue: fc.Arbitrary<Template> = fc.oneof(
  fc.constantFrom<Template>(
    "",
    " ",
    "\t\n",
    "2",
    "true",
    "null",
    "NaN",
    "Infinity",
    "-1",
    "0x10",
    "1e3",
    "a\u0000b",
    "\u0000",
    "\uD800",
    "x\uDC00y",
    "\uDBFF\uDFFF",
    "😀",
    "\u202Etxet",
    "\u2028\u2029",
    "\uFEFF",
    "e\u0301",
    "%00",
    "../../etc/passwd",
    "C:\\x",
    "${x}",
    "' OR 1=1 --",
    '"; drop table exam; --',
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "prototype",
    "draft",
    "ready",
    "question",
    "case_study",
    "exam",
    "targ-1",
    "drag-1",
    "block-1",
    "targ-1000",
    "block-01",
    longString("a", 201),
    longString("a", 256),
    longString("a", 70_000),
    longString("😀", 300),
    longString("\u0000", 10),
    longString(" ", 1000),
  ),
  anyCodeUnitString,
  fc.string({ unit: "grapheme", maxLength: 8 }),
);

const FORBIDDEN_HTML = [
  "<p>ok</p>",
  "<script>alert(1)</script>",
  '<p onclick="x()">a</p>',
  "<style>p{}</style><p>a</p>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="https://example.com">x</a>',
  '<a href="mailto:a@b.c">m</a>',
  '<a href="vbscript:x">v</a>',
  '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<img src="http://example.com/a.png">',
  '<img src="//example.com/a.png">',
  '<img src="data:image/png;base64,iVBORw0K">',
  '<img src="constructor">',
  '<img src="__proto__">',
  '<img src="toString">',
  '<img src="hasOwnProperty">',
  '<img src="valueOf">',
  '<img src="missing.png">',
  `<img src="${MEDIA.unknown}">`,
  `<img src="${MEDIA.otherUsers}">`,
  `<img src="${MEDIA.png}">`,
  `<video src="${MEDIA.mp3}"></video>`,
  `<img src="${MEDIA.mp3}">`,
  `<img src="${MEDIA.png.replace(".png", ".gif")}">`,
  '<img src="/media/../../etc/passwd">',
  '<img src="img/a.png" onerror="x()">',
  '<video poster="p.png" src="v.mp4"></video>',
  '<audio src="s.mp3" controls></audio>',
  "<svg><script>alert(1)</script></svg>",
  "<math><mi>x</mi></math>",
  "<form><input name=x></form>",
  '<object data="x"></object>',
  '<embed src="x">',
  '<p style="color:red;text-align:center">a</p>',
  '<p style="text-align:expression(alert(1))">a</p>',
  "<!-- comment -->",
  "<![CDATA[x]]>",
  '<?xml version="1.0"?><p>x</p>',
  "<p>&#0;&#xD800;&#x10FFFF;&nbsp;&bogus;</p>",
  '<img src="a&#46;png">',
  '<img src=" javascript:alert(1)">',
  '<img src="JaVaScRiPt:alert(1)">',
  '<table><tr><td colspan="1000000">x</td></tr></table>',
  '<ol start="-5"><li>a</li></ol>',
  "</p></p></p>",
  "<p",
  "<",
  "&",
  "<div><font color=red>x</font></div>",
  "<p></p>",
  "<img>",
  '<img src="">',
  '<source src="a.mp3">',
  '<video><source src="x.webm" type="video/webm"></video>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0">',
  '<link rel="stylesheet" href="x.css">',
  "<template><script>x</script></template>",
  "<noscript><p>x</p></noscript>",
  '<p title="&quot;><script>x</script>">t</p>',
  "<P><IMG SRC=missing.png></P>",
];

export const htmlValue: fc.Arbitrary<Template> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<Template>(...FORBIDDEN_HTML) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Template>(
      raw(JSON.stringify("<p>" + "<b>".repeat(20_000) + "x")), // deeply nested tags
      raw(JSON.stringify("<p>" + "<span>".repeat(3_000) + "x" + "</span>".repeat(3_000) + "</p>")),
      raw(JSON.stringify("<p>" + "x".repeat(600_000) + "</p>")), // over the 512 KiB HTML limit
      raw(JSON.stringify('<p><img src="a.png"></p>'.repeat(2_000))), // many references to one path
      raw(JSON.stringify(Array.from({ length: 150 }, (_, i) => `<img src="m${i}.png">`).join(""))), // more paths than resources allow
      raw(JSON.stringify("<p>" + "&amp;".repeat(50_000) + "</p>")),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...FORBIDDEN_HTML), fc.constantFrom(...FORBIDDEN_HTML)).map(([x, y]) => x + y),
  },
);

/** What a Base64 value may be made of: a valid or odd file, maybe broken, maybe badly encoded. */
const FILES: Record<string, Uint8Array> = { ...VALID_FILES, ...ODD_FILES };
const fileBytes = fc
  .tuple(
    fc.constantFrom(...Object.keys(FILES)),
    fc.constantFrom("whole", "truncated", "flipped", "garbage-after", "empty"),
    fc.nat(),
    fc.nat(255),
  )
  .map(([name, how, n, byte]): { bytes: Uint8Array; label: string } => {
    const file = FILES[name]!;
    switch (how) {
      case "truncated": {
        const at = file.length > 0 ? n % file.length : 0;
        return { bytes: file.slice(0, at), label: `${name} cut at ${at}` };
      }
      case "flipped": {
        const copy = file.slice();
        const at = copy.length > 0 ? n % copy.length : 0;
        if (copy.length > 0) copy[at] = byte;
        return { bytes: copy, label: `${name} byte ${at} = ${byte}` };
      }
      case "garbage-after":
        return {
          bytes: new Uint8Array([...file, ...Array.from({ length: 16 }, (_, i) => (byte + i * 37) & 0xff)]),
          label: `${name} + garbage`,
        };
      case "empty":
        return { bytes: new Uint8Array(0), label: "empty" };
      default:
        return { bytes: file, label: name };
    }
  });

export const base64Value: fc.Arbitrary<Template> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fileBytes, fc.constantFrom("standard", "unpadded", "lines", "spaces", "url-safe", "data-url"))
      .map(([f, enc]) => {
        const b = base64(f.bytes);
        const text = {
          standard: b,
          unpadded: b.replace(/=+$/, ""),
          lines: b.replace(/.{76}/g, "$&\r\n"),
          spaces: b.replace(/.{4}/g, "$& "),
          "url-safe": b.replace(/\+/g, "-").replace(/\//g, "_"),
          "data-url": `data:image/png;base64,${b}`,
        }[enc];
        return raw(JSON.stringify(text), `base64(${f.label}, ${enc})`);
      }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Template>(
      "",
      "=",
      "====",
      "A",
      "AB",
      "ABC",
      "A===",
      "AB=C",
      "!!!!",
      " ",
      "\n",
      "QUJD\u0000",
      "QUJD\uD800",
      "4pyT",
      "////",
      "++++",
    ),
  },
  { weight: 1, arbitrary: fc.base64String({ maxLength: 64 }) },
);

export const resourceKeyValue: fc.Arbitrary<string> = fc.constantFrom(
  "img/a.png",
  "a.png",
  "",
  " a.png",
  "../a.png",
  "a/../../b.png",
  "%2e%2e/a.png",
  ".%2E/a.png",
  "//host/a.png",
  "http://x/a.png",
  "javascript:x",
  "a\\b.png",
  "a?x=1#f",
  MEDIA.unknown,
  MEDIA.png,
  MEDIA.otherUsers,
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "a".repeat(501),
  "😀.png",
  "\u0000.png",
  "\uD800.png",
  "a\tb.png",
  "\u0085.png",
  ".",
  "..",
  "a.PNG",
  "a.mp3",
  "a b.png",
  "a&amp;b.png",
  'a"b.png',
  "a'b.png",
  "a<b>.png",
  "#",
  "?",
  "/abs.png",
  "/media/",
  "/media/x.png",
);

/** Cursors this list never returned, well-formed enough to reach the query. */
const oddCursorNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    2147483647,
    2147483648,
    -2147483649,
    9007199254740991,
    -9007199254740991,
    9007199254740992,
    1.5,
    1e300,
  ),
  fc.integer(),
);
const oddCursorText = fc.oneof(
  fc.constantFrom(
    "not a date",
    "2024-02-30T00:00:00.000Z",
    "2024-01-01",
    "\u0000",
    "",
    "9999-12-31T23:59:59.999Z",
    "-infinity",
    "epoch",
    "1970-01-01T00:00:00.000Z",
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string({ maxLength: 5 }),
);
export const cursorValue: fc.Arbitrary<Template> = fc.oneof(
  fc.constantFrom<Template>("", "x", "!!", "bnVsbA", "W10", longString("A", 200), longString("A", 201)),
  fc.tuple(oddCursorText, oddCursorNumber).map((key) => encodeCursor(key)),
  fc.tuple(oddCursorNumber, oddCursorNumber).map((key) => encodeCursor(key)),
  oddCursorNumber.map((n) => encodeCursor([n])),
  fc.array(fc.oneof(oddCursorNumber, oddCursorText), { maxLength: 3 }).map((key) => encodeCursor(key)),
);

/** A key to add to an object. */
export const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "prototype",
    "id",
    "exam_id",
    "test_id",
    "type",
    "",
    "\u0000",
    "\uD800",
    "a".repeat(1000),
    "x",
    "properties",
    "answers",
    "resources",
    "cursor",
    "limit",
  ),
  fc.string({ maxLength: 6 }),
);

/** Arrays or objects nested around the limit and far beyond it. */
export const deepValue: fc.Arbitrary<Template> = fc
  .tuple(
    fc.constantFrom(
      MAX_PARAMS_DEPTH - 3,
      MAX_PARAMS_DEPTH - 1,
      MAX_PARAMS_DEPTH,
      MAX_PARAMS_DEPTH + 1,
      1_000,
      1_800,
      50_000,
    ),
    fc.constantFrom<"array" | "object">("array", "object"),
  )
  .map(([n, kind]) => nestedText(n, kind));

export const wrongTypeValue: fc.Arbitrary<Template> = fc.constantFrom<Template>(
  null,
  true,
  false,
  [],
  {},
  [null],
  { a: 1 },
  [1, 2, 3],
  "[]",
  "{}",
);

/** Just past the size limits of server/schemas/params-shape.ts: one list too long. */
export const bigValue: fc.Arbitrary<Template> = fc.constantFrom<Template>(
  raw(`[${"0,".repeat(MAX_PARAMS_ENTRIES)}0]`, `${MAX_PARAMS_ENTRIES + 1} zeros`),
  raw(
    `{${Array.from({ length: MAX_PARAMS_ENTRIES + 1 }, (_, i) => `"k${i}":0`).join(",")}}`,
    `an object of ${MAX_PARAMS_ENTRIES + 1} keys`,
  ),
  raw(`[${"{},".repeat(30_000)}{}]`, "30001 empty objects"),
);

/** Anything at all, each pool in turn. */
export const anyValue: fc.Arbitrary<Template> = fc.oneof(
  { weight: 3, arbitrary: wrongTypeValue },
  { weight: 3, arbitrary: numberValue },
  { weight: 3, arbitrary: stringValue },
  { weight: 2, arbitrary: htmlValue },
  { weight: 2, arbitrary: refValue },
  { weight: 1, arbitrary: base64Value },
  { weight: 1, arbitrary: cursorValue },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: bigValue },
);
