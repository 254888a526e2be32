// Media resources through the API (contract 8.1–8.7): Base64, paths, type from the bytes, SVG
// sanitising, content addressing, reference resolution and ownership, GET /media, nothing written
// by a failed request, the per-resource and count limits, and the S3 store once end to end.
// Every check reads what is stored: media rows, the files in the test app's media directory,
// and the bytes GET /media serves.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "@/db/schema";
import type { S3MediaStore } from "@/server/media/s3-store";
import { createMediaStore } from "@/server/media/store-factory";
import {
  makeAac,
  makeAvif,
  makeGif,
  makeJpeg,
  makeM4a,
  makeMp3,
  makeMp4,
  makeOgg,
  makePng,
  makeSvg,
  makeWav,
  makeWebm,
  makeWebp,
  mediaPath,
  toBase64,
} from "../support/media-fixtures";
import {
  answerRows,
  caseStudyRow,
  examRow,
  expectNothingChanged,
  imagePropertiesOf,
  issuesOf,
  ok,
  questionRow,
} from "../support/question-store";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import type { ImageProperties } from "@/server/schemas/question/properties";
import type { Reply } from "../support/reply";

let t: TestApp;
let u: TestUser;
let examId: number;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
  examId = ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const res = (key: string) => `resources[${JSON.stringify(key)}]`;
const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** A PNG no other test (or test file sharing the PostgreSQL database) has stored. */
function freshPng(width = 3, height = 2): Uint8Array {
  const [r, g, b] = randomBytes(3);
  return makePng(width, height, [r!, g!, b!]);
}

/** A WAV of a length no other test here uses (1 ms more is 8 more samples). */
let wavMs = 40;
const freshWav = () => makeWav(++wavMs);

const files = (dir = t.mediaDir) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const fileBytes = (storedPath: string) =>
  new Uint8Array(fs.readFileSync(path.join(t.mediaDir, storedPath.replace(/^\/media\//, ""))));

async function rowsOfHash(hash: string) {
  return t.db.select().from(media).where(eq(media.hash, hash));
}

async function rowOf(owner: TestUser, storedPath: string) {
  const hash = storedPath.slice("/media/".length, storedPath.lastIndexOf("."));
  const rows = await t.db
    .select()
    .from(media)
    .where(and(eq(media.hash, hash), eq(media.ownerId, owner.id)));
  return rows[0] ?? null;
}

/** A single choice question whose text is `html`. */
function choice(html: string, resources?: Record<string, string>, extra: Record<string, unknown> = {}) {
  return {
    question: { exam_id: examId, question: html, type: 1, ...extra },
    answers: [
      { answer: "<p>Yes</p>", is_correct: true },
      { answer: "<p>No</p>", is_correct: false },
    ],
    ...(resources ? { resources } : {}),
  };
}

/** Where a write stored the resource `key` (its `resources` answer); fails when it names none. */
function storedPath(result: { resources: Record<string, string> }, key: string): string {
  const stored = result.resources[key];
  if (stored === undefined) throw new Error(`no stored path for ${key} in ${JSON.stringify(result.resources)}`);
  return stored;
}

const img = (src: string) => `<p>Look:</p><img src="${attr(src)}" alt="" />`;

/** An error envelope with `code` and an issue at `path` (and of `issueCode`); returns that issue. */
function expectIssue(reply: Reply<unknown>, code: number, path: string, issueCode?: string) {
  expect(reply.result, JSON.stringify(reply.result)).toBeUndefined();
  expect(reply.error?.code, JSON.stringify(reply.error)).toBe(code);
  const issue = issuesOf(reply).find((i) => i.path === path && (issueCode === undefined || i.code === issueCode));
  expect(issue, `issue at ${path} (${issueCode ?? "any"}) in ${JSON.stringify(issuesOf(reply))}`).toBeDefined();
  // The plain-string list names the path too.
  expect(reply.errors).toContainEqual(expect.stringContaining(path));
  return issue!;
}

function warningAt(reply: Reply<unknown>, path: string, code: string) {
  return reply.warning_details.find((w) => w.path === path && w.code === code);
}

// ---------------------------------------------------------------------------------------------

describe("8.1 Base64 content", () => {
  // A PNG whose Base64 has padding and both "+" and "/", so every variant below is meaningful.
  let png: Uint8Array;
  let b64: string;
  beforeAll(() => {
    for (;;) {
      png = freshPng(5, 3);
      b64 = toBase64(png);
      if (b64.endsWith("=") && b64.includes("+") && b64.includes("/")) break;
    }
  });

  it("accepts Base64 without padding and stores the exact bytes", async () => {
    const unpadded = b64.replace(/=+$/, "");
    expect(unpadded).not.toBe(b64);
    const result = ok(await u.call("exam.questionCreate", choice(img("nopad.png"), { "nopad.png": unpadded })));
    expect(result.resources).toEqual({ "nopad.png": mediaPath(png, "png") });
    expect(fileBytes(mediaPath(png, "png"))).toEqual(png);
  });

  it.each([
    ["LF every 76 characters", (s: string) => s.replace(/(.{76})/g, "$1\n")],
    ["CRLF every 64 characters", (s: string) => s.replace(/(.{64})/g, "$1\r\n")],
    ["spaces, tabs and a trailing newline", (s: string) => `${s.slice(0, 10)} \t${s.slice(10, 20)}\n ${s.slice(20)}\n`],
  ])("tolerates line breaks and whitespace (%s)", async (_name, wrap) => {
    const wrapped = wrap(b64);
    expect(wrapped).not.toBe(b64);
    const result = ok(await u.call("exam.questionCreate", choice(img("wrapped.png"), { "wrapped.png": wrapped })));
    expect(result.resources).toEqual({ "wrapped.png": mediaPath(png, "png") });
    expect(fileBytes(mediaPath(png, "png"))).toEqual(png);
  });

  it.each([
    ["the URL-safe alphabet", () => b64.replace(/\+/g, "-").replace(/\//g, "_")],
    ["garbage", () => "this is not base64!"],
    ["a data: URL instead of bare Base64", () => `data:image/png;base64,${b64}`],
    ["a character after the padding", () => `${b64}A`],
    [
      "a length no Base64 can have (1 mod 4)",
      () => {
        const data = b64.replace(/=+$/, "");
        return `${data.slice(0, data.length - (data.length % 4))}A`;
      },
    ],
  ])("refuses %s, naming the resource, storing nothing", async (_name, value) => {
    const key = "img/bad.png";
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(img(key), { [key]: value() })),
    );
    const issue = expectIssue(reply, -32602, res(key), "invalid_base64");
    expect(issue.message).toMatch(/Base64/);
  });
});

describe("8.2 resource paths", () => {
  const png = makePng(2, 2, [1, 2, 3]);
  const longOk = `img/${"a".repeat(492)}.png`; // exactly 500 characters
  const longBad = `img/${"a".repeat(493)}.png`; // 501

  it.each([
    ["an http URL", "http://example.com/a.png", /scheme/],
    ["an https URL", "https://example.com/a.png", /scheme/],
    ["a made-up scheme", "media:a.png", /scheme/],
    ["a host-relative //path", "//cdn.example.com/a.png", /\/\//],
    ["a backslash", "img\\a.png", /backslash/],
    ["a leading .. segment", "../a.png", /\.\./],
    ["a .. segment inside", "img/../../etc/a.png", /\.\./],
    ["an encoded .. segment", "img/%2e%2e/a.png", /\.\./],
    ["more than 500 characters", longBad, /500/],
  ])("refuses %s as a key, naming it", async (_name, key, message) => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(img(key), { [key]: toBase64(png) })),
    );
    const issue = expectIssue(reply, -32602, res(key), "invalid_path");
    expect(issue.message).toMatch(message);
  });

  it("accepts a relative path of exactly 500 characters, with folders and spaces", async () => {
    expect(longOk.length).toBe(500);
    const spaced = "my images/figure 1.png";
    const result = ok(
      await u.call(
        "exam.questionCreate",
        choice(img(longOk) + img(spaced), { [longOk]: toBase64(png), [spaced]: toBase64(png) }),
      ),
    );
    expect(result.resources).toEqual({ [longOk]: mediaPath(png, "png"), [spaced]: mediaPath(png, "png") });
  });
});

describe("8.3 the type comes from the bytes", () => {
  type Case = {
    name: string;
    bytes: Uint8Array;
    ext: string;
    contentType: string;
    tag: "img" | "audio" | "video";
    size?: [number, number];
  };
  const cases: Case[] = [
    { name: "PNG", bytes: makePng(7, 3), ext: "png", contentType: "image/png", tag: "img", size: [7, 3] },
    { name: "JPEG", bytes: makeJpeg(16, 8), ext: "jpg", contentType: "image/jpeg", tag: "img", size: [16, 8] },
    { name: "GIF", bytes: makeGif(5, 4), ext: "gif", contentType: "image/gif", tag: "img", size: [5, 4] },
    { name: "WebP", bytes: makeWebp(6, 5), ext: "webp", contentType: "image/webp", tag: "img", size: [6, 5] },
    { name: "AVIF", bytes: makeAvif(9, 4), ext: "avif", contentType: "image/avif", tag: "img", size: [9, 4] },
    { name: "SVG", bytes: makeSvg(12, 6), ext: "svg", contentType: "image/svg+xml", tag: "img", size: [12, 6] },
    { name: "MP3", bytes: makeMp3(), ext: "mp3", contentType: "audio/mpeg", tag: "audio" },
    { name: "OGG", bytes: makeOgg(), ext: "ogg", contentType: "audio/ogg", tag: "audio" },
    { name: "WAV", bytes: makeWav(), ext: "wav", contentType: "audio/wav", tag: "audio" },
    { name: "M4A", bytes: makeM4a(), ext: "m4a", contentType: "audio/mp4", tag: "audio" },
    { name: "AAC", bytes: makeAac(), ext: "aac", contentType: "audio/aac", tag: "audio" },
    { name: "MP4", bytes: makeMp4(), ext: "mp4", contentType: "video/mp4", tag: "video" },
    { name: "WebM", bytes: makeWebm(), ext: "webm", contentType: "video/webm", tag: "video" },
  ];

  it.each(cases)("$name: stored as /media/<sha256>.$ext and served as $contentType", async (c) => {
    const key = `files/sample.${c.ext}`;
    const element = c.tag === "img" ? `<img src="${key}" alt="" />` : `<${c.tag} controls src="${key}"></${c.tag}>`;
    const reply = await u.call(
      "exam.questionCreate",
      choice(`<p>${c.name}</p>${element}`, { [key]: toBase64(c.bytes) }),
    );
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);

    // The stored bytes are what was sent (an SVG is re-serialised by the sanitiser), under
    // the SHA-256 of the stored bytes.
    const stored = storedPath(result, key);
    expect(stored).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\.${c.ext}$`));
    const onDisk = fileBytes(stored);
    expect(stored).toBe(mediaPath(onDisk, c.ext));
    if (c.ext !== "svg") expect(onDisk).toEqual(c.bytes);

    // The HTML stored and returned refers to the new path.
    const row = await questionRow(t.db, result.question.id);
    expect(row!.question).toContain(`src="${stored}"`);
    expect(row!.question).not.toContain(key);
    expect(result.question.question).toBe(row!.question);

    expect(await rowOf(u, stored)).toMatchObject({
      ext: c.ext,
      contentType: c.contentType,
      kind: c.tag === "img" ? "image" : c.tag,
      size: onDisk.byteLength,
      width: c.size?.[0] ?? null,
      height: c.size?.[1] ?? null,
    });

    const served = await t.getMedia(stored);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(c.contentType);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe(
      c.ext === "svg" ? "default-src 'none'; style-src 'unsafe-inline'; sandbox" : null,
    );
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(onDisk);
  });

  it("a .png name holding JPEG bytes: warning, stored and served as JPEG", async () => {
    const jpeg = makeJpeg(24, 16);
    const key = "photos/really-a-jpeg.png";
    const reply = await u.call("exam.questionCreate", choice(img(key), { [key]: toBase64(jpeg) }));
    const result = ok(reply);
    const warning = warningAt(reply, res(key), "extension_mismatch");
    expect(warning, JSON.stringify(reply.warning_details)).toBeDefined();
    expect(warning!.message).toContain("image/jpeg");
    expect(reply.warnings).toContainEqual(expect.stringContaining(res(key)));
    expect(result.resources).toEqual({ [key]: mediaPath(jpeg, "jpg") });
    expect(files()).toContain(`${sha(jpeg)}.jpg`);
    expect(files()).not.toContain(`${sha(jpeg)}.png`);
    expect(await rowOf(u, mediaPath(jpeg, "jpg"))).toMatchObject({ ext: "jpg", contentType: "image/jpeg" });
    expect((await t.getMedia(mediaPath(jpeg, "jpg"))).headers.get("content-type")).toBe("image/jpeg");
  });

  it("an MP3 named .wav is stored as .mp3; a name without extension gives no warning", async () => {
    const mp3 = makeMp3({ frames: 3 });
    const reply = await u.call(
      "exam.questionCreate",
      choice('<p>Listen</p><audio controls src="sound.wav"></audio><audio controls src="blob"></audio>', {
        "sound.wav": toBase64(mp3),
        blob: toBase64(mp3),
      }),
    );
    const result = ok(reply);
    expect(result.resources).toEqual({ "sound.wav": mediaPath(mp3, "mp3"), blob: mediaPath(mp3, "mp3") });
    expect(reply.warning_details).toEqual([
      expect.objectContaining({ code: "extension_mismatch", path: res("sound.wav") }),
    ]);
  });

  const text = (s: string) => new TextEncoder().encode(s);
  it.each([
    ["plain text", "notes.png", text("Hello, this is just text.\n"), "unsupported_media"],
    [
      "a PDF",
      "scan.png",
      text("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
      "unsupported_media",
    ],
    [
      "an HTML page named .svg",
      "page.svg",
      text("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"),
      "unsupported_media",
    ],
    ["a truncated PNG header", "cut.png", makePng(2, 2).subarray(0, 20), "unsupported_media"],
    ["an empty file", "empty.png", new Uint8Array(0), "empty_file"],
  ])("refuses %s, naming the path, storing nothing", async (_name, key, bytes, code) => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(img(key), { [key]: toBase64(bytes) })),
    );
    const issue = expectIssue(reply, -32602, res(key), code);
    if (code === "unsupported_media") expect(issue.message).toMatch(/PNG.*JPEG.*MP3.*MP4/);
  });
});

describe("8.3 SVG sanitising", () => {
  const hostile = new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" onload="alert('onload')">` +
      `<script>alert('script')</script>` +
      `<rect id="box" x="1" y="1" width="30" height="10" fill="#36c" onclick="alert('onclick')"/>` +
      `<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">foreign</div></foreignObject>` +
      `<image href="https://evil.example/track.png" width="5" height="5"/>` +
      `<use xlink:href="http://evil.example/sprite.svg#icon"/>` +
      `<text x="2" y="15">kept text</text>` +
      `</svg>\n`,
  );

  it("removes scripts, event handlers, foreign objects and external references, with a warning", async () => {
    const key = "diagram.svg";
    const reply = await u.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "SVG", description: img(key) },
      resources: { [key]: toBase64(hostile) },
    });
    const result = ok(reply);
    const warning = warningAt(reply, res(key), "svg_sanitized");
    expect(warning, JSON.stringify(reply.warning_details)).toBeDefined();

    const stored = storedPath(result, key);
    const bytes = fileBytes(stored);
    expect(stored).toBe(mediaPath(bytes, "svg"));
    expect(sha(bytes)).not.toBe(sha(hostile));
    const svgText = new TextDecoder().decode(bytes);
    for (const gone of ["<script", "alert", "onload", "onclick", "foreignObject", "foreign", "evil.example", "xhtml"]) {
      expect(svgText, gone).not.toContain(gone);
    }
    // What is harmless stays.
    expect(svgText).toContain("<rect");
    expect(svgText).toContain("kept text");

    expect((await caseStudyRow(t.db, result.case_study.id))!.description).toContain(`src="${stored}"`);
    expect(await rowOf(u, stored)).toMatchObject({
      ext: "svg",
      contentType: "image/svg+xml",
      kind: "image",
      width: 40,
      height: 20,
      size: bytes.byteLength,
    });

    const served = await t.getMedia(stored);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(new TextDecoder().decode(await served.arrayBuffer())).toBe(svgText);
  });
});

describe("8.4 content-addressed storage", () => {
  it("the same bytes from two users in two requests are stored once on disk", async () => {
    const other = await t.newUser();
    const png = freshPng();
    const name = `${sha(png)}.png`;
    const before = files();
    expect(before).not.toContain(name);

    const a = ok(
      await u.call("exam.examCreate", {
        exam: examInput({ description: img("logo.png") }),
        resources: { "logo.png": toBase64(png) },
      }),
    );
    const afterFirst = files();
    expect(afterFirst).toEqual([...before, name].sort());

    const otherExam = ok(await other.call("exam.examCreate", { exam: examInput() })).exam.id;
    const b = ok(
      await other.call("exam.caseStudyCreate", {
        case_study: { exam_id: otherExam, name: "Same", description: img("other/name.png") },
        resources: { "other/name.png": toBase64(png) },
      }),
    );
    expect(a.resources).toEqual({ "logo.png": `/media/${name}` });
    expect(b.resources).toEqual({ "other/name.png": `/media/${name}` });
    expect(files()).toEqual(afterFirst);
    // One row per owner records who may use the file.
    expect((await rowsOfHash(sha(png))).map((r) => r.ownerId).sort()).toEqual([u.id, other.id].sort());
  });

  it("two keys with the same bytes in one request share one file and one row", async () => {
    const png = freshPng();
    const before = files();
    const result = ok(
      await u.call(
        "exam.questionCreate",
        choice(img("a.png") + img("copy/b.png"), { "a.png": toBase64(png), "copy/b.png": toBase64(png) }),
      ),
    );
    expect(result.resources).toEqual({ "a.png": mediaPath(png, "png"), "copy/b.png": mediaPath(png, "png") });
    expect(files()).toEqual([...before, `${sha(png)}.png`].sort());
    expect(await rowsOfHash(sha(png))).toHaveLength(1);
  });

  it("maps every given path to its new path; every HTML field and properties.image use the new paths", async () => {
    const png = freshPng(200, 100);
    const jpeg = makeJpeg(40, 24);
    const mp3 = makeMp3({ frames: 4 });
    const mp4 = makeMp4(16, 16);
    const wav = freshWav();
    const resources = {
      "base.png": toBase64(png),
      "figs/poster.jpg": toBase64(jpeg),
      "audio/intro.mp3": toBase64(mp3),
      "video/clip.mp4": toBase64(mp4),
    };
    const expected: Record<string, string> = {
      "base.png": mediaPath(png, "png"),
      "figs/poster.jpg": mediaPath(jpeg, "jpg"),
      "audio/intro.mp3": mediaPath(mp3, "mp3"),
      "video/clip.mp4": mediaPath(mp4, "mp4"),
      "answer.wav": mediaPath(wav, "wav"),
    };
    const properties = {
      image: "base.png",
      areas: [{ id: "block-1", x: 0, y: 0, width: 50, height: 20 }],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
      correct: { "block-1": true },
    };
    // A type 4 question: the image in properties; media in question and explanation.
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: examId,
        type: 4,
        question: '<p>Click the right part.</p><audio controls src="audio/intro.mp3"></audio>',
        explanation:
          '<p>See:</p><video controls poster="figs/poster.jpg"><source src="video/clip.mp4" type="video/mp4" /></video><img src="base.png" alt="" />',
        properties,
      },
      resources,
    });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    const { "answer.wav": answerWav, ...questionExpected } = expected;
    expect(result.resources).toEqual(questionExpected);

    const row = (await questionRow(t.db, result.question.id))!;
    expect(row.question).toBe(
      `<p>Click the right part.</p><audio controls src="${expected["audio/intro.mp3"]}"></audio>`,
    );
    expect(row.explanation).toBe(
      `<p>See:</p><video controls poster="${expected["figs/poster.jpg"]}"><source src="${expected["video/clip.mp4"]}" type="video/mp4" /></video><img src="${expected["base.png"]}" alt="" />`,
    );
    expect((row.properties as ImageProperties).image).toBe(expected["base.png"]);
    const got = ok(await u.call("exam.questionGet", { id: result.question.id })).question;
    expect(got.question).toBe(row.question);
    expect(got.explanation).toBe(row.explanation);
    expect(imagePropertiesOf(got.properties).image).toBe(expected["base.png"]);

    // Answers of a choice question: the same rewriting.
    const withAnswers = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: examId, type: 1, question: "<p>Which sound?</p>" },
        answers: [
          { answer: '<p>This</p><audio controls src="answer.wav"></audio>', is_correct: true },
          { answer: "<p>None</p>", is_correct: false },
        ],
        resources: { "answer.wav": toBase64(wav) },
      }),
    );
    expect(withAnswers.resources).toEqual({ "answer.wav": answerWav });
    const answers = await answerRows(t.db, withAnswers.question.id);
    expect(answers.map((a) => a.answer)).toEqual([
      `<p>This</p><audio controls src="${expected["answer.wav"]}"></audio>`,
      "<p>None</p>",
    ]);
    expect(withAnswers.answers[0]?.answer).toBe(answers[0]!.answer);

    for (const p of Object.values(expected)) expect(files()).toContain(p.slice("/media/".length));
  });

  it("exam description: examCreate and examUpdate store the new path and the response maps it", async () => {
    const png = freshPng();
    const created = ok(
      await u.call("exam.examCreate", {
        exam: examInput({ description: img("cover.png") }),
        resources: { "cover.png": toBase64(png) },
      }),
    );
    expect(created.exam.description).toBe(`<p>Look:</p><img src="${mediaPath(png, "png")}" alt="" />`);
    expect((await examRow(t.db, created.exam.id)).description).toBe(created.exam.description);

    const gif = makeGif(3, 3);
    const updated = ok(
      await u.call("exam.examUpdate", {
        exam: { id: created.exam.id, description: img("new.gif") },
        resources: { "new.gif": toBase64(gif) },
      }),
    );
    expect(updated.resources).toEqual({ "new.gif": mediaPath(gif, "gif") });
    expect((await examRow(t.db, created.exam.id)).description).toBe(
      `<p>Look:</p><img src="${mediaPath(gif, "gif")}" alt="" />`,
    );
  });

  it("a call without resources answers resources: {}", async () => {
    const reply = await u.call("exam.questionCreate", choice("<p>No media</p>"));
    expect(ok(reply).resources).toEqual({});
  });
});

describe("8.5 every media reference must resolve", () => {
  it.each([
    ["img src", '<p>x</p><img src="missing/a.png" alt="" />', "missing/a.png"],
    ["audio src", '<p>x</p><audio controls src="missing/b.mp3"></audio>', "missing/b.mp3"],
    ["video src", '<p>x</p><video controls src="missing/c.mp4"></video>', "missing/c.mp4"],
    ["video poster", '<p>x</p><video controls poster="missing/d.jpg"></video>', "missing/d.jpg"],
    ["source src", '<p>x</p><audio controls><source src="missing/e.ogg" type="audio/ogg" /></audio>', "missing/e.ogg"],
  ])("a missing %s → -32602 naming the field and the path", async (_name, html, ref) => {
    const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", choice(html)));
    const issue = expectIssue(reply, -32602, "question.question", "media_missing");
    expect(issue.message).toContain(JSON.stringify(ref));
  });

  it.each<[field: string, path: string, call: () => Promise<Reply<unknown>>]>([
    [
      "exam.description (examCreate)",
      "exam.description",
      () => u.call("exam.examCreate", { exam: examInput({ description: img("gone.png") }) }),
    ],
    [
      "exam.description (examUpdate)",
      "exam.description",
      () => u.call("exam.examUpdate", { exam: { id: examId, description: img("gone.png") } }),
    ],
    [
      "question.explanation",
      "question.explanation",
      () => u.call("exam.questionCreate", choice("<p>Q</p>", undefined, { explanation: img("gone.png") })),
    ],
    [
      "answers[1].answer",
      "answers[1].answer",
      () =>
        u.call("exam.questionCreate", {
          question: { exam_id: examId, type: 1, question: "<p>Q</p>" },
          answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: img("gone.png") }],
        }),
    ],
    [
      "case_study.description",
      "case_study.description",
      () =>
        u.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "CS", description: img("gone.png") } }),
    ],
    [
      "question.properties.image",
      "question.properties.image",
      () =>
        u.call("exam.questionCreate", {
          question: {
            exam_id: examId,
            type: 5,
            question: "<p>Q</p>",
            properties: {
              image: "gone.png",
              areas: [{ id: "block-1", x: 0, y: 0, width: 30, height: 15 }],
              options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
              correct: { "block-1": true },
            },
          },
        }),
    ],
  ])("in %s → -32602 naming that field", async (_name, path, call) => {
    const reply = await expectNothingChanged(t, u, call);
    expect(expectIssue(reply, -32602, path, "media_missing").message).toContain('"gone.png"');
  });

  // Found by the fuzz test (issue 14): a reference named like a property every object inherits
  // ("constructor", "toString", "__proto__") was taken for a key of resources and stored as is
  // (server/steps/content.ts looks keys up with `resources[ref] !== undefined`).
  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])(
    "a reference named %j is not a key of resources: -32602, nothing stored",
    async (ref) => {
      const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", choice(img(ref))));
      expectIssue(reply, -32602, "question.question", "media_missing");
    },
  );

  it("a key that is present but differs from the reference does not count (no normalisation)", async () => {
    const png = freshPng();
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(img("./pic.png"), { "pic.png": toBase64(png) })),
    );
    expectIssue(reply, -32602, "question.question", "media_missing");
    expect(files()).not.toContain(`${sha(png)}.png`);
  });

  it("an existing /media path of the caller is accepted without resources and stored as is", async () => {
    const png = freshPng();
    const first = ok(
      await u.call("exam.caseStudyCreate", {
        case_study: { exam_id: examId, name: "Up", description: img("up.png") },
        resources: { "up.png": toBase64(png) },
      }),
    );
    const stored = storedPath(first, "up.png");
    const before = files();
    const reply = await u.call(
      "exam.questionCreate",
      choice(img(stored), undefined, { explanation: `<p>Again</p><video controls poster="${stored}"></video>` }),
    );
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result.resources).toEqual({});
    const row = (await questionRow(t.db, result.question.id))!;
    expect(row.question).toBe(img(stored));
    expect(row.explanation).toBe(`<p>Again</p><video controls poster="${stored}"></video>`);
    expect(files()).toEqual(before);
  });

  it("another user's /media path → -32004, with the same answer as a path that does not exist", async () => {
    const owner = await t.newUser();
    const ownerExam = ok(await owner.call("exam.examCreate", { exam: examInput() })).exam.id;
    const png = freshPng();
    const theirs = storedPath(
      ok(
        await owner.call("exam.caseStudyCreate", {
          case_study: { exam_id: ownerExam, name: "Mine", description: img("mine.png") },
          resources: { "mine.png": toBase64(png) },
        }),
      ),
      "mine.png",
    );

    const foreign = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", choice(img(theirs))));
    expectIssue(foreign, -32004, "question.question");

    const neverStored = `/media/${sha(freshPng())}.png`;
    const missing = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", choice(img(neverStored))));
    expectIssue(missing, -32004, "question.question");
    expect(missing.error?.message).toBe(foreign.error?.message);
    expect(issuesOf(missing)[0]!.message.replace(neverStored, "P")).toBe(
      issuesOf(foreign)[0]!.message.replace(theirs, "P"),
    );

    // In properties.image too, and in an answer.
    const asImage = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          type: 4,
          question: "<p>Q</p>",
          properties: {
            image: theirs,
            areas: [{ id: "block-1", x: 0, y: 0, width: 30, height: 15 }],
            options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
            correct: { "block-1": true },
          },
        },
      }),
    );
    expectIssue(asImage, -32004, "question.properties.image");
    const inAnswer = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: { exam_id: examId, type: 1, question: "<p>Q</p>" },
        answers: [{ answer: img(theirs), is_correct: true }, { answer: "<p>B</p>" }],
      }),
    );
    expectIssue(inAnswer, -32004, "answers[0].answer");

    // The owner's file is untouched and still served; no row was added for the other user.
    expect(await rowOf(u, theirs)).toBeNull();
    expect((await t.getMedia(theirs)).status).toBe(200);
  });

  it("an own /media path with the wrong extension is not that file", async () => {
    const png = freshPng();
    const stored = storedPath(
      ok(await u.call("exam.questionCreate", choice(img("x.png"), { "x.png": toBase64(png) }))),
      "x.png",
    );
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(img(stored.replace(/\.png$/, ".jpg")))),
    );
    expectIssue(reply, -32004, "question.question");
  });

  const imageQuestion = (image: string, resources?: Record<string, string>) => ({
    question: {
      exam_id: examId,
      type: 4,
      question: "<p>Q</p>",
      properties: {
        image,
        areas: [{ id: "block-1", x: 0, y: 0, width: 30, height: 15 }],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
        correct: { "block-1": true },
      },
    },
    ...(resources ? { resources } : {}),
  });

  it("properties.image must be an image: an MP3 in resources → -32602, nothing stored", async () => {
    const mp3 = makeMp3({ frames: 7 });
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", imageQuestion("base.png", { "base.png": toBase64(mp3) })),
    );
    const issue = expectIssue(reply, -32602, "question.properties.image", "not_an_image");
    expect(issue.message).toContain("audio/mpeg");
    expect(files()).not.toContain(`${sha(mp3)}.mp3`);
  });

  it("properties.image must be an image: an existing /media MP3 of the caller → -32602", async () => {
    const mp3 = makeMp3({ frames: 9 });
    const stored = storedPath(
      ok(
        await u.call(
          "exam.questionCreate",
          choice('<p>x</p><audio controls src="s.mp3"></audio>', { "s.mp3": toBase64(mp3) }),
        ),
      ),
      "s.mp3",
    );
    const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", imageQuestion(stored)));
    expectIssue(reply, -32602, "question.properties.image", "not_an_image");
  });

  it("properties.image may be an existing /media image of the caller", async () => {
    const png = freshPng(60, 40);
    const stored = storedPath(
      ok(await u.call("exam.questionCreate", choice(img("p.png"), { "p.png": toBase64(png) }))),
      "p.png",
    );
    const result = ok(await u.call("exam.questionCreate", imageQuestion(stored)));
    expect(result.resources).toEqual({});
    expect(((await questionRow(t.db, result.question.id))!.properties as ImageProperties).image).toBe(stored);
  });

  it("a resource nothing refers to → warning, and it is not stored", async () => {
    const used = freshPng();
    const unused = freshPng();
    const before = files();
    const reply = await u.call(
      "exam.questionCreate",
      choice(img("used.png"), { "used.png": toBase64(used), "spare/unused.png": toBase64(unused) }),
    );
    const result = ok(reply);
    const warning = warningAt(reply, res("spare/unused.png"), "resource_unused");
    expect(warning, JSON.stringify(reply.warning_details)).toBeDefined();
    expect(reply.warnings).toContainEqual(expect.stringContaining(res("spare/unused.png")));
    expect(result.resources).toEqual({ "used.png": mediaPath(used, "png") });
    expect(files()).toEqual([...before, `${sha(used)}.png`].sort());
    expect(await rowsOfHash(sha(unused))).toEqual([]);
  });

  it("a resource referenced only by an ignored answer (type 7) is unused: warning, not stored", async () => {
    const png = freshPng();
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: examId,
        type: 7,
        question: "<p>Type it</p>",
        properties: { text_similarity: 100, text_answer: [{ value: "x" }] },
      },
      answers: [{ answer: img("ans.png") }],
      resources: { "ans.png": toBase64(png) },
    });
    ok(reply);
    expect(warningAt(reply, res("ans.png"), "resource_unused")).toBeDefined();
    expect(await rowsOfHash(sha(png))).toEqual([]);
    expect(files()).not.toContain(`${sha(png)}.png`);
  });

  it("HTML attribute values are compared after entity decoding: a&amp;b.png is the key a&b.png", async () => {
    const png = freshPng();
    const reply = await u.call(
      "exam.questionCreate",
      choice('<p>Amp</p><img src="pics/a&amp;b.png" alt="" /><img src="pics/&#99;.png" alt="" />', {
        "pics/a&b.png": toBase64(png),
        "pics/c.png": toBase64(png),
      }),
    );
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result.resources).toEqual({ "pics/a&b.png": mediaPath(png, "png"), "pics/c.png": mediaPath(png, "png") });
    expect((await questionRow(t.db, result.question.id))!.question).toBe(
      `<p>Amp</p><img src="${mediaPath(png, "png")}" alt="" /><img src="${mediaPath(png, "png")}" alt="" />`,
    );
  });

  it('the literal key a&amp;b.png does not match src="a&amp;b.png"', async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call(
        "exam.questionCreate",
        choice('<p>Amp</p><img src="a&amp;b.png" alt="" />', { "a&amp;b.png": toBase64(freshPng()) }),
      ),
    );
    expect(expectIssue(reply, -32602, "question.question", "media_missing").message).toContain('"a&b.png"');
  });
});

describe("8.6 GET /media", () => {
  it("serves a stored file with immutable caching, nosniff, its content type and no CSP for a raster image", async () => {
    const png = freshPng();
    const stored = storedPath(
      ok(await u.call("exam.questionCreate", choice(img("h.png"), { "h.png": toBase64(png) }))),
      "h.png",
    );
    const served = await t.getMedia(stored);
    expect(served.status).toBe(200);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(png.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(served.headers.has("content-security-policy")).toBe(false);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it("a file present on disk but not recorded in the database → 404", async () => {
    const png = freshPng();
    const name = `${sha(png)}.png`;
    await t.app.media.put(name, png, "image/png");
    expect(files()).toContain(name);
    expect(await rowsOfHash(sha(png))).toEqual([]);
    const served = await t.getMedia(`/media/${name}`);
    expect(served.status).toBe(404);
    expect(served.headers.get("cache-control")).toBeNull();
    expect(new TextDecoder().decode(await served.arrayBuffer())).not.toContain("\x89PNG");
  });

  it("a recorded file asked for under another extension, or a malformed name → 404", async () => {
    const png = freshPng();
    const stored = storedPath(
      ok(await u.call("exam.questionCreate", choice(img("e.png"), { "e.png": toBase64(png) }))),
      "e.png",
    );
    for (const name of [
      stored.replace(/\.png$/, ".svg"),
      stored.toUpperCase().replace("/MEDIA/", "/media/"),
      "/media/../x.png",
      `/media/${sha(png)}`,
    ]) {
      expect((await t.getMedia(name)).status, name).toBe(404);
    }
  });
});

describe("8.7 a failed request writes no file and no row", () => {
  async function expectNoTrace(png: Uint8Array, call: () => Promise<Reply<unknown>>) {
    const filesBefore = files();
    const reply = await expectNothingChanged(t, u, call);
    expect(reply.error, JSON.stringify(reply)).toBeDefined();
    expect(files()).toEqual(filesBefore);
    expect(await rowsOfHash(sha(png))).toEqual([]);
    return reply;
  }

  it("an HTML error in another field", async () => {
    const png = freshPng();
    const reply = await expectNoTrace(png, () =>
      u.call(
        "exam.questionCreate",
        choice(img("ok.png"), { "ok.png": toBase64(png) }, { explanation: "<script>x()</script>" }),
      ),
    );
    expectIssue(reply, -32602, "question.explanation", "html_forbidden");
  });

  it("another resource of the same request is broken", async () => {
    const png = freshPng();
    const reply = await expectNoTrace(png, () =>
      u.call(
        "exam.questionCreate",
        choice(img("ok.png") + img("bad.png"), { "ok.png": toBase64(png), "bad.png": "@@@" }),
      ),
    );
    expectIssue(reply, -32602, res("bad.png"), "invalid_base64");
  });

  it("a question rule fails (single choice without answers)", async () => {
    const png = freshPng();
    const reply = await expectNoTrace(png, () =>
      u.call("exam.questionCreate", {
        question: { exam_id: examId, type: 1, question: img("ok.png") },
        resources: { "ok.png": toBase64(png) },
      }),
    );
    expectIssue(reply, -32602, "answers");
  });

  it("an exam rule fails on update (type 3 with testing_time 0)", async () => {
    const png = freshPng();
    const reply = await expectNoTrace(png, () =>
      u.call("exam.examUpdate", {
        exam: { id: examId, type: 3, testing_time: 0, description: img("ok.png") },
        resources: { "ok.png": toBase64(png) },
      }),
    );
    expect(reply.error?.code).toBe(-32602);
  });

  it("the case study is of another exam (checked after the content)", async () => {
    const png = freshPng();
    const otherExam = ok(await u.call("exam.examCreate", { exam: examInput({ title: "Other" }) })).exam.id;
    const cs = ok(
      await u.call("exam.caseStudyCreate", {
        case_study: { exam_id: otherExam, name: "Elsewhere", description: "<p>x</p>" },
      }),
    ).case_study.id;
    const reply = await expectNoTrace(png, () =>
      u.call("exam.questionCreate", choice(img("ok.png"), { "ok.png": toBase64(png) }, { case_study_id: cs })),
    );
    expectIssue(reply, -32602, "question.case_study_id");
  });

  it("the exam is someone else's (-32004)", async () => {
    const owner = await t.newUser();
    const theirExam = ok(await owner.call("exam.examCreate", { exam: examInput() })).exam.id;
    const png = freshPng();
    const reply = await expectNoTrace(png, () =>
      u.call("exam.caseStudyCreate", {
        case_study: { exam_id: theirExam, name: "Intruder", description: img("ok.png") },
        resources: { "ok.png": toBase64(png) },
      }),
    );
    expect(reply.error?.code).toBe(-32004);
    const alsoQuestion = await expectNoTrace(png, () =>
      u.call("exam.questionCreate", {
        ...choice(img("ok.png"), { "ok.png": toBase64(png) }),
        question: { exam_id: theirExam, type: 1, question: img("ok.png") },
      }),
    );
    expect(alsoQuestion.error?.code).toBe(-32004);
  });
});

describe("10 limits on resources", () => {
  let small: TestApp;
  let su: TestUser;
  let smallExam: number;
  beforeAll(async () => {
    small = await createTestApp({ limits: { resourceBytes: 1000, resources: 2 } });
    su = await small.newUser();
    smallExam = ok(await su.call("exam.examCreate", { exam: examInput() })).exam.id;
  });
  afterAll(() => small.close());

  const q = (keys: string[], resources: Record<string, string>) => ({
    question: {
      exam_id: smallExam,
      type: 1,
      question: `<p>Sounds</p>${keys.map((k) => `<audio controls src="${k}"></audio>`).join("")}`,
    },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
    resources,
  });

  it("a resource of exactly the limit is accepted", async () => {
    const wav = makeWav(59.75); // 478 samples of 16 bits after a 44-byte header
    expect(wav.byteLength).toBe(1000);
    const result = ok(await su.call("exam.questionCreate", q(["at-limit.wav"], { "at-limit.wav": toBase64(wav) })));
    expect(result.resources).toEqual({ "at-limit.wav": mediaPath(wav, "wav") });
  });

  it("a resource over the per-resource limit → -32013 naming it, nothing stored", async () => {
    const wav = makeWav(60);
    expect(wav.byteLength).toBeGreaterThan(1000);
    const reply = await expectNothingChanged(small, su, () =>
      su.call("exam.questionCreate", q(["big.wav"], { "big.wav": toBase64(wav) })),
    );
    const issue = expectIssue(reply, -32013, res("big.wav"), "too_large");
    // The message says what is allowed, in a unit that shows it.
    expect(issue.message).toMatch(/1000 bytes/);
    // Base64 whitespace does not count towards the size.
    const padded = toBase64(makeWav(59.75)).replace(/(.{10})/g, "$1\n");
    ok(await su.call("exam.questionCreate", q(["spaced.wav"], { "spaced.wav": padded })));
  });

  it("more resources than LIMIT_RESOURCES → -32602 at resources, nothing stored", async () => {
    const wavs = [makeWav(10), makeWav(11), makeWav(12)];
    const keys = ["1.wav", "2.wav", "3.wav"];
    const reply = await expectNothingChanged(small, su, () =>
      su.call("exam.questionCreate", q(keys, Object.fromEntries(keys.map((k, i) => [k, toBase64(wavs[i]!)])))),
    );
    expect(expectIssue(reply, -32602, "resources", "too_many").message).toMatch(/at most 2/);

    const two = ok(
      await su.call(
        "exam.questionCreate",
        q(keys.slice(0, 2), { "1.wav": toBase64(wavs[0]!), "2.wav": toBase64(wavs[1]!) }),
      ),
    );
    expect(Object.keys(two.resources)).toEqual(["1.wav", "2.wav"]);
  });
});

describe("8.7 the S3 store, end to end", () => {
  const BUCKET = "exam-media-it";
  let server: S3rver | null = null;
  let s3dir = "";
  let startError: unknown = null;
  let s3: TestApp | null = null;
  let store: S3MediaStore | null = null;

  beforeAll(async () => {
    s3dir = await mkdtemp(path.join(tmpdir(), "s3rver-it-"));
    try {
      const candidate = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: s3dir,
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const address = await candidate.run();
      server = candidate;
      store = createMediaStore({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      }) as S3MediaStore;
      s3 = await createTestApp({ media: store });
    } catch (error) {
      startError = error;
    }
  });
  afterAll(async () => {
    await s3?.close();
    store?.destroy();
    await server?.close();
    await rm(s3dir, { recursive: true, force: true });
  });

  it("a question with an image is stored in the bucket and read back through GET /media", async (ctx) => {
    if (!server || !s3 || !store) ctx.skip(`s3rver could not start: ${String(startError)}`);
    const app = s3!;
    const su = await app.newUser();
    const exam = ok(await su.call("exam.examCreate", { exam: examInput() })).exam.id;
    const png = freshPng(20, 10);
    const result = ok(
      await su.call("exam.questionCreate", {
        question: { exam_id: exam, type: 1, question: img("s3/pic.png") },
        answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
        resources: { "s3/pic.png": toBase64(png) },
      }),
    );
    const stored = mediaPath(png, "png");
    expect(result.resources).toEqual({ "s3/pic.png": stored });
    expect(await store!.get(`${sha(png)}.png`)).toEqual(png);
    expect(files(app.mediaDir)).toEqual([]); // nothing went to disk

    const served = await app.getMedia(stored);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    // In the bucket but not recorded: not served.
    const stray = freshPng();
    await store!.put(`${sha(stray)}.png`, stray, "image/png");
    expect((await app.getMedia(mediaPath(stray, "png"))).status).toBe(404);
  });
});
